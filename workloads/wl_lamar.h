/*
 * wl_lamar.h - the LAMAR experiment (LAMAR [003], Sec. 5.1, Fig. 8): a trace
 * through an L1 per SM (wl_cache.h, the tags) whose sector metadata, fetch
 * decision and quality counts are the lamar_gdu block's C model, one per
 * SM, over one sectored L2 with its own GDU (its read-in: DRAM read
 * traffic), both levels run in a static CG-only, a static FG-only or the
 * dynamic (BGP) mode, or as BGP_inf or SPP (docs/workloads.md, "Experiment:
 * LAMAR").
 */
#ifndef WL_LAMAR_H
#define WL_LAMAR_H

#include <stdio.h>

#include "wl_trace.h"
#include "wl_vec.h"

CT_BEGIN_DECLS

/* DYN, CG, FG: the GDU's own modes; INF: BGP_inf (LAMAR Sec. 5.1), the
 * BGP's rules over an exact set of lines instead of the bloom filter, the
 * GDU switched to the static mode each decision needs; SPP: a spatial
 * pattern predictor (LAMAR Sec. 5.1's SPP baseline), the fetch masks the
 * experiment's own (the GDU takes only CG or FG; its counts are not SPP's) */
enum { WL_LAMAR_DYN = 0, WL_LAMAR_CG = 1, WL_LAMAR_FG = 2, WL_LAMAR_INF = 3, WL_LAMAR_SPP = 4, WL_LAMAR_MODES = 5 };
#define WL_LAMAR_WAYS 4 /* the paper's L1: 16 KB, 4-way (Table 2) */
/* the L2 all SMs share: 768 KB, 16-way, 128 B lines (LAMAR Table 2), one
 * GDU (the lamar_gdu preset paper_l2's 6,144 lines) */
#define WL_LAMAR_L2_LINES 6144
#define WL_LAMAR_L2_WAYS 16

/* one level's counts (the L1s summed over SMs, or the L2) */
typedef struct {
    uint64_t hits, block_miss, sector_miss;  /* reads needing no fetch; block misses; sector misses */
    uint64_t readin;                         /* sectors fetched into the level (the L2's: DRAM read traffic) */
    uint64_t cg_miss;                        /* block misses fetched CG */
    uint64_t demand, pref, pnref, npref;     /* the GDUs' counts at the end */
    uint64_t blocks, block_sectors;          /* block lives ended, their referenced sectors (Avg_sec) */
    uint64_t switches;                       /* BGP_inf: mode writes (the GDU switched between CG and FG) */
} wl_lamar_lvl_t;

typedef struct {
    uint64_t requests, loads, stores;      /* L1 requests (ld, st) */
    uint64_t store_evict;                  /* stores that found their L1 line (write-evict) */
    uint64_t l2_req;                       /* reads of the L2: L1 fetches, stores, ldg and atom */
    wl_lamar_lvl_t l1, l2;
    unsigned sms;
} wl_lamar_res_t;

/* Runs the trace at path with every SM's GDU in mode (WL_LAMAR_*), the
 * GDU configured by gdu_cfg (a lamar_gdu configuration text: its LINES is
 * the L1's lines, WL_LAMAR_WAYS ways; the L2's GDU is the same with
 * WL_LAMAR_L2_LINES lines, in the same mode).  vec (may be NULL): SM 0's GDU
 * cycles recorded (wl_vec.h: golden vectors of lamar_gdu, the C model's
 * outputs, which the RTL replays, or live to a sink).  0, or -1 with err. */
int wl_lamar_run(const char *path, unsigned mode, const char *gdu_cfg, wl_lamar_res_t *res, const wl_vec_to_t *vec,
                 char *err, size_t errlen);

/* The table of the four modes (CG-only, FG-only, BGP, BGP_inf), the
 * paper's numbers beside, as `ctwin exp lamar` prints it. */
void wl_lamar_print(FILE *f, const char *path, const char *gdu_cfg, const wl_lamar_res_t r[WL_LAMAR_MODES]);

CT_END_DECLS

#endif
