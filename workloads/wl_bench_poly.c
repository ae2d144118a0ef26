/*
 * wl_bench_poly.c - the PolyBench/GPU 1.0 kernels of wl_bench.h, written
 * from each algorithm's CUDA form (docs/benchmarks.md lists every kernel's
 * per-thread access sequence; this file follows it line for line).  All
 * data are 4-byte floats, matrices row-major; an accumulator x += e in a
 * loop is one store an iteration (its load forwarded from the thread's own
 * store), a location read twice in one statement is loaded once.
 */
#include "wl_bench_int.h"

#define LD WL_LD
#define ST WL_ST

/* ------------------------------------------------------------- 2DCONV */
static void k_2dconv(bctx_t *c)
{
    const int64_t NI = P(0), NJ = P(1);
#define IN (GY > 0 && GY < NI - 1 && GX > 0 && GX < NJ - 1)
#define A(di, dj) F4(0, (GY + (di)) * NJ + GX + (dj))
    OP(0x100, LD, 4, IN, A(-1, -1));
    OP(0x108, LD, 4, IN, A(0, -1));
    OP(0x110, LD, 4, IN, A(1, -1));
    OP(0x118, LD, 4, IN, A(-1, 0));
    OP(0x120, LD, 4, IN, A(0, 0));
    OP(0x128, LD, 4, IN, A(1, 0));
    OP(0x130, LD, 4, IN, A(-1, 1));
    OP(0x138, LD, 4, IN, A(0, 1));
    OP(0x140, LD, 4, IN, A(1, 1));
    OP(0x148, ST, 4, IN, F4(1, GY * NJ + GX));
#undef A
#undef IN
}
static int s_2dconv(wl_bstate_t *s)
{
    return wl_bench_alloc(s, 4 * (uint64_t)(SV(0) * SV(1))) | wl_bench_alloc(s, 4 * (uint64_t)(SV(0) * SV(1)));
}
static int l_2dconv(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if (i)
        return 0;
    *l = (wl_launch_t){k_2dconv, "convolution2D_kernel", CEIL(SV(1), 32), CEIL(SV(0), 8), 32, 8, 0, 0};
    return 1;
}
const wl_bench_t wl_b_2dconv = {
    {"2dconv", "2-D 3x3 convolution: B[i][j] from A's 3x3 neighbourhood, one thread per element",
     {WL_BENCH_COMMON, {"NI", 4096, 3, 65536, "rows"}, {"NJ", 4096, 3, 65536, "columns"}}, WL_BENCH_NCOMMON + 2},
    "PolyBench/GPU", "the suite's 4096 x 4096", s_2dconv, l_2dconv};

/* ------------------------------------------------------------- 3DCONV */
static void k_3dconv(bctx_t *c)
{
    const int64_t NI = P(0), NJ = P(1), NK = P(2), i = c->l->a0;
    (void)NI;
#define IN (GY > 0 && GY < NJ - 1 && GX > 0 && GX < NK - 1)
#define A(di, dj, dk) F4(0, (i + (di)) * NJ * NK + (GY + (dj)) * NK + GX + (dk))
    OP(0x200, LD, 4, IN, A(-1, -1, -1));
    OP(0x208, LD, 4, IN, A(1, -1, -1));
    OP(0x210, LD, 4, IN, A(0, -1, 0));
    OP(0x218, LD, 4, IN, A(0, 0, 0));
    OP(0x220, LD, 4, IN, A(0, 1, 0));
    OP(0x228, LD, 4, IN, A(-1, -1, 1));
    OP(0x230, LD, 4, IN, A(1, -1, 1));
    OP(0x238, LD, 4, IN, A(-1, 0, 1));
    OP(0x240, LD, 4, IN, A(1, 0, 1));
    OP(0x248, LD, 4, IN, A(-1, 1, 1));
    OP(0x250, LD, 4, IN, A(1, 1, 1));
    OP(0x258, ST, 4, IN, F4(1, i * NJ * NK + GY * NK + GX));
#undef A
#undef IN
}
static int s_3dconv(wl_bstate_t *s)
{
    uint64_t n = 4 * (uint64_t)(SV(0) * SV(1) * SV(2));
    return wl_bench_alloc(s, n) | wl_bench_alloc(s, n);
}
static int l_3dconv(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if ((int64_t)i >= SV(0) - 2)
        return 0;
    *l = (wl_launch_t){k_3dconv, "convolution3D_kernel", CEIL(SV(2), 32), CEIL(SV(1), 8), 32, 8, (int64_t)i + 1, 0};
    return 1;
}
const wl_bench_t wl_b_3dconv = {
    {"3dconv", "3-D convolution: one launch per plane i, one thread per (j, k), 11 distinct loads",
     {WL_BENCH_COMMON, {"NI", 256, 3, 4096, "planes"}, {"NJ", 256, 3, 4096, "rows"}, {"NK", 256, 3, 4096, "columns"}},
     WL_BENCH_NCOMMON + 3},
    "PolyBench/GPU", "the suite's 256 x 256 x 256", s_3dconv, l_3dconv};

/* ------------------------------------------- matrix products (GEMM & co) */
/* C[i][j] (array c, row length nj) = sum over k < nk of A[i][k] (array a,
 * row length nk) * B[k][j] (array b): thread (i = GY, j = GX); with scale,
 * C is first loaded and stored (C *= beta), else stored 0. */
#define MATMUL(pc, a, b, cc, ni, nj, nk, scale)                                          \
    do {                                                                                 \
        const int64_t ni_ = (ni), nj_ = (nj), nk_ = (nk);                                \
        if (scale)                                                                       \
            OP(pc, LD, 4, GY < ni_ && GX < nj_, F4(cc, GY * nj_ + GX));                  \
        OP(pc + 8, ST, 4, GY < ni_ && GX < nj_, F4(cc, GY * nj_ + GX));                  \
        for (int64_t k = 0; k < nk_; k++) {                                              \
            OP(pc + 16, LD, 4, GY < ni_ && GX < nj_, F4(a, GY * nk_ + k));               \
            OP(pc + 24, LD, 4, GY < ni_ && GX < nj_, F4(b, k * nj_ + GX));               \
            OP(pc + 32, ST, 4, GY < ni_ && GX < nj_, F4(cc, GY * nj_ + GX));             \
        }                                                                                \
    } while (0)

static void k_gemm(bctx_t *c)
{
    MATMUL(0x300, 0, 1, 2, P(0), P(0), P(0), 1);
}
static int s_square(wl_bstate_t *s, unsigned arrays)
{
    int bad = 0;
    for (unsigned i = 0; i < arrays; i++)
        bad |= wl_bench_alloc(s, 4 * (uint64_t)(SV(0) * SV(0)));
    return bad;
}
static int s_gemm(wl_bstate_t *s)
{
    return s_square(s, 3);
}
static int l_gemm(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if (i)
        return 0;
    *l = (wl_launch_t){k_gemm, "gemm_kernel", CEIL(SV(0), 32), CEIL(SV(0), 8), 32, 8, 0, 0};
    return 1;
}
const wl_bench_t wl_b_gemm = {
    {"gemm", "C = alpha A B + beta C: one thread per C[i][j], a k loop over A's row and B's column",
     {WL_BENCH_COMMON, {"N", 512, 1, 16384, "NI = NJ = NK"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 512", s_gemm, l_gemm};

/* 2MM: tmp = A B (arrays A 0, B 1, tmp 2), D = tmp C (C 3, D 4) */
static void k_2mm(bctx_t *c)
{
    if (c->l->a0 == 0)
        MATMUL(0x400, 0, 1, 2, P(0), P(0), P(0), 0);
    else
        MATMUL(0x440, 2, 3, 4, P(0), P(0), P(0), 0);
}
static int s_2mm(wl_bstate_t *s)
{
    return s_square(s, 5);
}
static int l_2mm(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if (i > 1)
        return 0;
    *l = (wl_launch_t){k_2mm, i ? "mm2_kernel2" : "mm2_kernel1", CEIL(SV(0), 32), CEIL(SV(0), 8), 32, 8,
                       (int64_t)i, 0};
    return 1;
}
const wl_bench_t wl_b_2mm = {
    {"2mm", "two matrix products: tmp = A B, then D = tmp C (two launches)",
     {WL_BENCH_COMMON, {"N", 1024, 1, 16384, "NI = NJ = NK = NL"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 1024", s_2mm, l_2mm};

/* 3MM: E = A B (A 0, B 1, E 2), F = C D (C 3, D 4, F 5), G = E F (G 6) */
static void k_3mm(bctx_t *c)
{
    if (c->l->a0 == 0)
        MATMUL(0x500, 0, 1, 2, P(0), P(0), P(0), 0);
    else if (c->l->a0 == 1)
        MATMUL(0x540, 3, 4, 5, P(0), P(0), P(0), 0);
    else
        MATMUL(0x580, 2, 5, 6, P(0), P(0), P(0), 0);
}
static int s_3mm(wl_bstate_t *s)
{
    return s_square(s, 7);
}
static int l_3mm(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    static const char *const names[3] = {"mm3_kernel1", "mm3_kernel2", "mm3_kernel3"};
    if (i > 2)
        return 0;
    *l = (wl_launch_t){k_3mm, names[i], CEIL(SV(0), 32), CEIL(SV(0), 8), 32, 8, (int64_t)i, 0};
    return 1;
}
const wl_bench_t wl_b_3mm = {
    {"3mm", "three matrix products: E = A B, F = C D, G = E F (three launches)",
     {WL_BENCH_COMMON, {"N", 512, 1, 16384, "NI = NJ = NK = NL = NM"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 512", s_3mm, l_3mm};

/* ---------------------------------------- matrix-vector (ATAX, BICG, MVT) */
/* y[t] += M[row][col] * x[..] over the loop index u < n, one thread t = GX
 * per output: by rows (M[t][u], strided across the warp) or by columns
 * (M[u][t], coalesced); the vector operand's index is u. */
#define MATVEC(pc, m, x, y, n, byrows)                                                  \
    do {                                                                                \
        const int64_t n_ = (n);                                                         \
        OP(pc, LD, 4, GX < n_, F4(y, GX));                                              \
        for (int64_t u = 0; u < n_; u++) {                                              \
            OP(pc + 8, LD, 4, GX < n_, (byrows) ? F4(m, GX * n_ + u) : F4(m, u * n_ + GX)); \
            OP(pc + 16, LD, 4, GX < n_, F4(x, u));                                      \
            OP(pc + 24, ST, 4, GX < n_, F4(y, GX));                                     \
        }                                                                               \
    } while (0)

/* ATAX: tmp = A x (A 0, x 1, tmp 2), y = A^T tmp (y 3) */
static void k_atax(bctx_t *c)
{
    if (c->l->a0 == 0)
        MATVEC(0x600, 0, 1, 2, P(0), 1);
    else
        MATVEC(0x640, 0, 2, 3, P(0), 0);
}
static int s_vec(wl_bstate_t *s, unsigned vectors)
{
    int bad = wl_bench_alloc(s, 4 * (uint64_t)(SV(0) * SV(0)));
    for (unsigned i = 0; i < vectors; i++)
        bad |= wl_bench_alloc(s, 4 * (uint64_t)SV(0));
    return bad;
}
static int s_atax(wl_bstate_t *s)
{
    return s_vec(s, 3);
}
static int l_two_vec(const wl_bstate_t *s, uint64_t i, wl_launch_t *l, void (*fn)(bctx_t *),
                     const char *n1, const char *n2)
{
    if (i > 1)
        return 0;
    *l = (wl_launch_t){fn, i ? n2 : n1, CEIL(SV(0), 256), 1, 256, 1, (int64_t)i, 0};
    return 1;
}
static int l_atax(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    return l_two_vec(s, i, l, k_atax, "atax_kernel1", "atax_kernel2");
}
const wl_bench_t wl_b_atax = {
    {"atax", "y = A^T (A x): a row walk per thread (strided), then a column walk (coalesced)",
     {WL_BENCH_COMMON, {"N", 4096, 1, 65536, "NX = NY"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 4096", s_atax, l_atax};

/* BICG: s = A^T r (A 0, r 1, s 2) by columns, q = A p (p 3, q 4) by rows */
static void k_bicg(bctx_t *c)
{
    if (c->l->a0 == 0)
        MATVEC(0x700, 0, 1, 2, P(0), 0);
    else
        MATVEC(0x740, 0, 3, 4, P(0), 1);
}
static int s_bicg(wl_bstate_t *s)
{
    return s_vec(s, 4);
}
static int l_bicg(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    return l_two_vec(s, i, l, k_bicg, "bicg_kernel1", "bicg_kernel2");
}
const wl_bench_t wl_b_bicg = {
    {"bicg", "BiCG's two products: s = A^T r (coalesced), q = A p (strided)",
     {WL_BENCH_COMMON, {"N", 4096, 1, 65536, "NX = NY"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 4096", s_bicg, l_bicg};

/* MVT: x1 += A y1 (A 0, y1 1, x1 2) by rows, x2 += A^T y2 (y2 3, x2 4) */
static void k_mvt(bctx_t *c)
{
    if (c->l->a0 == 0)
        MATVEC(0x800, 0, 1, 2, P(0), 1);
    else
        MATVEC(0x840, 0, 3, 4, P(0), 0);
}
static int l_mvt(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    return l_two_vec(s, i, l, k_mvt, "mvt_kernel1", "mvt_kernel2");
}
const wl_bench_t wl_b_mvt = {
    {"mvt", "x1 += A y1 (strided rows), x2 += A^T y2 (coalesced columns)",
     {WL_BENCH_COMMON, {"N", 4096, 1, 65536, "N"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 4096", s_bicg, l_mvt};

/* GESUMMV: y = alpha A x + beta B x (A 0, B 1, x 2, tmp 3, y 4), by rows */
static void k_gesummv(bctx_t *c)
{
    const int64_t N = P(0);
    for (int64_t j = 0; j < N; j++) {
        OP(0x900, LD, 4, GX < N, F4(0, GX * N + j));
        OP(0x908, LD, 4, GX < N, F4(2, j));
        OP(0x910, ST, 4, GX < N, F4(3, GX));
        OP(0x918, LD, 4, GX < N, F4(1, GX * N + j));
        OP(0x920, LD, 4, GX < N, F4(2, j));
        OP(0x928, ST, 4, GX < N, F4(4, GX));
    }
    OP(0x930, ST, 4, GX < N, F4(4, GX));
}
static int s_gesummv(wl_bstate_t *s)
{
    return wl_bench_alloc(s, 4 * (uint64_t)(SV(0) * SV(0))) | s_vec(s, 3);
}
static int l_gesummv(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if (i)
        return 0;
    *l = (wl_launch_t){k_gesummv, "gesummv_kernel", CEIL(SV(0), 256), 1, 256, 1, 0, 0};
    return 1;
}
const wl_bench_t wl_b_gesummv = {
    {"gesummv", "y = alpha A x + beta B x: one thread per row, two strided row walks",
     {WL_BENCH_COMMON, {"N", 4096, 1, 65536, "N"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 4096", s_gesummv, l_gesummv};

/* ------------------------------------------------------- SYRK, SYR2K */
/* SYRK: C = alpha A A^T + beta C (A 0, C 1); SYR2K adds B (2) */
static void k_syrk(bctx_t *c)
{
    const int64_t N = P(0), two = c->l->a0;
#define IN (GY < N && GX < N)
    OP(0xa00, LD, 4, IN, F4(1, GY * N + GX));
    OP(0xa08, ST, 4, IN, F4(1, GY * N + GX));
    for (int64_t k = 0; k < N; k++) {
        OP(0xa10, LD, 4, IN, F4(0, GY * N + k));
        OP(0xa18, LD, 4, IN, F4(two ? 2 : 0, GX * N + k));
        if (two) {
            OP(0xa20, LD, 4, IN, F4(2, GY * N + k));
            OP(0xa28, LD, 4, IN, F4(0, GX * N + k));
        }
        OP(0xa30, ST, 4, IN, F4(1, GY * N + GX));
    }
#undef IN
}
static int s_syrk(wl_bstate_t *s)
{
    return s_square(s, 2);
}
static int s_syr2k(wl_bstate_t *s)
{
    return s_square(s, 3);
}
static int l_syrk(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if (i)
        return 0;
    *l = (wl_launch_t){k_syrk, "syrk_kernel", CEIL(SV(0), 32), CEIL(SV(0), 8), 32, 8, 0, 0};
    return 1;
}
static int l_syr2k(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    if (i)
        return 0;
    *l = (wl_launch_t){k_syrk, "syr2k_kernel", CEIL(SV(0), 32), CEIL(SV(0), 8), 32, 8, 1, 0};
    return 1;
}
const wl_bench_t wl_b_syrk = {
    {"syrk", "C = alpha A A^T + beta C: thread (i, j) walks rows i and j of A",
     {WL_BENCH_COMMON, {"N", 1024, 1, 16384, "N = M"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 1024", s_syrk, l_syrk};
const wl_bench_t wl_b_syr2k = {
    {"syr2k", "C = alpha A B^T + alpha B A^T + beta C: four row walks per thread",
     {WL_BENCH_COMMON, {"N", 2048, 1, 16384, "N = M"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 2048", s_syr2k, l_syr2k};

/* ------------------------------------------------------- CORR, COVAR */
/* data 0 (N rows x M columns), mean 1, std 2, symmat 3; launch a0: 0 mean,
 * 1 std (CORR), 2 reduce, 3 the m x m product; a1: 1 for CORR */
static void k_stat(bctx_t *c)
{
    const int64_t M = P(0), N = P(0), corr = c->l->a1;
#define j GX
    switch (c->l->a0) {
    case 0:
    case 1: /* mean or std of column j */
        OP(0xb00, ST, 4, j < M, F4(c->l->a0 ? 2 : 1, j));
        for (int64_t i = 0; i < N; i++) {
            OP(0xb08, LD, 4, j < M, F4(0, i * M + j));
            if (c->l->a0)
                OP(0xb10, LD, 4, j < M, F4(1, j));
            OP(0xb18, ST, 4, j < M, F4(c->l->a0 ? 2 : 1, j));
        }
        OP(0xb20, ST, 4, j < M, F4(c->l->a0 ? 2 : 1, j));
        break;
    case 2: /* data[i][j] -= mean[j] (CORR: then /= sqrt(N) std[j]) */
        OP(0xb28, LD, 4, GY < N && GX < M, F4(0, GY * M + GX));
        OP(0xb30, LD, 4, GY < N && GX < M, F4(1, GX));
        OP(0xb38, ST, 4, GY < N && GX < M, F4(0, GY * M + GX));
        if (corr) {
            OP(0xb40, LD, 4, GY < N && GX < M, F4(2, GX));
            OP(0xb48, ST, 4, GY < N && GX < M, F4(0, GY * M + GX));
        }
        break;
    default: { /* symmat[j1][j2] for j2 from j1 (+1 for CORR): lanes step together */
        const int64_t last = corr ? M - 1 : M;
        if (corr)
            OP(0xb50, ST, 4, j < last, F4(3, j * M + j));
        for (int64_t t = 0; t < M; t++) {
#define J2 (GX + corr + t)
#define ACT (GX < last && J2 < M)
            if (BX * DX + corr + t >= M)
                break;
            OP(0xb58, ST, 4, ACT, F4(3, GX * M + J2));
            for (int64_t i = 0; i < N; i++) {
                OP(0xb60, LD, 4, ACT, F4(0, i * M + GX));
                OP(0xb68, LD, 4, ACT, F4(0, i * M + J2));
                OP(0xb70, ST, 4, ACT, F4(3, GX * M + J2));
            }
            OP(0xb78, ST, 4, ACT, F4(3, J2 * M + GX));
#undef ACT
#undef J2
        }
    }
    }
#undef j
}
static int s_stat(wl_bstate_t *s)
{
    uint64_t m = (uint64_t)SV(0);
    return wl_bench_alloc(s, 4 * m * m) | wl_bench_alloc(s, 4 * m) | wl_bench_alloc(s, 4 * m) |
           wl_bench_alloc(s, 4 * m * m);
}
static int l_stat(const wl_bstate_t *s, uint64_t i, wl_launch_t *l, int corr)
{
    static const char *const names[2][4] = {{"mean_kernel", "", "reduce_kernel", "covar_kernel"},
                                            {"mean_kernel", "std_kernel", "reduce_kernel", "corr_kernel"}};
    if (!corr && i >= 1)
        i++; /* COVAR has no std */
    if (i > 3)
        return 0;
    if (i == 2)
        *l = (wl_launch_t){k_stat, names[corr][2], CEIL(SV(0), 32), CEIL(SV(0), 8), 32, 8, 2, corr};
    else
        *l = (wl_launch_t){k_stat, names[corr][i], CEIL(SV(0), 256), 1, 256, 1, (int64_t)i, corr};
    return 1;
}
static int l_corr(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    return l_stat(s, i, l, 1);
}
static int l_covar(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    return l_stat(s, i, l, 0);
}
const wl_bench_t wl_b_corr = {
    {"corr", "correlation: column means, deviations, centring, then one thread per column j1 over j2 > j1",
     {WL_BENCH_COMMON, {"N", 2048, 2, 16384, "M = N (columns = rows)"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 2048", s_stat, l_corr};
const wl_bench_t wl_b_covar = {
    {"covar", "covariance: column means, centring, then one thread per column j1 over j2 >= j1",
     {WL_BENCH_COMMON, {"N", 2048, 2, 16384, "M = N (columns = rows)"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 2048", s_stat, l_covar};

/* ------------------------------------------------------------ FDTD-2D */
/* fict 0 (TMAX), ex 1, ey 2, hz 3 (NX x NY); launch a0 = t, a1 = step */
static void k_fdtd(bctx_t *c)
{
    const int64_t N = P(0), t = c->l->a0;
    const int64_t i0 = 1; /* ey's row 0 is the source */
    switch (c->l->a1) {
    case 0:
        OP(0xc00, LD, 4, GY == 0 && GX < N, F4(0, t));
        OP(0xc08, ST, 4, GY == 0 && GX < N, F4(2, GX));
#define IN (GY >= i0 && GY < N && GX < N)
        OP(0xc10, LD, 4, IN, F4(2, GY * N + GX));
        OP(0xc18, LD, 4, IN, F4(3, GY * N + GX));
        OP(0xc20, LD, 4, IN, F4(3, (GY - 1) * N + GX));
        OP(0xc28, ST, 4, IN, F4(2, GY * N + GX));
#undef IN
        break;
    case 1:
#define IN (GY < N && GX > 0 && GX < N)
        OP(0xc30, LD, 4, IN, F4(1, GY * N + GX));
        OP(0xc38, LD, 4, IN, F4(3, GY * N + GX));
        OP(0xc40, LD, 4, IN, F4(3, GY * N + GX - 1));
        OP(0xc48, ST, 4, IN, F4(1, GY * N + GX));
#undef IN
        break;
    default:
#define IN (GY < N - 1 && GX < N - 1)
        OP(0xc50, LD, 4, IN, F4(3, GY * N + GX));
        OP(0xc58, LD, 4, IN, F4(1, GY * N + GX + 1));
        OP(0xc60, LD, 4, IN, F4(1, GY * N + GX));
        OP(0xc68, LD, 4, IN, F4(2, (GY + 1) * N + GX));
        OP(0xc70, LD, 4, IN, F4(2, GY * N + GX));
        OP(0xc78, ST, 4, IN, F4(3, GY * N + GX));
#undef IN
    }
}
static int s_fdtd(wl_bstate_t *s)
{
    uint64_t n = (uint64_t)SV(0);
    return wl_bench_alloc(s, 4 * (uint64_t)SV(1)) | wl_bench_alloc(s, 4 * n * n) | wl_bench_alloc(s, 4 * n * n) |
           wl_bench_alloc(s, 4 * n * n);
}
static int l_fdtd(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    static const char *const names[3] = {"fdtd_step1_kernel", "fdtd_step2_kernel", "fdtd_step3_kernel"};
    if ((int64_t)(i / 3) >= SV(1))
        return 0;
    *l = (wl_launch_t){k_fdtd, names[i % 3], CEIL(SV(0), 32), CEIL(SV(0), 8), 32, 8, (int64_t)(i / 3),
                       (int64_t)(i % 3)};
    return 1;
}
const wl_bench_t wl_b_fdtd2d = {
    {"fdtd2d", "2-D finite-difference time domain: per time step three launches update ey, ex, hz",
     {WL_BENCH_COMMON, {"N", 2048, 2, 16384, "NX = NY"}, {"TMAX", 500, 1, 100000, "time steps"}}, WL_BENCH_NCOMMON + 2},
    "PolyBench/GPU", "the suite's 2048 x 2048, TMAX 500", s_fdtd, l_fdtd};

/* ----------------------------------------------------------- GRAMSCHM */
/* a 0, r 1, q 2 (N x N); per column k three launches (a1 = 0, 1, 2) */
static void k_gram(bctx_t *c)
{
    const int64_t N = P(0), k = c->l->a0;
    switch (c->l->a1) {
    case 0:
        for (int64_t i = 0; i < N; i++)
            OP(0xd00, LD, 4, GX == 0, F4(0, i * N + k));
        OP(0xd08, ST, 4, GX == 0, F4(1, k * N + k));
        break;
    case 1:
        OP(0xd10, LD, 4, GX < N, F4(0, GX * N + k));
        OP(0xd18, LD, 4, GX < N, F4(1, k * N + k));
        OP(0xd20, ST, 4, GX < N, F4(2, GX * N + k));
        break;
    default:
#define IN (GX > k && GX < N)
        OP(0xd28, ST, 4, IN, F4(1, k * N + GX));
        for (int64_t i = 0; i < N; i++) {
            OP(0xd30, LD, 4, IN, F4(2, i * N + k));
            OP(0xd38, LD, 4, IN, F4(0, i * N + GX));
            OP(0xd40, ST, 4, IN, F4(1, k * N + GX));
        }
        for (int64_t i = 0; i < N; i++) {
            OP(0xd48, LD, 4, IN, F4(0, i * N + GX));
            OP(0xd50, LD, 4, IN, F4(2, i * N + k));
            OP(0xd58, LD, 4, IN, F4(1, k * N + GX));
            OP(0xd60, ST, 4, IN, F4(0, i * N + GX));
        }
#undef IN
    }
}
static int s_gram(wl_bstate_t *s)
{
    return s_square(s, 3);
}
static int l_gram(const wl_bstate_t *s, uint64_t i, wl_launch_t *l)
{
    static const char *const names[3] = {"gramschmidt_kernel1", "gramschmidt_kernel2", "gramschmidt_kernel3"};
    if ((int64_t)(i / 3) >= SV(0))
        return 0;
    unsigned grid = i % 3 == 0 ? 1 : CEIL(SV(0), 256);
    *l = (wl_launch_t){k_gram, names[i % 3], grid, 1, 256, 1, (int64_t)(i / 3), (int64_t)(i % 3)};
    return 1;
}
const wl_bench_t wl_b_gramschm = {
    {"gramschm", "Gram-Schmidt: per column k a one-thread norm, a column scale, and a thread per later column",
     {WL_BENCH_COMMON, {"N", 2048, 1, 16384, "NI = NJ"}}, WL_BENCH_NCOMMON + 1},
    "PolyBench/GPU", "the suite's 2048", s_gram, l_gram};
