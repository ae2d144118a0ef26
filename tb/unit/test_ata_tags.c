/*
 * test_ata_tags.c - ATA-Cache's aggregated tag array against ATA-Cache [002]
 * Sec. III-B/III-C and the decisions of docs/blocks/ata_tags.md, not against
 * the model's code.
 *
 * TEST RATIONALE: the paper's working example reproduced bit for bit (two
 * 4-way arrays, Req-1 -> [1,0], Req-2 -> [1,1]); the three cases of Fig. 7
 * (local hit wins even when remotes hit, remote hit -> one remote array and
 * a read the next cycle, no hit -> L2); writes only local; the dirty
 * redirect (a write hit or an update of the chosen remote line in the compare
 * cycle sends the read to L2, an update of another way does not); updates
 * visible from the next cycle; reset; the rotating choice spreads serves
 * evenly where a fixed priority would starve an array; and a random run of
 * the narrow, 65-bit and 1,024-bit presets against a reference written here
 * from the page's rules (plain arrays, no shared code).
 */
#include <stdlib.h>
#include <string.h>

#include "ata_tags.h"
#include "ct_rng.h"
#include "ut.h"

UT_DEFINE_MK(ata_tags)

static unsigned clog2u(unsigned n)
{
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    return b ? b : 1;
}

/* Field helpers on the packed ports, written here (bit r*F.. of the words). */
static uint64_t get(const uint64_t *w, unsigned r, unsigned f)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < f; i++)
        v |= ((w[(r * f + i) / 64] >> ((r * f + i) % 64)) & 1) << i;
    return v;
}
static void put(uint64_t *w, unsigned r, unsigned f, uint64_t v)
{
    for (unsigned i = 0; i < f; i++) {
        unsigned b = r * f + i;
        w[b / 64] = (w[b / 64] & ~(1ull << (b % 64))) | (((v >> i) & 1) << (b % 64));
    }
}

typedef struct {
    unsigned n, sw, ww, cw, tw;
} geo_t;
static geo_t geo(const ata_tags_cfg_t *c)
{
    geo_t g = {c->CORES, clog2u(c->SETS), clog2u(c->WAYS), clog2u(c->CORES), c->TAG_W};
    return g;
}

/* Input builders: a request of core r, an update of L1 a. */
static void req(ata_tags_in_t *in, geo_t g, unsigned r, unsigned wr, unsigned set, uint64_t tag)
{
    in->req_v_i |= 1ull << r;
    if (wr)
        in->req_wr_i |= 1ull << r;
    put(in->req_set_i, r, g.sw, set);
    put(in->req_tag_i, r, g.tw, tag);
}
static void upd(ata_tags_in_t *in, geo_t g, unsigned a, unsigned fill, unsigned set, unsigned way,
                uint64_t tag)
{
    in->upd_v_i |= 1ull << a;
    if (fill)
        in->upd_fill_i |= 1ull << a;
    put(in->upd_set_i, a, g.sw, set);
    put(in->upd_way_i, a, g.ww, way);
    put(in->upd_tag_i, a, g.tw, tag);
}
static ata_tags_out_t cyc(ata_tags_t *m, const ata_tags_in_t *in)
{
    ata_tags_out_t o;
    ata_tags_cycle(m, in, &o);
    return o;
}
static ata_tags_out_t idle(ata_tags_t *m)
{
    ata_tags_in_t in;
    memset(&in, 0, sizeof in);
    return cyc(m, &in);
}
static void fill(ata_tags_t *m, geo_t g, unsigned a, unsigned set, unsigned way, uint64_t tag)
{
    ata_tags_in_t in;
    memset(&in, 0, sizeof in);
    upd(&in, g, a, 1, set, way, tag);
    cyc(m, &in);
}
static void reset(ata_tags_t *m)
{
    ata_tags_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_i = 1;
    cyc(m, &in);
}
static unsigned dst(ata_tags_out_t o, unsigned r) { return (unsigned)((o.dst_o >> (2 * r)) & 3); }

/* Sec. III-B working example: two 4-way arrays, Req-1 (core 0) to set 0 hits
 * only array 0 -> [1,0]; Req-2 (core 1) to set 1 hits both -> [1,1]. */
static void test_working_example(void)
{
    ata_tags_cfg_t c;
    ata_tags_t *m = mk("example", &c);
    geo_t g = geo(&c);
    reset(m);
    const uint64_t A = 0x5a, B = 0xc3;
    fill(m, g, 0, 0, 2, A); /* array 0 set 0 way 2 */
    fill(m, g, 0, 1, 1, B); /* array 0 set 1 way 1 */
    fill(m, g, 1, 1, 3, B); /* array 1 set 1 way 3 */
    fill(m, g, 1, 0, 0, B); /* array 1 set 0: another tag */
    ata_tags_in_t in;
    memset(&in, 0, sizeof in);
    req(&in, g, 0, 0, 0, A);
    req(&in, g, 1, 0, 1, B);
    ata_tags_out_t o = cyc(m, &in);
    CHECK_EQ(o.hit_o[0], 0xd, "hit vectors: Req-1 [1,0] in bits 0..1, Req-2 [1,1] in bits 2..3");
    CHECK_EQ(o.dst_o, 1 | 1 << 2, "both local hits: LOCAL, LOCAL");
    CHECK_EQ(get(o.src_o, 0, g.cw), 0, "Req-1 served by array 0");
    CHECK_EQ(get(o.src_o, 1, g.cw), 1, "Req-2 served by its own array 1 (local priority)");
    CHECK_EQ(get(o.way_o, 0, g.ww), 2, "Req-1 way 2");
    CHECK_EQ(get(o.way_o, 1, g.ww), 3, "Req-2 way 3 in array 1");
    o = idle(m);
    CHECK_EQ(o.rrd_o | o.rl2_o, 0, "no remote read after local hits");
    ata_tags_free(m);
}

/* Fig. 7 (a) local hit, (b) remote hit, (c) miss; writes; the read stage. */
static void test_fig7_and_writes(void)
{
    ata_tags_cfg_t c;
    ata_tags_t *m = mk("small", &c); /* 3 cores, 4 sets, 4 ways */
    geo_t g = geo(&c);
    reset(m);
    const uint64_t X = 0x1abcde, Y = 0x0f0f0f;
    fill(m, g, 0, 2, 1, X);
    fill(m, g, 1, 2, 3, X);
    fill(m, g, 2, 2, 0, X);
    fill(m, g, 2, 3, 2, Y);
    ata_tags_in_t in;
    memset(&in, 0, sizeof in);
    req(&in, g, 0, 0, 2, X); /* Fig. 7(b): hits everywhere, local first */
    req(&in, g, 1, 0, 3, Y); /* Fig. 7(a): only array 2 */
    req(&in, g, 2, 0, 1, Y); /* Fig. 7(c): set 1 holds nothing */
    ata_tags_out_t o = cyc(m, &in);
    CHECK_EQ(get(o.hit_o, 0, 3), 7, "7(b) hit vector [1,1,1]");
    CHECK_EQ(dst(o, 0), ATA_LOCAL, "7(b) local hit -> LOCAL although remotes hit");
    CHECK_EQ(get(o.way_o, 0, g.ww), 1, "7(b) the local way");
    CHECK_EQ(get(o.hit_o, 1, 3), 4, "7(a) hit vector [0,0,1]");
    CHECK_EQ(dst(o, 1), ATA_REMOTE, "7(a) remote hit only -> REMOTE");
    CHECK_EQ(get(o.src_o, 1, g.cw), 2, "7(a) served by array 2");
    CHECK_EQ(get(o.way_o, 1, g.ww), 2, "7(a) in way 2");
    CHECK_EQ(get(o.hit_o, 2, 3), 0, "7(c) hit vector 0");
    CHECK_EQ(dst(o, 2), ATA_L2, "7(c) no hit -> L2");
    CHECK_EQ(o.rrd_o | o.rl2_o, 0, "the remote read is not in the compare cycle");
    o = idle(m);
    CHECK_EQ(o.rrd_o, 2, "7(a) reads array 2 the next cycle (rrd_o bit 1)");
    CHECK_EQ(o.rl2_o, 0, "no redirect");
    CHECK_EQ(o.dst_o | o.hit_o[0], 0, "no request: dst none, hit vector 0");
    o = idle(m);
    CHECK_EQ(o.rrd_o, 0, "one read per REMOTE request");

    memset(&in, 0, sizeof in);
    req(&in, g, 1, 1, 3, Y); /* a write that hits only remotely */
    req(&in, g, 2, 1, 3, Y); /* a write that hits locally */
    o = cyc(m, &in);
    CHECK_EQ(dst(o, 1), ATA_L2, "a write with only a remote hit goes to L2 (writes only local)");
    CHECK_EQ(get(o.hit_o, 1, 3), 4, "... its hit vector still shows the remote hit");
    CHECK_EQ(dst(o, 2), ATA_LOCAL, "a local write hit -> LOCAL");
    CHECK_EQ(get(o.src_o, 1, g.cw) | (get(o.way_o, 1, g.ww) << 8), 0, "L2: src and way 0");

    /* an update is visible from the next cycle on, not in its own cycle */
    memset(&in, 0, sizeof in);
    upd(&in, g, 0, 1, 0, 0, Y);
    req(&in, g, 0, 0, 0, Y);
    o = cyc(m, &in);
    CHECK_EQ(dst(o, 0), ATA_L2, "a fill is not seen by a compare in its own cycle");
    memset(&in, 0, sizeof in);
    req(&in, g, 0, 0, 0, Y);
    o = cyc(m, &in);
    CHECK_EQ(dst(o, 0), ATA_LOCAL, "... and is seen the next cycle");
    memset(&in, 0, sizeof in);
    upd(&in, g, 0, 0, 0, 0, 0);
    cyc(m, &in);
    memset(&in, 0, sizeof in);
    req(&in, g, 0, 0, 0, Y);
    CHECK_EQ(dst(cyc(m, &in), 0), ATA_L2, "an invalidation removes the line");

    /* reset: outputs 0 in the reset cycle, nothing valid after it */
    memset(&in, 0, sizeof in);
    req(&in, g, 0, 0, 2, X);
    req(&in, g, 1, 0, 3, Y);
    upd(&in, g, 1, 1, 0, 0, X);
    in.rst_i = 1;
    o = cyc(m, &in);
    CHECK_EQ(o.hit_o[0] | o.dst_o | o.src_o[0] | o.way_o[0] | o.rrd_o | o.rl2_o, 0,
             "every output 0 in a reset cycle");
    memset(&in, 0, sizeof in);
    req(&in, g, 0, 0, 2, X);
    req(&in, g, 1, 0, 0, X);
    o = cyc(m, &in);
    CHECK_EQ(o.hit_o[0], 0, "after reset nothing hits (and the reset cycle's fill was ignored)");
    ata_tags_free(m);
}

/* The dirty redirect: the chosen remote line written in the compare cycle. */
static void test_dirty_redirect(void)
{
    ata_tags_cfg_t c;
    ata_tags_t *m = mk("small", &c);
    geo_t g = geo(&c);
    reset(m);
    const uint64_t X = 0x123456;
    fill(m, g, 0, 1, 2, X);
    ata_tags_in_t in;
    memset(&in, 0, sizeof in);
    req(&in, g, 1, 0, 1, X); /* core 1 reads X: remote in array 0 */
    req(&in, g, 0, 1, 1, X); /* core 0 writes X: local hit, same line */
    ata_tags_out_t o = cyc(m, &in);
    CHECK(dst(o, 1) == ATA_REMOTE && get(o.src_o, 1, g.cw) == 0, "core 1 -> REMOTE array 0");
    o = idle(m);
    CHECK(o.rl2_o == 2 && o.rrd_o == 0, "written in the compare cycle: rl2_o, not rrd_o");

    memset(&in, 0, sizeof in);
    req(&in, g, 1, 0, 1, X);
    upd(&in, g, 0, 1, 1, 2, 0x777); /* L1 0 replaces that very entry */
    cyc(m, &in);
    o = idle(m);
    CHECK(o.rl2_o == 2 && o.rrd_o == 0, "replaced in the compare cycle: redirected to L2");

    fill(m, g, 0, 1, 2, X);
    memset(&in, 0, sizeof in);
    req(&in, g, 1, 0, 1, X);
    upd(&in, g, 0, 1, 1, 3, 0x777); /* another way of the same set */
    cyc(m, &in);
    o = idle(m);
    CHECK(o.rrd_o == 2 && o.rl2_o == 0, "an update of another way does not redirect");

    memset(&in, 0, sizeof in);
    req(&in, g, 1, 0, 1, X);
    req(&in, g, 2, 1, 1, X); /* a write by a third core (a miss for it): not core 0 */
    cyc(m, &in);
    o = idle(m);
    CHECK(o.rrd_o == 2 && o.rl2_o == 0, "only the serving array's own core's write counts");
    ata_tags_free(m);
}

/* Rotation: two remote arrays hold the line; a core asking every cycle is
 * served alternately (a fixed priority would always pick array 1). */
static void test_rotation(void)
{
    ata_tags_cfg_t c;
    ata_tags_t *m = mk("small", &c);
    geo_t g = geo(&c);
    reset(m);
    fill(m, g, 1, 0, 0, 9);
    fill(m, g, 2, 0, 3, 9);
    unsigned serves[3] = {0, 0, 0}, prev = 99, alternated = 1;
    for (unsigned i = 0; i < 100; i++) {
        ata_tags_in_t in;
        memset(&in, 0, sizeof in);
        req(&in, g, 0, 0, 0, 9);
        ata_tags_out_t o = cyc(m, &in);
        unsigned s = (unsigned)get(o.src_o, 0, g.cw);
        CHECK_EQ(dst(o, 0), ATA_REMOTE, "cycle %u remote", i);
        serves[s < 3 ? s : 0]++;
        if (s == prev)
            alternated = 0;
        prev = s;
        if (i == 0)
            CHECK_EQ(s, 1, "after reset the pointer is 0: the first choice is array 1");
    }
    CHECK(serves[1] == 50 && serves[2] == 50 && alternated, "served 50/50 alternately (%u, %u)",
          serves[1], serves[2]);
    ata_tags_free(m);
}

/* ------------------------------------------------ reference from the page */
typedef struct {
    geo_t g;
    unsigned sets, ways;
    uint8_t *v;   /* [a][s][w] */
    uint64_t *t;
    unsigned ptr[32], rrd, rl2;
} ref_t;
static size_t ix(const ref_t *r, unsigned a, unsigned s, unsigned w)
{
    return ((size_t)a * r->sets + s) * r->ways + w;
}
static void ref_cycle(ref_t *R, const ata_tags_in_t *in, ata_tags_out_t *o)
{
    geo_t g = R->g;
    memset(o, 0, sizeof *o);
    if (in->rst_i) {
        memset(R->v, 0, (size_t)g.n * R->sets * R->ways);
        memset(R->ptr, 0, sizeof R->ptr);
        R->rrd = R->rl2 = 0;
        return;
    }
    unsigned set[32], way[32], src[32], d[32];
    for (unsigned r = 0; r < g.n; r++) {
        d[r] = ATA_NONE;
        src[r] = way[r] = 0;
        set[r] = (unsigned)get(in->req_set_i, r, g.sw) & (R->sets - 1);
        if (!((in->req_v_i >> r) & 1))
            continue;
        uint64_t tag = get(in->req_tag_i, r, g.tw);
        int hw[32];
        for (unsigned a = 0; a < g.n; a++) {
            hw[a] = -1;
            for (unsigned w = 0; w < R->ways && hw[a] < 0; w++)
                if (R->v[ix(R, a, set[r], w)] && R->t[ix(R, a, set[r], w)] == tag)
                    hw[a] = (int)w;
            if (hw[a] >= 0)
                put(o->hit_o, r * g.n + a, 1, 1);
        }
        int pick = -1;
        for (unsigned k = 0; k < g.n && pick < 0; k++)
            if (hw[(R->ptr[r] + k) % g.n] >= 0)
                pick = (int)((R->ptr[r] + k) % g.n);
        if (hw[r] >= 0)
            d[r] = ATA_LOCAL, src[r] = r, way[r] = (unsigned)hw[r];
        else if (((in->req_wr_i >> r) & 1) || pick < 0)
            d[r] = ATA_L2;
        else
            d[r] = ATA_REMOTE, src[r] = (unsigned)pick, way[r] = (unsigned)hw[pick];
        o->dst_o |= (uint64_t)d[r] << (2 * r);
        put(o->src_o, r, g.cw, src[r]);
        put(o->way_o, r, g.ww, way[r]);
    }
    o->rrd_o = R->rrd;
    o->rl2_o = R->rl2;
    R->rrd = R->rl2 = 0;
    for (unsigned r = 0; r < g.n; r++) {
        if (d[r] != ATA_REMOTE)
            continue;
        unsigned p = src[r];
        int dirty = (d[p] == ATA_LOCAL && ((in->req_wr_i >> p) & 1) && set[p] == set[r] &&
                     way[p] == way[r]) ||
                    (((in->upd_v_i >> p) & 1) &&
                     (get(in->upd_set_i, p, g.sw) & (R->sets - 1)) == set[r] &&
                     (get(in->upd_way_i, p, g.ww) & (R->ways - 1)) == way[r]);
        if (dirty)
            R->rl2 |= 1u << r;
        else
            R->rrd |= 1u << r;
        R->ptr[r] = (p + 1) % g.n;
    }
    for (unsigned a = 0; a < g.n; a++) {
        if (!((in->upd_v_i >> a) & 1))
            continue;
        size_t e = ix(R, a, (unsigned)get(in->upd_set_i, a, g.sw) & (R->sets - 1),
                      (unsigned)get(in->upd_way_i, a, g.ww) & (R->ways - 1));
        R->v[e] = (in->upd_fill_i >> a) & 1;
        if (R->v[e])
            R->t[e] = get(in->upd_tag_i, a, g.tw);
    }
}

static void random_run(const char *preset, unsigned cycles, uint64_t seed)
{
    ata_tags_cfg_t c;
    ata_tags_t *m = mk(preset, &c);
    ref_t R;
    memset(&R, 0, sizeof R);
    R.g = geo(&c);
    R.sets = c.SETS;
    R.ways = c.WAYS;
    size_t n = (size_t)c.CORES * c.SETS * c.WAYS;
    R.v = calloc(n, 1);
    R.t = calloc(n, sizeof *R.t);
    ct_rng_t rng;
    ct_rng_seed(&rng, seed);
    uint64_t pool[4];
    for (unsigned i = 0; i < 4; i++)
        pool[i] = ct_rng_next(&rng) & ((c.TAG_W >= 64) ? ~0ull : ((1ull << c.TAG_W) - 1));
    /* tags that differ from another only in the top bit, only in bit 0 */
    pool[1] = pool[0] ^ (1ull << (c.TAG_W - 1));
    pool[2] = pool[0] ^ 1;
    unsigned bad = 0, remote = 0, redirect = 0, local = 0;
    for (unsigned t = 0; t < cycles && bad < 3; t++) {
        ata_tags_in_t in;
        memset(&in, 0, sizeof in);
        in.rst_i = t == 0 || ct_rng_chance(&rng, 2);
        for (unsigned r = 0; r < c.CORES; r++) {
            if (ct_rng_chance(&rng, 60))
                req(&in, R.g, r, ct_rng_chance(&rng, 25), (unsigned)ct_rng_below(&rng, 1u << R.g.sw),
                    pool[ct_rng_below(&rng, 4)]);
            if (ct_rng_chance(&rng, 30))
                upd(&in, R.g, r, ct_rng_chance(&rng, 80), (unsigned)ct_rng_below(&rng, 1u << R.g.sw),
                    (unsigned)ct_rng_below(&rng, 1u << R.g.ww), pool[ct_rng_below(&rng, 4)]);
        }
        ata_tags_out_t o, e;
        memset(&o, 0xa5, sizeof o); /* every word is the model's to write, the unused ones 0 */
        ata_tags_cycle(m, &in, &o);
        ref_cycle(&R, &in, &e);
        if (memcmp(&o, &e, sizeof o)) {
            bad++;
            CHECK(0, "%s cycle %u: the model differs from the page's rules (dst %llx vs %llx)",
                  preset, t, (unsigned long long)o.dst_o, (unsigned long long)e.dst_o);
        }
        for (unsigned r = 0; r < c.CORES; r++) {
            remote += dst(o, r) == ATA_REMOTE;
            local += dst(o, r) == ATA_LOCAL;
        }
        redirect += o.rl2_o != 0;
    }
    CHECK(remote > cycles / 40 && local > cycles / 40 && redirect > 0,
          "%s: the run exercises local %u, remote %u, redirects %u", preset, local, remote, redirect);
    free(R.v);
    free(R.t);
    ata_tags_free(m);
}
static void test_random_vs_reference(void)
{
    random_run("example", 20000, 11);
    random_run("small", 20000, 12);
    random_run("tiny", 20000, 13);
    random_run("wide", 5000, 14);
    random_run("paper", 3000, 15);
    /* tags of more than 31 bits (a model may split them), at the limit */
    random_run("small,TAG_W=32", 20000, 16);
    random_run("tiny,TAG_W=48", 20000, 17);
}

static void test_bad_configs(void)
{
    static const struct {
        const char *cfg, *frag;
    } bad[] = {
        {"paper,CORES=0", "CORES=0 out of range"},
        {"paper,CORES=33", "CORES=33 out of range"},
        {"paper,SETS=0", "SETS=0 out of range"},
        {"paper,SETS=6", "SETS=6 is not a power of two"},
        {"paper,WAYS=3", "WAYS=3 is not a power of two"},
        {"paper,TAG_W=49", "TAG_W=49 out of range"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t v[CT_MAX_PARAMS];
        char err[CT_ERRLEN] = "";
        int rc = ct_config_parse(&ata_tags_block, bad[i].cfg, v, err, sizeof err);
        if (!rc)
            rc = ata_tags_validate((const ata_tags_cfg_t *)v, err, sizeof err);
        CHECK(rc == -1 && strstr(err, bad[i].frag), "%s refused with -1: %d '%s'", bad[i].cfg, rc, err);
    }
    /* SETS and WAYS: powers of two (docs/blocks/ata_tags.md), every value of
     * their ranges; _check returns 0 or -1 */
    for (unsigned v = 1; v <= 64; v++) {
        int pow2 = 0;
        for (unsigned k = 1; k <= 64; k *= 2)
            pow2 |= v == k;
        ata_tags_cfg_t c = {{.CORES = 2, .SETS = v, .WAYS = 4, .TAG_W = 8}};
        char err[CT_ERRLEN] = "";
        CHECK_EQ(ata_tags_check(&c, err, sizeof err), pow2 ? 0 : -1, "SETS=%u: %s", v, err);
        c.SETS = 4;
        c.WAYS = v;
        CHECK_EQ(ata_tags_check(&c, err, sizeof err), pow2 ? 0 : -1, "WAYS=%u: %s", v, err);
    }
}

/* The packed per-core fields of the ports (ata_field, ata_set_field)
 * against the bit-by-bit helpers of this file, for every field width up to
 * 48 and every core up to 32 (fields straddling 64-bit words). */
static void test_fields(void)
{
    ct_rng_t rng;
    ct_rng_seed(&rng, 5);
    for (unsigned f = 1; f <= 48; f++)
        for (unsigned r = 0; r < 32; r++) {
            uint64_t a[24], b[24], v = ct_rng_next(&rng) & ((UINT64_C(1) << f) - 1);
            for (unsigned k = 0; k < 24; k++)
                a[k] = b[k] = ct_rng_next(&rng);
            ata_set_field(a, r, f, v);
            put(b, r, f, v);
            CHECK(!memcmp(a, b, sizeof a), "ata_set_field(core %u, %u bits) writes only its field", r, f);
            CHECK_EQ(ata_field(a, r, f), get(a, r, f), "ata_field(core %u, %u bits)", r, f);
        }
}

/* The coverage bins of a hand-worked run of the working example's geometry
 * (2 cores, 2 sets, 4 ways), counted here from the page's bin definitions. */
static void test_coverage_counts(void)
{
    ata_tags_cfg_t c;
    ata_tags_t *m = mk("example", &c);
    geo_t g = geo(&c);
    ata_tags_in_t in;
    reset(m);
    fill(m, g, 0, 0, 0, 0xA); /* array 0, set 0: tag A */
    fill(m, g, 1, 1, 0, 0xB); /* array 1, set 1: tag B */
    fill(m, g, 0, 1, 1, 0xB); /* array 0, set 1: tag B */
    memset(&in, 0, sizeof in);
    req(&in, g, 0, 0, 0, 0xA); /* [1,0]: local only */
    req(&in, g, 1, 0, 1, 0xB); /* [1,1]: local and remote */
    cyc(m, &in);
    memset(&in, 0, sizeof in);
    req(&in, g, 1, 0, 0, 0xA); /* core 1: only array 0 -> one remote, the lowest */
    cyc(m, &in);
    idle(m); /* its read stage */
    memset(&in, 0, sizeof in);
    req(&in, g, 0, 0, 0, 0xC); /* no array: L2 */
    cyc(m, &in);
    memset(&in, 0, sizeof in);
    req(&in, g, 0, 1, 0, 0xA); /* a write hitting locally */
    req(&in, g, 1, 1, 0, 0xA); /* a write hitting only remotely; both in set 0 */
    cyc(m, &in);
    memset(&in, 0, sizeof in);
    req(&in, g, 0, 0, 1, 0xB);          /* [1,1] again */
    upd(&in, g, 1, 1, 1, 3, 0x55);      /* an update of set 1 in the same cycle */
    cyc(m, &in);
    ata_tags_cov_t cov;
    ata_tags_coverage(m, &cov);
    static const uint64_t want[ATA_COV_N] = {
        [ATA_COV_NONE] = 1,     [ATA_COV_LOCAL] = 1,    [ATA_COV_LOCAL_REMOTE] = 2,
        [ATA_COV_REMOTE1] = 1,  [ATA_COV_REMOTEN] = 0,  [ATA_COV_SAME_SET] = 1,
        [ATA_COV_UPD_COLLIDE] = 1, [ATA_COV_REDIR_WRITE] = 0, [ATA_COV_REDIR_UPD] = 0,
        [ATA_COV_WR_LOCAL] = 1, [ATA_COV_WR_REMOTE] = 1, [ATA_COV_ROTATED] = 0};
    for (unsigned b = 0; b < ATA_COV_N; b++)
        CHECK_EQ(cov.bin[b], want[b], "bin %u", b);
    CHECK(cov.serves[0] == 1 && cov.serves[1] == 0, "one remote serve, by array 0");
    ata_tags_free(m);
}

static void test_coverage_checker(void)
{
    ata_tags_cfg_t c;
    ata_tags_t *m = mk("small", &c);
    ata_tags_cov_t cov;
    memset(&cov, 0, sizeof cov);
    FILE *f = tmpfile();
    CHECK_EQ(ata_tags_cov_check(&c, &cov, f), ATA_COV_N, "an empty run: every bin a hole");
    for (unsigned b = 0; b < ATA_COV_N; b++)
        cov.bin[b] = 1;
    CHECK_EQ(ata_tags_cov_check(&c, &cov, f), 0, "every bin seen: complete");
    for (unsigned b = 0; b < ATA_COV_N; b++) {
        cov.bin[b] = 0;
        CHECK_EQ(ata_tags_cov_check(&c, &cov, f), 1, "bin %u missing: one hole", b);
        cov.bin[b] = 1;
    }
    ata_tags_free(m);
    m = mk("paper,CORES=2", &c);
    cov.bin[ATA_COV_REMOTEN] = cov.bin[ATA_COV_ROTATED] = 0;
    CHECK_EQ(ata_tags_cov_check(&c, &cov, f), 0, "two cores: no choice among several remotes required");
    ata_tags_free(m);
    fclose(f);
    /* a run that saw only idle cycles reports holes through the public report */
    m = mk("small", &c);
    reset(m);
    idle(m);
    f = tmpfile();
    CHECK(ata_tags_report(m, f) > 0, "ata_tags_report of an idle run: holes");
    fclose(f);
    ata_tags_free(m);
}

const ut_test_t ata_tags_tests[] = {
    {"ata_tags/working_example", "Sec. III-B: [1,0] and [1,1], bit for bit", test_working_example},
    {"ata_tags/fig7_writes_reset", "Fig. 7 a/b/c, writes only local, update timing, reset",
     test_fig7_and_writes},
    {"ata_tags/dirty_redirect", "the remote line written in the compare cycle -> L2",
     test_dirty_redirect},
    {"ata_tags/rotation", "remote serves alternate between two holders", test_rotation},
    {"ata_tags/random_vs_reference", "every preset against the page's rules",
     test_random_vs_reference},
    {"ata_tags/bad_configs", "invalid configurations name the parameter", test_bad_configs},
    {"ata_tags/coverage_checker", "one missing bin is one hole", test_coverage_checker},
    {"ata_tags/fields", "packed per-core port fields, bit by bit", test_fields},
    {"ata_tags/coverage_counts", "the bins of a hand-worked run", test_coverage_counts},
    {NULL, NULL, NULL},
};
