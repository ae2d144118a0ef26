/*
 * test_synth.c - the synthetic kernels (workloads/wl_synth.c,
 * docs/workloads.md): each kernel's trace has the shape its documentation
 * promises, measured on the trace it writes (not on the generator's state):
 *
 *   stream   every line requested once; SECT sectors; a, b loaded, c stored;
 *   reuse    every line of PC p is requested exactly 1 + p*(MAXUSE-1)/(PCS-1)
 *            times (lines still in flight at the end excepted);
 *   share    about FRAC % of the requests read a line another SM, DIST
 *            away, brought in first;
 *   sectors  the sectors per request average AVG/100, and a line keeps its
 *            sector set;
 *   cluster  no line is touched from two clusters, and about LOCAL % of the
 *            requests go to lines shared in the cluster;
 *
 * plus the parameter parser (defaults, bounds, unknown names, the cross
 * checks), and determinism (a seed gives the same bytes, another seed other
 * bytes).  TEST RATIONALE: the experiments read the papers' quantities off
 * these kernels; a kernel that drifts from its documented shape would make
 * them measure something else (tb/mutants/work.txt).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ut.h"
#include "wl_synth.h"
#include "wl_trace.h"

static char g_path[96];

/* The requests of a kernel's trace, assembled (at most max). */
static size_t requests(const char *kernel, const char *params, uint64_t seed, wl_req_t *out, size_t max)
{
    const wl_kernel_t *k = wl_find_kernel(kernel);
    uint32_t v[WL_SYNTH_MAXP];
    char err[CT_ERRLEN];
    if (!k || wl_synth_parse(k, params, v, err, sizeof err) < 0) {
        printf("cannot make %s %s: %s\n", kernel, params, k ? err : "unknown");
        exit(2);
    }
    FILE *f = fopen(g_path, "w");
    CHECK(wl_synth_write(k, v, seed, f, err, sizeof err) == 0, "%s writes", kernel);
    fclose(f);
    wl_reader_t *r = wl_open(g_path, err, sizeof err);
    CHECK(r != NULL, "%s's trace is a valid trace: %s", kernel, err);
    if (!r)
        return 0;
    wl_assembler_t as;
    wl_asm_init(&as, 128, 32);
    wl_rec_t rec;
    size_t n = 0;
    int got;
    while ((got = wl_next(r, &rec, err, sizeof err)) > 0)
        if (rec.type == WL_REC_ACCESS && wl_asm_feed(&as, &rec.a, &out[n]) && n < max - 1)
            n++;
    CHECK(got == 0, "%s's trace reads to its end: %s", kernel, err);
    if (wl_asm_flush(&as, &out[n]))
        n++;
    wl_close(r, NULL, 0);
    return n;
}

/* index of line in seen[0..*n), appended when new (then g_fresh = 1) */
static int g_fresh;
static size_t find_line(uint64_t *seen, size_t *n, uint64_t line)
{
    g_fresh = 0;
    for (size_t i = *n; i-- > 0;)
        if (seen[i] == line)
            return i;
    seen[*n] = line;
    g_fresh = 1;
    return (*n)++;
}

enum { MAXR = 20000 };
static wl_req_t R[MAXR];
static uint64_t seen[MAXR];
static uint32_t cnt[MAXR], aux[MAXR];

static void run_stream(void)
{
    size_t n = requests("stream", "SMS=3 WARPS=4 REQS=720 SECT=2", 1, R, MAXR), nl = 0;
    CHECK_EQ(n, 720, "720 requests: 60 per warp");
    unsigned stores = 0, bad = 0;
    for (size_t i = 0; i < n; i++) {
        find_line(seen, &nl, R[i].line);
        bad += !g_fresh;
        bad += R[i].sectors != 0x3;
        bad += R[i].sm != i % 3 || R[i].warp != i / 3 % 4;
        stores += R[i].kind == WL_ST;
    }
    CHECK_EQ(nl, 720, "every request a new line");
    CHECK_EQ(bad, 0, "sectors 0 and 1, issue order SM by SM then warp by warp");
    CHECK_EQ(stores, 240, "one request in three is the store of c");
}

static void run_reuse(void)
{
    size_t n = requests("reuse", "SMS=2 PCS=4 MAXUSE=7 LIVE=8 REQS=20000", 3, R, MAXR), nl = 0;
    memset(cnt, 0, sizeof cnt);
    for (size_t i = 0; i < n; i++) {
        size_t at = find_line(seen, &nl, R[i].line);
        cnt[at]++;
        aux[at] = (uint32_t)((R[i].pc - 0x200) / 0x10);
    }
    /* the lines still in flight at the end (at most SMS x LIVE = 16) are short */
    unsigned over = 0, full = 0, shortl = 0;
    for (size_t i = 0; i < nl; i++) {
        uint32_t want = 1 + aux[i] * 6 / 3;
        full += cnt[i] == want;
        shortl += cnt[i] < want;
        over += cnt[i] > want;
    }
    CHECK_EQ(over, 0, "no line of PC p has more than 1 + 2p requests");
    CHECK(shortl <= 16, "only the lines in flight at the end have fewer (%u)", shortl);
    CHECK(full > 1000, "many lines finished (%u)", full);
    n = requests("reuse", "SMS=2 PCS=4 MAXUSE=7 LIVE=8 REQS=500 LDG=1", 3, R, MAXR);
    unsigned not_ldg = 0;
    for (size_t i = 0; i < n; i++)
        not_ldg += R[i].kind != WL_LDG;
    CHECK(n == 500 && not_ldg == 0, "LDG=1: every request an ldg");
    n = requests("reuse", "SMS=1 PCS=1 MAXUSE=5 LIVE=1 REQS=20", 3, R, MAXR);
    CHECK(n == 20 && R[0].line == R[4].line && R[4].line != R[5].line && R[5].line == R[9].line,
          "one live line, 5 uses: lines change every 5 requests");
}

static void run_share(void)
{
    size_t n = requests("share", "SMS=4 DIST=2 FRAC=25 REUSE=0 REQS=20000", 5, R, MAXR), nl = 0;
    unsigned from_other = 0, bad = 0;
    for (size_t i = 0; i < n; i++) {
        size_t at = find_line(seen, &nl, R[i].line);
        if (g_fresh)
            aux[at] = R[i].sm; /* who brought it in */
        else if (aux[at] == (R[i].sm + 2) % 4)
            from_other++;
        else
            bad++;
    }
    CHECK_EQ(bad, 0, "with REUSE=0 a line is read again only by the SM DIST away");
    CHECK(from_other > n * 23 / 100 && from_other < n * 27 / 100, "about 25 %% from the sharer (%u of %zu)",
          from_other, n);
}

static void run_sectors_kernel(void)
{
    size_t n = requests("sectors", "SMS=2 AVG=137 FOOT=300 REQS=20000", 7, R, MAXR), nl = 0;
    uint64_t sum = 0;
    unsigned changed = 0;
    for (size_t i = 0; i < n; i++) {
        size_t at = find_line(seen, &nl, R[i].line);
        if (g_fresh)
            aux[at] = (uint32_t)R[i].sectors;
        else
            changed += aux[at] != R[i].sectors;
        sum += (uint64_t)__builtin_popcountll(R[i].sectors);
    }
    double avg = (double)sum / (double)n;
    CHECK(avg > 1.32 && avg < 1.42, "sectors per request average 1.37 (%.3f)", avg);
    CHECK_EQ(changed, 0, "a line's sector set is fixed");
    CHECK(nl <= 600, "the footprint is SMS x FOOT lines (%zu)", nl);
    n = requests("sectors", "AVG=400 REQS=100", 7, R, MAXR);
    unsigned not_all = 0;
    for (size_t i = 0; i < n; i++)
        not_all += R[i].sectors != 0xf;
    CHECK_EQ(not_all, 0, "AVG=400: every sector of every line");
    n = requests("sectors", "AVG=300 PART=100 REQS=2000", 7, R, MAXR);
    unsigned not_one = 0;
    for (size_t i = 0; i < n; i++)
        not_one += __builtin_popcountll(R[i].sectors) != 1;
    CHECK_EQ(not_one, 0, "PART=100: every request touches one sector of its line's set");
    n = requests("sectors", "SMS=1 AVG=200 PART=50 FOOT=4 REQS=4000", 7, R, MAXR);
    size_t nl2 = 0;
    unsigned outside = 0, partial = 0;
    for (size_t i = 0; i < n; i++) {
        size_t at = find_line(seen, &nl2, R[i].line);
        if (g_fresh)
            aux[at] = 0;
        aux[at] |= (uint32_t)R[i].sectors;
        partial += __builtin_popcountll(R[i].sectors) == 1;
    }
    for (size_t i = 0; i < nl2; i++)
        outside += __builtin_popcount(aux[i]) != 2;
    CHECK_EQ(outside, 0, "the sectors a line shows over all its requests are its set of 2");
    CHECK(partial > n * 45 / 100 && partial < n * 55 / 100, "about half of the requests touch one sector (%u)", partial);
}

static void run_cluster(void)
{
    size_t n = requests("cluster", "SMS=6 CLUSTER=3 LOCAL=30 FOOT=100 CFOOT=50 REQS=20000", 9, R, MAXR), nl = 0;
    unsigned cross = 0, shared_req = 0;
    memset(cnt, 0, sizeof cnt);
    for (size_t i = 0; i < n; i++) {
        size_t at = find_line(seen, &nl, R[i].line);
        uint32_t cl = R[i].sm / 3;
        if (g_fresh)
            aux[at] = cl, cnt[at] = 1u << R[i].sm;
        else {
            cross += aux[at] != cl;
            cnt[at] |= 1u << R[i].sm;
        }
    }
    for (size_t i = 0; i < n; i++) {
        size_t at = find_line(seen, &nl, R[i].line);
        shared_req += __builtin_popcount(cnt[at]) > 1;
    }
    CHECK_EQ(cross, 0, "no line is touched from two clusters");
    CHECK(shared_req > n * 28 / 100 && shared_req < n * 32 / 100,
          "about 30 %% of the requests go to lines several SMs of the cluster touch (%u of %zu)", shared_req, n);
}

static void run_parse(void)
{
    const wl_kernel_t *k = wl_find_kernel("share");
    uint32_t v[WL_SYNTH_MAXP];
    char err[CT_ERRLEN], buf[256];
    CHECK(k && wl_synth_parse(k, "", v, err, sizeof err) == 0 && v[0] == 4 && v[3] == 20,
          "no text: the defaults");
    CHECK(wl_synth_parse(k, "FRAC=10,DIST=3  SMS=8", v, err, sizeof err) == 0 && v[3] == 10 && v[4] == 3 &&
              v[0] == 8,
          "comma or blank separated");
    wl_synth_format(k, v, buf, sizeof buf);
    CHECK(!strcmp(buf, "SMS=8 WARPS=8 REQS=20000 FRAC=10 DIST=3 REUSE=30 RECENT=64"), "formatted: %s", buf);
    static const struct {
        const char *kernel, *text, *want;
    } bad[] = {
        {"share", "FRAC", "is not NAME=VALUE"},
        {"share", "FROC=3", "unknown parameter 'FROC'; known: SMS WARPS REQS FRAC DIST REUSE RECENT"},
        {"share", "FRAC=101", "FRAC='101' is not a decimal number in 0..100"},
        {"share", "FRAC=-1", "FRAC='-1'"},
        {"share", "FRAC=1x", "FRAC='1x'"},
        {"share", "FRAC=", "FRAC=''"},
        {"share", "SMS=0", "SMS='0'"},
        {"share", "WARPS=1", "WARPS='1'"},
        {"share", "REQS=99999999999", "REQS='99999999999'"},
        {"share", "SMS=4 DIST=4", "DIST=4 must be less than SMS=4"},
        {"share", "FRAC=60 REUSE=50", "FRAC + REUSE = 110"},
        {"cluster", "SMS=6 CLUSTER=4", "CLUSTER=4 does not divide SMS=6"},
        {"sectors", "AVG=99", "AVG='99'"},
        {"stream", "SECT=5", "SECT='5'"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const wl_kernel_t *kk = wl_find_kernel(bad[i].kernel);
        int rc = wl_synth_parse(kk, bad[i].text, v, err, sizeof err);
        CHECK(rc < 0 && strstr(err, bad[i].want) && !strncmp(err, bad[i].kernel, strlen(bad[i].kernel)),
              "%s '%s': '%s', expected '%s'", bad[i].kernel, bad[i].text, rc < 0 ? err : "(accepted)", bad[i].want);
    }
    CHECK(!wl_find_kernel("streams") && wl_find_kernel("cluster"), "kernels are found by their exact name");
    CHECK_EQ(wl_n_kernels, 5, "five kernels");
}

static void run_deterministic(void)
{
    for (unsigned i = 0; i < wl_n_kernels; i++) {
        const wl_kernel_t *k = wl_kernels[i];
        uint32_t v[WL_SYNTH_MAXP];
        char err[CT_ERRLEN];
        wl_synth_parse(k, "REQS=2000", v, err, sizeof err);
        size_t la, lb, lc;
        FILE *f = fopen(g_path, "w");
        wl_synth_write(k, v, 11, f, err, sizeof err);
        fclose(f);
        char *a = ut_slurp(g_path, &la);
        f = fopen(g_path, "w");
        wl_synth_write(k, v, 11, f, err, sizeof err);
        fclose(f);
        char *b = ut_slurp(g_path, &lb);
        f = fopen(g_path, "w");
        wl_synth_write(k, v, 12, f, err, sizeof err);
        fclose(f);
        char *c = ut_slurp(g_path, &lc);
        CHECK(la == lb && !memcmp(a, b, la), "%s: the same seed, the same bytes", k->name);
        /* the records after %data (the %source line names the seed); stream
         * draws nothing at random */
        const char *da = strstr(a, "%data"), *dc = strstr(c, "%data");
        int same = da && dc && strlen(da) == strlen(dc) && !strcmp(da, dc);
        CHECK(same == !strcmp(k->name, "stream"), "%s: another seed, %s records", k->name,
              strcmp(k->name, "stream") ? "other" : "the same");
        free(a), free(b), free(c);
    }
}

#define T(name) UT_SCRATCH_TEST(name, g_path, "ct_synth_test", "trace")
T(stream)
T(reuse)
T(share)
T(sectors_kernel)
T(cluster)
T(deterministic)

const ut_test_t synth_tests[] = {
    {"work/synth/stream", "every line once, SECT sectors, one store in three", t_stream},
    {"work/synth/reuse", "a line of PC p is requested 1 + p(MAXUSE-1)/(PCS-1) times", t_reuse},
    {"work/synth/share", "FRAC % of requests read the sharer's lines, and only its", t_share},
    {"work/synth/sectors", "sectors per request average AVG/100; a line keeps its set", t_sectors_kernel},
    {"work/synth/cluster", "lines stay in their cluster; LOCAL % of requests shared", t_cluster},
    {"work/synth/parse", "defaults, bounds, unknown names and cross checks", run_parse},
    {"work/synth/deterministic", "a seed gives the same bytes, another seed others", t_deterministic},
    {NULL, NULL, NULL},
};
