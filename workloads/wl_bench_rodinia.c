/*
 * wl_bench_rodinia.c - the Rodinia 3.x kernels of wl_bench.h, written
 * from each algorithm's CUDA form with the tiles, halos and launch
 * sequences of the suite's implementation (docs/benchmarks.md lists every
 * kernel's per-thread access sequence; this file follows it).  Floats and
 * ints are 4 bytes; an out-of-bounds read the CUDA code makes before an
 * array's start or past its end is left out.
 */
#include <stdlib.h>

#include "ct_rng.h"
#include "wl_bench_int.h"

#define LD WL_LD
#define LDG WL_LDG
#define ST WL_ST

/* ------------------------------------------------------------ HOTSPOT */
/* temp0 0, temp1 1, power 2 (ROWS x COLS); block 16 x 16 computing a
 * (16 - 2 PYR)^2 tile after loading its halo; launch a0: iterations,
 * a1: which temperature array is the source */
static void k_hotspot(bctx_t *c)
{
    const int64_t R = P(0), C = P(0), pyr = P(1), n = c->l->a0, src = c->l->a1;
    const int64_t small = 16 - 2 * pyr;
#define X (small * BX - pyr + tx)
#define Y (small * BY - pyr + ty)
#define IN (Y >= 0 && Y < R && X >= 0 && X < C)
    OP(0xe00, LD, 4, IN, F4(src, Y * C + X));
    OP(0xe08, LD, 4, IN, F4(2, Y * C + X));
    OP(0xe10, ST, 4, IN && tx >= n && tx <= 15 - n && ty >= n && ty <= 15 - n, F4(1 - src, Y * C + X));
#undef IN
#undef Y
#undef X
}
static int s_hotspot(wl_bstate_t *s)
{
    uint64_t n = 4 * (uint64_t)SV(0) * (uint64_t)SV(0);
    return wl_bench_alloc(s, n) | wl_bench_alloc(s, n) | wl_bench_alloc(s, n);
}
static int l_hotspot(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    int64_t pyr = SV(1), iters = SV(2), t = (int64_t)i * pyr;
    if (t >= iters || 16 - 2 * pyr < 1)
        return 0;
    unsigned g = CEIL(SV(0), 16 - 2 * pyr);
    *l = (wl_launch_t){k_hotspot, "calculate_temp", g, g, 16, 16, iters - t < pyr ? iters - t : pyr, (int64_t)(i % 2)};
    return 1;
}
const wl_bench_t wl_b_hotspot = {
    {"hotspot", "thermal simulation: 16 x 16 blocks load a tile with a PYR-wide halo of temp and power, store the inner tile",
     {WL_BENCH_COMMON, {"N", 512, 16, 16384, "grid rows = columns"}, {"PYR", 2, 1, 7, "pyramid height"},
      {"ITER", 2, 1, 100000, "iterations"}},
     WL_BENCH_NCOMMON + 3},
    "Rodinia", "512 x 512, pyramid 2, 2 iterations (the suite's run script; CCN Table I: 512 x 512)", s_hotspot,
    l_hotspot};

/* --------------------------------------------------------- PATHFINDER */
/* result0 0, result1 1 (COLS), wall 2 ((ROWS - 1) x COLS); launch a0: the
 * first row, a1: iterations (rows this launch) */
static void k_path(bctx_t *c)
{
    const int64_t C = P(0), pyr = P(2), start = c->l->a0, n = c->l->a1;
    const int64_t src = (start / pyr) % 2, blk = (256 - 2 * pyr) * BX - pyr;
#define X (blk + tx)
#define VALID (X >= 0 && X < C)
    OP(0xf00, LD, 4, VALID, F4(src, X));
    for (int64_t i = 0; i < n; i++)
        OP(0xf08, LD, 4, VALID && tx >= i + 1 && tx <= 254 - i, F4(2, C * (start + i) + X));
    OP(0xf10, ST, 4, VALID && tx >= n && tx <= 255 - n, F4(1 - src, X));
#undef VALID
#undef X
}
static int s_path(wl_bstate_t *s)
{
    uint64_t c = (uint64_t)SV(0);
    return wl_bench_alloc(s, 4 * c) | wl_bench_alloc(s, 4 * c) | wl_bench_alloc(s, 4 * c * (uint64_t)(SV(1) - 1));
}
static int l_path(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    int64_t pyr = SV(2), t = (int64_t)i * pyr, rows = SV(1);
    if (t >= rows - 1)
        return 0;
    *l = (wl_launch_t){k_path, "dynproc_kernel", CEIL(SV(0), 256 - 2 * pyr), 1, 256, 1, t,
                       rows - 1 - t < pyr ? rows - 1 - t : pyr};
    return 1;
}
const wl_bench_t wl_b_pathfinder = {
    {"pathfinder", "dynamic programming down a grid: 256-thread blocks keep a row, read PYR wall rows, store the row",
     {WL_BENCH_COMMON, {"COLS", 100000, 256, 10000000, "columns"}, {"ROWS", 100, 2, 100000, "rows"},
      {"PYR", 20, 1, 100, "pyramid height"}},
     WL_BENCH_NCOMMON + 3},
    "Rodinia", "100000 columns, 100 rows, pyramid 20 (the suite's run script)", s_path, l_path};

/* --------------------------------------------------------------- SRAD */
/* srad_v2: J 0, C 1, E_C 2, W_C 3, N_C 4, S_C 5 (N x N); 16 x 16 blocks;
 * launch a0: 0 srad_cuda_1, 1 srad_cuda_2 */
static void k_srad(bctx_t *c)
{
    const int64_t N = P(0), gx = c->l->gx, gy = c->l->gy;
    const int64_t corner = N * 16 * BY + 16 * BX;
#define IDX (corner + N * ty + tx)
#define OK(e) ((e) >= 0 && (e) < N * N)
    if (c->l->a0 == 0) {
        OP(0x1000, LD, 4, OK(corner + tx - N), F4(0, corner + tx - N));           /* north */
        OP(0x1008, LD, 4, OK(corner + N * 16 + tx), F4(0, corner + N * 16 + tx)); /* south */
        OP(0x1010, LD, 4, BY == 0, F4(0, 16 * BX + tx));
        OP(0x1018, LD, 4, BY != 0 && BY == gy - 1, F4(0, N * 16 * (gy - 1) + 16 * BX + N * 15 + tx));
        OP(0x1020, LD, 4, OK(corner + N * ty - 1), F4(0, corner + N * ty - 1));   /* west */
        OP(0x1028, LD, 4, OK(corner + N * ty + 16), F4(0, corner + N * ty + 16)); /* east */
        OP(0x1030, LD, 4, BX == 0, F4(0, N * 16 * BY + N * ty));
        OP(0x1038, LD, 4, BX != 0 && BX == gx - 1, F4(0, N * 16 * BY + 16 * (gx - 1) + N * ty + 15));
        OP(0x1040, LD, 4, 1, F4(0, IDX));
        for (int a = 1; a <= 5; a++)
            OP(0x1048 + 8 * (uint64_t)a, ST, 4, 1, F4(a, IDX));
    } else {
        OP(0x1080, LD, 4, OK(corner + N * 16 + tx), F4(1, corner + N * 16 + tx)); /* south */
        OP(0x1088, LD, 4, BY == gy - 1, F4(1, N * 16 * (gy - 1) + 16 * BX + N * 15 + tx));
        OP(0x1090, LD, 4, OK(corner + N * ty + 16), F4(1, corner + N * ty + 16)); /* east */
        OP(0x1098, LD, 4, BX == gx - 1, F4(1, N * 16 * BY + 16 * (gx - 1) + N * ty + 15));
        OP(0x10a0, LD, 4, 1, F4(1, IDX));
        OP(0x10a8, LD, 4, 1, F4(0, IDX));
        OP(0x10b0, LD, 4, 1, F4(4, IDX));
        OP(0x10b8, LD, 4, 1, F4(5, IDX));
        OP(0x10c0, LD, 4, 1, F4(3, IDX));
        OP(0x10c8, LD, 4, 1, F4(2, IDX));
        OP(0x10d0, ST, 4, 1, F4(0, IDX));
    }
#undef OK
#undef IDX
}
static int s_srad(wl_bstate_t *s)
{
    int bad = 0;
    for (int i = 0; i < 6; i++)
        bad |= wl_bench_alloc(s, 4 * (uint64_t)SV(0) * (uint64_t)SV(0));
    return bad;
}
static int l_srad(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if ((int64_t)(i / 2) >= SV(1))
        return 0;
    *l = (wl_launch_t){k_srad, i % 2 ? "srad_cuda_2" : "srad_cuda_1", CEIL(SV(0), 16), CEIL(SV(0), 16), 16, 16,
                       (int64_t)(i % 2), 0};
    return 1;
}
const wl_bench_t wl_b_srad = {
    {"srad", "speckle-reducing diffusion (srad_v2): 16 x 16 blocks load their tile and its four edges, store five maps, then update J",
     {WL_BENCH_COMMON, {"N", 2048, 16, 16384, "rows = columns (a multiple of 16)"}, {"ITER", 2, 1, 100000, "iterations"}},
     WL_BENCH_NCOMMON + 2},
    "Rodinia", "2048 x 2048, 2 iterations (CCN Table I sradv2: 2048 x 2048)", s_srad, l_srad};

/* ----------------------------------------------------------------- NW */
/* reference 0, matrix 1 ((N+1) x (N+1) ints); one 16-thread block per
 * 16 x 16 tile of an anti-diagonal: a0 = i, a1 = 0 upper-left half, 1 the
 * lower-right */
static void k_nw(bctx_t *c)
{
    const int64_t cols = P(0) + 1, bw = P(0) / 16, i = c->l->a0;
    const int64_t bxi = c->l->a1 ? BX + bw - i : BX, byi = c->l->a1 ? bw - BX - 1 : i - 1 - BX;
    const int64_t base = cols * 16 * byi + 16 * bxi;
    OP(0x1100, LD, 4, tx == 0, F4(1, base));
    for (int64_t ty2 = 0; ty2 < 16; ty2++)
        OP(0x1108, LD, 4, 1, F4(0, base + tx + cols + 1 + cols * ty2));
    OP(0x1110, LD, 4, 1, F4(1, base + cols + cols * tx));
    OP(0x1118, LD, 4, 1, F4(1, base + tx + 1));
    for (int64_t ty2 = 0; ty2 < 16; ty2++)
        OP(0x1120, ST, 4, 1, F4(1, base + tx + cols + 1 + cols * ty2));
}
static int s_nw(wl_bstate_t *s)
{
    uint64_t n = (uint64_t)SV(0) + 1;
    return wl_bench_alloc(s, 4 * n * n) | wl_bench_alloc(s, 4 * n * n);
}
static int l_nw(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    int64_t bw = SV(0) / 16, k = (int64_t)i + 1;
    if (k <= bw)
        *l = (wl_launch_t){k_nw, "needle_cuda_shared_1", (unsigned)k, 1, 16, 1, k, 0};
    else if (k < 2 * bw)
        *l = (wl_launch_t){k_nw, "needle_cuda_shared_2", (unsigned)(2 * bw - k), 1, 16, 1, 2 * bw - k, 1};
    else
        return 0;
    return 1;
}
const wl_bench_t wl_b_nw = {
    {"nw", "Needleman-Wunsch: 16-thread blocks per 16 x 16 tile along anti-diagonals, rows of 16 ints",
     {WL_BENCH_COMMON, {"N", 2048, 16, 16384, "sequence length (a multiple of 16)"}}, WL_BENCH_NCOMMON + 1},
    "Rodinia", "2048 x 2048 (the suite's run script; CCN Table I nw: 2048 x 2048)", s_nw, l_nw};

/* ---------------------------------------------------------------- LUD */
/* m 0 (N x N); per step it three launches (diagonal, perimeter, internal),
 * then the last diagonal; a0 = offset, a1 = which */
static void k_lud(bctx_t *c)
{
    const int64_t N = P(0), off = c->l->a0;
    switch (c->l->a1) {
    case 0: /* lud_diagonal: one block of 16 */
        for (int64_t i = 0; i < 16; i++)
            OP(0x1200, LD, 4, 1, F4(0, (off + i) * N + off + tx));
        for (int64_t i = 1; i < 16; i++)
            OP(0x1208, ST, 4, 1, F4(0, (off + i) * N + off + tx));
        break;
    case 1: { /* lud_perimeter: 32 threads, block b's row tile (lanes 0-15) and column tile (16-31) */
        const int64_t t = off + (BX + 1) * 16;
        for (int64_t i = 0; i < 8; i++)
            OP(0x1210, LD, 4, tx < 16, F4(0, (off + i) * N + off + tx));
        for (int64_t i = 0; i < 16; i++)
            OP(0x1218, LD, 4, tx < 16, F4(0, (off + i) * N + t + tx));
        for (int64_t i = 0; i < 8; i++)
            OP(0x1220, LD, 4, tx >= 16, F4(0, (off + 8 + i) * N + off + tx - 16));
        for (int64_t i = 0; i < 16; i++)
            OP(0x1228, LD, 4, tx >= 16, F4(0, (t + i) * N + off + tx - 16));
        for (int64_t i = 1; i < 16; i++)
            OP(0x1230, ST, 4, tx < 16, F4(0, (off + i) * N + t + tx));
        for (int64_t i = 0; i < 16; i++)
            OP(0x1238, ST, 4, tx >= 16, F4(0, (t + i) * N + off + tx - 16));
        break;
    }
    default: { /* lud_internal: 16 x 16 */
#define ROW (off + (BY + 1) * 16 + ty)
#define COL (off + (BX + 1) * 16 + tx)
        OP(0x1240, LD, 4, 1, F4(0, (off + ty) * N + COL));
        OP(0x1248, LD, 4, 1, F4(0, ROW * N + off + tx));
        OP(0x1250, LD, 4, 1, F4(0, ROW * N + COL));
        OP(0x1258, ST, 4, 1, F4(0, ROW * N + COL));
#undef COL
#undef ROW
    }
    }
}
static int s_lud(wl_bstate_t *s)
{
    return wl_bench_alloc(s, 4 * (uint64_t)SV(0) * (uint64_t)SV(0));
}
static int l_lud(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    int64_t N = SV(0), steps = N / 16 - 1, it = (int64_t)(i / 3) * 16;
    if ((int64_t)(i / 3) < steps) {
        unsigned b = (unsigned)((N - it) / 16 - 1);
        if (i % 3 == 0)
            *l = (wl_launch_t){k_lud, "lud_diagonal", 1, 1, 16, 1, it, 0};
        else if (i % 3 == 1)
            *l = (wl_launch_t){k_lud, "lud_perimeter", b, 1, 32, 1, it, 1};
        else
            *l = (wl_launch_t){k_lud, "lud_internal", b, b, 16, 16, it, 2};
        return 1;
    }
    if (i == (uint64_t)(3 * steps)) {
        *l = (wl_launch_t){k_lud, "lud_diagonal", 1, 1, 16, 1, N - 16, 0};
        return 1;
    }
    return 0;
}
const wl_bench_t wl_b_lud = {
    {"lud", "LU decomposition in 16 x 16 tiles: per step a diagonal, a perimeter and an internal launch",
     {WL_BENCH_COMMON, {"N", 2048, 32, 16384, "matrix size (a multiple of 16)"}}, WL_BENCH_NCOMMON + 1},
    "Rodinia", "2048 x 2048 (CCN Table I lud: 2048 x 2048)", s_lud, l_lud};

/* ----------------------------------------------------------- BACKPROP */
/* input 0 (IN+1), hidden_partial_sum 1, weights 2 ((IN+1) x 17),
 * prev weights 3, hidden_delta 4 (17); 16 x 16 blocks down the input */
static void k_backprop(bctx_t *c)
{
    const int64_t H = 16;
#define IDX ((H + 1) * 16 * BY + (H + 1) * ty + tx + 1 + (H + 1))
#define IDY (16 * BY + ty + 1)
    if (c->l->a0 == 0) {
        OP(0x1300, LD, 4, tx == 0, F4(0, IDY));
        OP(0x1308, LD, 4, 1, F4(2, IDX));
        OP(0x1310, ST, 4, 1, F4(2, IDX));
        OP(0x1318, ST, 4, tx == 0, F4(1, BY * H + ty));
    } else {
        OP(0x1320, LD, 4, 1, F4(4, tx + 1));
        OP(0x1328, LD, 4, 1, F4(0, IDY));
        OP(0x1330, LD, 4, 1, F4(3, IDX));
        OP(0x1338, LD, 4, 1, F4(2, IDX));
        OP(0x1340, ST, 4, 1, F4(2, IDX));
        OP(0x1348, LD, 4, 1, F4(4, tx + 1));
        OP(0x1350, LD, 4, 1, F4(0, IDY));
        OP(0x1358, LD, 4, 1, F4(3, IDX));
        OP(0x1360, ST, 4, 1, F4(3, IDX));
#define TOP (ty == 0 && BY == 0)
        OP(0x1368, LD, 4, TOP, F4(4, tx + 1));
        OP(0x1370, LD, 4, TOP, F4(3, tx + 1));
        OP(0x1378, LD, 4, TOP, F4(2, tx + 1));
        OP(0x1380, ST, 4, TOP, F4(2, tx + 1));
        OP(0x1388, LD, 4, TOP, F4(4, tx + 1));
        OP(0x1390, LD, 4, TOP, F4(3, tx + 1));
        OP(0x1398, ST, 4, TOP, F4(3, tx + 1));
#undef TOP
    }
#undef IDY
#undef IDX
}
static int s_backprop(wl_bstate_t *s)
{
    uint64_t in = (uint64_t)SV(0);
    return wl_bench_alloc(s, 4 * (in + 1)) | wl_bench_alloc(s, 4 * (in / 16) * 16) |
           wl_bench_alloc(s, 4 * (in + 1) * 17) | wl_bench_alloc(s, 4 * (in + 1) * 17) | wl_bench_alloc(s, 4 * 17);
}
static int l_backprop(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if (i > 1)
        return 0;
    *l = (wl_launch_t){k_backprop, i ? "bpnn_adjust_weights_cuda" : "bpnn_layerforward_CUDA", 1,
                       (unsigned)(SV(0) / 16), 16, 16, (int64_t)i, 0};
    return 1;
}
const wl_bench_t wl_b_backprop = {
    {"backprop", "back propagation, input to hidden layer (16): the forward pass and the weight update, 16 x 16 blocks",
     {WL_BENCH_COMMON, {"IN", 65536, 16, 16777216, "input nodes (a multiple of 16)"}}, WL_BENCH_NCOMMON + 1},
    "Rodinia", "65536 input nodes, 16 hidden (the suite's run script; CCN Table I: 65536)", s_backprop, l_backprop};

/* ----------------------------------------------------------- GAUSSIAN */
/* m 0, a 1 (N x N), b 2 (N); per t: Fan1 (512 threads), Fan2 (4 x 4) */
static void k_gauss(bctx_t *c)
{
    const int64_t N = P(0), t = c->l->a0;
    if (c->l->a1 == 0) {
        OP(0x1400, LD, 4, GX < N - 1 - t, F4(1, N * (GX + t + 1) + t));
        OP(0x1408, LD, 4, GX < N - 1 - t, F4(1, N * t + t));
        OP(0x1410, ST, 4, GX < N - 1 - t, F4(0, N * (GX + t + 1) + t));
    } else {
#define IN (GX < N - 1 - t && GY < N - t)
        OP(0x1418, LD, 4, IN, F4(1, N * (GX + 1 + t) + GY + t));
        OP(0x1420, LD, 4, IN, F4(0, N * (GX + 1 + t) + t));
        OP(0x1428, LD, 4, IN, F4(1, N * t + GY + t));
        OP(0x1430, ST, 4, IN, F4(1, N * (GX + 1 + t) + GY + t));
        OP(0x1438, LD, 4, IN && GY == 0, F4(2, GX + 1 + t));
        OP(0x1440, LD, 4, IN && GY == 0, F4(0, N * (GX + 1 + t) + GY + t));
        OP(0x1448, LD, 4, IN && GY == 0, F4(2, t));
        OP(0x1450, ST, 4, IN && GY == 0, F4(2, GX + 1 + t));
#undef IN
    }
}
static int s_gauss(wl_bstate_t *s)
{
    uint64_t n = (uint64_t)SV(0);
    return wl_bench_alloc(s, 4 * n * n) | wl_bench_alloc(s, 4 * n * n) | wl_bench_alloc(s, 4 * n);
}
static int l_gauss(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    int64_t N = SV(0), t = (int64_t)(i / 2);
    if (t >= N - 1)
        return 0;
    if (i % 2 == 0)
        *l = (wl_launch_t){k_gauss, "Fan1", CEIL(N, 512), 1, 512, 1, t, 0};
    else
        *l = (wl_launch_t){k_gauss, "Fan2", CEIL(N, 4), CEIL(N, 4), 4, 4, t, 1};
    return 1;
}
const wl_bench_t wl_b_gaussian = {
    {"gaussian", "Gaussian elimination: per column t, Fan1 (multipliers down the column) and Fan2 (4 x 4 blocks update the rest)",
     {WL_BENCH_COMMON, {"N", 1024, 2, 16384, "matrix size"}}, WL_BENCH_NCOMMON + 1},
    "Rodinia", "1024 x 1024 (our choice: the suite's run script feeds a 4 x 4 file)", s_gauss, l_gauss};

/* ----------------------------------------------------------------- NN */
/* locations 0 (float2 each), distances 1 */
static void k_nn(bctx_t *c)
{
    const int64_t R = P(0), id = 256 * (c->l->gx * BY + BX);
#define IN (id + tx < R)
    OP(0x1500, LD, 8, IN, AR(0) + 8 * (id + tx));
    OP(0x1508, ST, 4, IN, F4(1, id + tx));
#undef IN
}
static int s_nn(wl_bstate_t *s)
{
    return wl_bench_alloc(s, 8 * (uint64_t)SV(0)) | wl_bench_alloc(s, 4 * (uint64_t)SV(0));
}
static int l_nn(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if (i)
        return 0;
    *l = (wl_launch_t){k_nn, "euclid", CEIL(SV(0), 256), 1, 256, 1, 0, 0};
    return 1;
}
const wl_bench_t wl_b_nn = {
    {"nn", "nearest neighbour: one thread per record reads its (lat, lng) pair and writes its distance",
     {WL_BENCH_COMMON, {"RECORDS", 42764, 1, 100000000, "records"}}, WL_BENCH_NCOMMON + 1},
    "Rodinia", "42764 records (the suite's filelist_4)", s_nn, l_nn};

/* ------------------------------------------------------------- KMEANS */
/* features 0 (point-major), features_flipped 1 (feature-major),
 * membership 2; invert_mapping once, then ITER kmeansPoint launches whose
 * feature reads are texture fetches (written ldg: not the L1 data cache) */
static void k_kmeans(bctx_t *c)
{
    const int64_t NP = P(0), NF = P(1), NC = P(2);
#define id GX
    if (c->l->a0 == 0) {
        for (int64_t f = 0; f < NF; f++) {
            OP(0x1600, LD, 4, id < NP, F4(0, id * NF + f));
            OP(0x1608, ST, 4, id < NP, F4(1, id + NP * f));
        }
    } else {
        for (int64_t k = 0; k < NC; k++)
            for (int64_t f = 0; f < NF; f++)
                OP(0x1610, LDG, 4, id < NP, F4(1, f * NP + id));
        OP(0x1618, ST, 4, id < NP, F4(2, id));
    }
#undef id
}
static int s_kmeans(wl_bstate_t *s)
{
    uint64_t n = 4 * (uint64_t)SV(0) * (uint64_t)SV(1);
    return wl_bench_alloc(s, n) | wl_bench_alloc(s, n) | wl_bench_alloc(s, 4 * (uint64_t)SV(0));
}
static int l_kmeans(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if ((int64_t)i > SV(3))
        return 0;
    *l = (wl_launch_t){k_kmeans, i ? "kmeansPoint" : "invert_mapping", CEIL(SV(0), 256), 1, 256, 1, i ? 1 : 0, 0};
    return 1;
}
const wl_bench_t wl_b_kmeans = {
    {"kmeans", "k-means: invert the feature matrix, then per iteration one thread per point over clusters x features",
     {WL_BENCH_COMMON, {"POINTS", 204800, 1, 10000000, "points"}, {"FEATURES", 34, 1, 1024, "features"},
      {"CLUSTERS", 5, 1, 64, "clusters"}, {"ITER", 1, 1, 1000, "kmeansPoint launches"}},
     WL_BENCH_NCOMMON + 4},
    "Rodinia", "204800 points x 34 features (CCN Table I kmeans), 5 clusters", s_kmeans, l_kmeans};

/* ---------------------------------------------------------------- BFS */
/* nodes 0 (8 B: first edge, edge count), edges 1, mask 2, updating 3,
 * visited 4 (1 B each), cost 5, over 6; per BFS level two launches */
static void k_bfs(bctx_t *c)
{
    const wl_bstate_t *s = c->s;
    const int64_t N = P(0), L = c->l->a0, base = BX * DX;
#define TID (base + tx)
#define LEVEL(v) ((int64_t)s->level[v])
    if (c->l->a1 == 0) {
        OP(0x1700, LD, 1, TID < N, AR(2) + TID);
#define F (TID < N && LEVEL(TID) == L)
        OP(0x1708, ST, 1, F, AR(2) + TID);
        OP(0x1710, LD, 8, F, AR(0) + 8 * TID);
        uint32_t most = 0;
        for (int64_t t = base; t < base + 32 && t < N; t++)
            if (LEVEL(t) == L && s->off[t + 1] - s->off[t] > most)
                most = s->off[t + 1] - s->off[t];
        for (uint32_t e = 0; e < most; e++) {
#define E (F && s->off[TID] + e < s->off[TID + 1])
#define ID (s->edge[s->off[TID] + e])
            OP(0x1718, LD, 4, E, F4(1, s->off[TID] + e));
            OP(0x1720, LD, 1, E, AR(4) + ID);
            OP(0x1728, LD, 4, E && LEVEL(ID) > L, F4(5, TID));
            OP(0x1730, ST, 4, E && LEVEL(ID) > L, F4(5, ID));
            OP(0x1738, ST, 1, E && LEVEL(ID) > L, AR(3) + ID);
#undef ID
#undef E
        }
#undef F
    } else {
        OP(0x1740, LD, 1, TID < N, AR(3) + TID);
#define U (TID < N && LEVEL(TID) == L + 1)
        OP(0x1748, ST, 1, U, AR(2) + TID);
        OP(0x1750, ST, 1, U, AR(4) + TID);
        OP(0x1758, ST, 4, U, AR(6));
        OP(0x1760, ST, 1, U, AR(3) + TID);
#undef U
    }
#undef LEVEL
#undef TID
}
static int s_bfs(wl_bstate_t *s)
{
    uint64_t n = (uint64_t)SV(0), deg = (uint64_t)SV(1);
    s->off = malloc((n + 1) * sizeof *s->off);
    s->level = malloc(n * sizeof *s->level);
    if (!s->off || !s->level)
        return -1;
    uint64_t x = s->seed, m = 0;
    for (uint64_t v = 0; v < n; v++) {
        s->off[v] = (uint32_t)m;
        m += 1 + ct_splitmix64(&x) % (2 * deg - 1);
    }
    s->off[n] = (uint32_t)m;
    s->edge = malloc((m ? m : 1) * sizeof *s->edge);
    uint32_t *queue = malloc(n * sizeof *queue);
    if (!s->edge || !queue) {
        free(queue);
        return -1;
    }
    for (uint64_t e = 0; e < m; e++)
        s->edge[e] = (uint32_t)(ct_splitmix64(&x) % n);
    for (uint64_t v = 0; v < n; v++)
        s->level[v] = UINT32_MAX;
    uint64_t head = 0, tail = 0;
    s->level[0] = 0, queue[tail++] = 0, s->levels = 1;
    while (head < tail) {
        uint32_t v = queue[head++];
        for (uint32_t e = s->off[v]; e < s->off[v + 1]; e++)
            if (s->level[s->edge[e]] == UINT32_MAX) {
                s->level[s->edge[e]] = s->level[v] + 1;
                if (s->level[v] + 2 > s->levels)
                    s->levels = s->level[v] + 2;
                queue[tail++] = s->edge[e];
            }
    }
    free(queue);
    return wl_bench_alloc(s, 8 * n) | wl_bench_alloc(s, 4 * m) | wl_bench_alloc(s, n) | wl_bench_alloc(s, n) |
           wl_bench_alloc(s, n) | wl_bench_alloc(s, 4 * n) | wl_bench_alloc(s, 4);
}
static int l_bfs(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if (i / 2 >= s->levels)
        return 0;
    *l = (wl_launch_t){k_bfs, i % 2 ? "Kernel2" : "Kernel", CEIL(SV(0), 512), 1, 512, 1, (int64_t)(i / 2),
                       (int64_t)(i % 2)};
    return 1;
}
const wl_bench_t wl_b_bfs = {
    {"bfs", "breadth-first search from node 0, a thread per node and two launches per level, on a generated graph",
     {WL_BENCH_COMMON, {"NODES", 1000000, 2, 16777216, "nodes"},
      {"DEG", 6, 1, 64, "mean out-degree: node v has 1 + h mod (2 DEG - 1) edges"}},
     WL_BENCH_NCOMMON + 2},
    "Rodinia", "1000000 nodes (CCN Table I bfs), mean degree 6 (as the suite's graph1MW_6)", s_bfs, l_bfs};
