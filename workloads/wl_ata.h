/*
 * wl_ata.h - the ATA-Cache experiment (ATA-Cache [002], Sec. III): a trace through
 * an L1 per SM (wl_cache.h), the SMs grouped into clusters of CORES, each
 * cluster's tag arrays being the ata_tags block's C model; every load is
 * presented to its cluster's aggregated tag array, whose distributor sends
 * it to the local L1, a remote L1 of the cluster or L2; an L1 that has the
 * line but not every sector asked for sends the load to L2 (docs/workloads.md,
 * "Experiment: ATA-Cache").  In the same pass, the paper's baselines (Sec.
 * II): a decoupled-sharing L1 (each line in one slice of the cluster) and
 * remote-sharing's probes, and the L1 data ports' queueing of private L1s,
 * ATA-Cache and decoupled sharing under a documented issue model (Fig. 10).
 */
#ifndef WL_ATA_H
#define WL_ATA_H

#include <stdio.h>

#include "wl_trace.h"
#include "wl_vec.h"

CT_BEGIN_DECLS

#define WL_ATA_MAXCL 64
/* the issue model's GAPs (each SM at most one L1 request every GAP cycles) */
#define WL_ATA_GAPS 3
extern const unsigned wl_ata_gap[WL_ATA_GAPS]; /* 2, 4, 8 */
/* the data ports' window: a cluster's L1 requests run through the banks
 * together; a window starts with every bank free */
#define WL_ATA_WINDOW 65536
/* the banks of an L1's data array (ATA-Cache Table II: "4banks"), sector k
 * of a line in bank k mod 4 (sector interleaving) */
#define WL_ATA_BANKS 4
/* the L1 hit latency the waits add to (ATA-Cache Table II: 32 cycles) */
#define WL_ATA_L1_LAT 32
/* the three designs whose data ports are modelled */
enum { WL_ATA_PRIV, WL_ATA_ATA, WL_ATA_DEC, WL_ATA_DESIGNS };

typedef struct {
    unsigned clusters, cores;
    uint64_t loads[WL_ATA_MAXCL], local[WL_ATA_MAXCL], remote[WL_ATA_MAXCL], l2[WL_ATA_MAXCL];
    uint64_t private_hit;   /* loads a private L1 (no sharing) would hit: the local L1's own hits */
    uint64_t local_smiss;   /* LOCAL loads whose line lacks a sector asked for (then from L2, in l2[]) */
    uint64_t remote_smiss;  /* REMOTE loads whose peer lacks a sector asked for (the same) */
    uint64_t mismatch;      /* LOCAL/REMOTE/L2 disagreeing with the functional caches (tag aliases) */
    uint64_t l2_req, l2_hit; /* the L2 (wl_cache.h): L2-routed loads, stores, ldg and atom */
    uint64_t dc_hit;        /* decoupled sharing: loads the line's home slice serves whole */
    uint64_t dc_own;        /* ... of them, those whose home slice is the SM's own */
    uint64_t rs_probe;      /* remote sharing: probes, CORES - 1 for each load the local tags miss */
    uint64_t port_loads[WL_ATA_DESIGNS];             /* loads that read a data port, per design */
    uint64_t port_wait[WL_ATA_GAPS][WL_ATA_DESIGNS]; /* their summed waits for it, in cycles */
} wl_ata_res_t;

/* Runs the trace at path with cfg an ata_tags configuration (CORES SMs a
 * cluster, each L1 SETS x WAYS).  vec (may be NULL): cluster 0's
 * ata_tags cycles recorded (wl_vec.h: golden vectors, or live to a sink).
 * 0, or -1 with err. */
int wl_ata_run(const char *path, const char *cfg, wl_ata_res_t *res, const wl_vec_to_t *vec,
               char *err, size_t errlen);
void wl_ata_print(FILE *f, const char *path, const char *cfg, const wl_ata_res_t *r);

CT_END_DECLS

#endif
