/*
 * wl_trace.h - GPU memory traces (trace format 1, docs/trace-format.md):
 * the workload side of cachetwin.
 *
 * A trace is line-based text: kernel boundaries and one line per access
 * (SM, warp, PC, kind, address, size), optionally gzip-compressed; or, in
 * its binary encoding, the same text header and fixed-layout records read
 * without parsing (docs/trace-format.md, "Binary encoding").  Writer:
 * one function per record.  Reader: strict, streamed (never loads the file
 * whole); every error is "FILE:LINE: field: message", as the vector reader's,
 * and it never crashes on any input.  The request assembler merges the
 * accesses of one warp instruction to one line into one request with a
 * sector mask: what a GPU's L1 sees.
 */
#ifndef WL_TRACE_H
#define WL_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "ct_block.h"

CT_BEGIN_DECLS

#define WL_TRACE_FORMAT 1
#define WL_MAX_SM 1024      /* SM ids 0..1023 */
#define WL_MAX_NAME 200     /* characters of a kernel name */

typedef enum {
    WL_LD,   /* load, cached in L1 (LDG, LDG.E.CA ...) */
    WL_LDG,  /* load that bypasses L1 (.CG / .STRONG / .CV, volatile) */
    WL_ST,   /* store: write-through, no allocate in L1 */
    WL_ATOM, /* atomic or reduction, performed at L2 */
    WL_NKIND
} wl_kind_t;

extern const char *const wl_kind_names[WL_NKIND]; /* "ld" "ldg" "st" "atom" */

typedef struct {
    uint32_t sm, warp;
    uint64_t pc, addr;
    uint32_t size; /* bytes [addr, addr+size) lie in one line */
    wl_kind_t kind;
} wl_access_t;

typedef enum { WL_REC_ACCESS = 1, WL_REC_KERNEL = 2 } wl_rec_type_t;

typedef struct {
    wl_rec_type_t type;
    wl_access_t a;             /* WL_REC_ACCESS */
    uint32_t kernel;           /* WL_REC_KERNEL: its id */
    char name[WL_MAX_NAME + 1]; /* WL_REC_KERNEL: its name */
} wl_rec_t;

typedef struct {
    unsigned line_b, sector_b; /* bytes; powers of two, see the doc */
    char source[256];          /* %source text, "" when absent */
    int binary;                /* %encoding binary: the data are binary records */
} wl_trace_header_t;

/* The binary encoding's records (docs/trace-format.md): a tag byte, then
 * little-endian fields.  An access's tag is its kind (wl_kind_t). */
enum {
    WL_BIN_KERNEL = 0x10, /* id u32, name length u8, name */
    WL_BIN_END = 0x1f,    /* access count u64; the stream ends after it */
    WL_BIN_ACCESS_B = 25, /* tag, sm u16, size u16, warp u32, pc u64, addr u64 */
    WL_BIN_KERNEL_B = 6,  /* tag, id u32, length u8 (the name follows) */
    WL_BIN_END_B = 9      /* tag, count u64 */
};

/* Why a kernel name of n bytes cannot be a binary record's (and so a
 * binary trace's): "empty", "longer than 200 characters", "contains '#'",
 * a NUL, CR or LF, "starts or ends with a blank"; NULL when it can. */
const char *wl_name_why(const char *name, size_t n);

/* Checks line and sector sizes: 0 or -1 with a message in err. */
int wl_geometry_check(unsigned line_b, unsigned sector_b, char *err, size_t errlen);

/* ------------------------------------------------------------ writer */
typedef struct {
    FILE *f;
    uint64_t accesses; /* written so far: the %end count */
    int binary;        /* the header's encoding */
} wl_writer_t;

/* The writer follows h->binary: text lines, or binary records after the
 * text header.  A kernel name must be valid (1..WL_MAX_NAME characters, no
 * '#', NUL, CR or LF, not starting or ending with a blank): the reader
 * refuses a file with any other. */
void wl_write_header(wl_writer_t *w, FILE *f, const wl_trace_header_t *h);
void wl_write_kernel(wl_writer_t *w, uint32_t id, const char *name);
void wl_write_access(wl_writer_t *w, const wl_access_t *a);
/* writes "%end N"; returns 0, or -1 when the stream had a write error */
int wl_write_end(wl_writer_t *w);

/* ------------------------------------------------------------ reader */
typedef struct wl_reader wl_reader_t;

/* Opens a trace (plain, or gzip / xz: read through `gzip -dc` / `xz -dc`)
 * and reads its header.  NULL with "FILE:LINE: field: message" in err. */
wl_reader_t *wl_open(const char *path, char *err, size_t errlen);
const wl_trace_header_t *wl_header(const wl_reader_t *r);
/* 1: a record was read; 0: the %end line or record (its count checked);
 * -1: error.  Text and binary encodings give the same records. */
int wl_next(wl_reader_t *r, wl_rec_t *rec, char *err, size_t errlen);
unsigned long wl_lineno(const wl_reader_t *r);
/* Access lines are read by a one-pass parser that hands every line it does
 * not accept as it is (a comment, a kernel line, a value out of range, an
 * error) to the general, splitting path: the records and errors are the
 * general path's.  wl_set_fast(r, 0) reads every line by the general path
 * (the tests and the fuzz target compare the two); wl_lines_fast counts the
 * lines the one-pass parser read. */
void wl_set_fast(wl_reader_t *r, int on);
uint64_t wl_lines_fast(const wl_reader_t *r);
/* 0, or -1 when a decompressor failed (message in err) */
int wl_close(wl_reader_t *r, char *err, size_t errlen);

/* Copies the trace at path to out in the given encoding (1 binary, 0
 * text), header and records unchanged: a text trace comes back from its
 * binary form byte for byte, bar comments and blanks.  0, or -1 with the
 * reader's error, or "PATH:LINE: kernel name: ..." for a name the binary
 * encoding cannot carry (wl_name_why), or a write error. */
int wl_convert(const char *path, FILE *out, int binary, char *err, size_t errlen);

/* ------------------------------------------------- request assembler */
typedef struct {
    uint32_t sm, warp;
    uint64_t pc;
    uint64_t line;   /* address / line_b */
    uint64_t sectors; /* bit k: sector k of the line touched */
    wl_kind_t kind;
} wl_req_t;

typedef struct {
    unsigned line_b, sector_b; /* powers of two (wl_geometry_check) */
    int have;
    wl_req_t cur;
} wl_assembler_t;

void wl_asm_init(wl_assembler_t *as, unsigned line_b, unsigned sector_b);
/* Feeds one access.  Returns 1 and fills *done when the access starts a new
 * request and a previous one is complete; 0 otherwise. */
int wl_asm_feed(wl_assembler_t *as, const wl_access_t *a, wl_req_t *done);
/* The request in progress at a kernel boundary or the end: 1 and *done, or 0. */
int wl_asm_flush(wl_assembler_t *as, wl_req_t *done);

/* ------------------------------------------- requests of a trace file */
/* What the experiments read: a trace's requests in order (the assembler
 * over the reader), kernel boundaries between them, for caches of 128 B
 * lines. */
typedef struct {
    wl_reader_t *r;
    wl_assembler_t as;
    int kernel_next, ended;
} wl_reqs_t;

enum { WL_REQS_END = 0, WL_REQS_REQ = 1, WL_REQS_KERNEL = 2 };

/* Opens path; a trace whose lines are not 128 B is refused ("PATH: WHAT:
 * ..."). 0, or -1 with err (nothing to close). */
int wl_reqs_open(wl_reqs_t *it, const char *path, const char *what, char *err, size_t errlen);
/* WL_REQS_REQ: *q is the next request; WL_REQS_KERNEL: a kernel line (the
 * requests before it came first); WL_REQS_END: the end (the %end count and
 * a decompressor checked); -1: error in err. */
int wl_reqs_next(wl_reqs_t *it, wl_req_t *q, char *err, size_t errlen);
void wl_reqs_close(wl_reqs_t *it);
/* The trace's sector size. */
unsigned wl_reqs_sector(const wl_reqs_t *it);
/* A first pass over path's requests: *sms = its largest SM id + 1 (0 for no
 * request), the SMs an experiment gives a node or an L1 each.  0, or -1 with
 * err as wl_reqs_next's. */
int wl_reqs_sms(const char *path, const char *what, unsigned *sms, char *err, size_t errlen);

/* Sectors [first, last] of the line that bytes [addr, addr+size) touch,
 * as a mask (size >= 1, the bytes in one line; line_b and sector_b powers
 * of two, as wl_geometry_check accepts them). */
uint64_t wl_sector_mask(uint64_t addr, uint32_t size, unsigned line_b, unsigned sector_b);

CT_END_DECLS

#endif
