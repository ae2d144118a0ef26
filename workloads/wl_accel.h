/*
 * wl_accel.h - the Accel-Sim SASS trace importer (docs/workloads.md,
 * "Importing Accel-Sim traces"): a kernelslist.g, or one kernel-N.traceg,
 * becomes a trace of format 1.  Each global-memory warp instruction's
 * active-lane addresses (address modes list_all, base_stride, base_delta)
 * are coalesced into 128 B-line / 32 B-sector accesses; thread blocks run in
 * waves of SMS, one per SM, their warps' memory instructions interleaved
 * round-robin.  Strict: every malformed line is "FILE:LINE: field: message".
 */
#ifndef WL_ACCEL_H
#define WL_ACCEL_H

#include <stdio.h>

#include "wl_trace.h"

CT_BEGIN_DECLS

typedef struct {
    uint64_t kernels, tbs, insts;   /* read */
    uint64_t mem_global, accesses;  /* imported: instructions, accesses written */
    uint64_t skipped_mem;           /* shared, local, generic, constant ... */
} wl_accel_stats_t;

/* path: a kernelslist.g (kernel lines name .traceg files relative to it;
 * .traceg.xz and .traceg.gz are read through xz/gzip) or one .traceg.
 * Writes the trace to out.  0, or -1 with the message in err. */
int wl_accel_import(const char *path, unsigned sms, FILE *out, wl_accel_stats_t *st, char *err,
                    size_t errlen);

/* Bytes per lane of a memory opcode, as Accel-Sim reads it: the first
 * '.'-token that is a number (bits / 8) or U<bits>, else 4. */
unsigned wl_accel_width(const char *opcode);
/* The kind of a global-memory opcode, or -1 when the opcode is not a
 * global access the kit imports (LDS, STL, generic LD ...). */
int wl_accel_kind(const char *opcode);

CT_END_DECLS

#endif
