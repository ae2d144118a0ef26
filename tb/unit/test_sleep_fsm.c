/*
 * test_sleep_fsm.c - the sleep-transistor FSM against properties taken from
 * the spec (Leakage [001] Sec. II, LoSCache [000] Sec. IV-B) and the
 * decisions in docs/blocks/sleep_fsm.md, not from the model's code.
 *
 * TEST RATIONALE: every rule is checked through the block's outputs (what
 * the RTL also shows), with the expected values computed here from the spec:
 * reset modes per policy; decay fires at the 4th tick after the last access,
 * computed here from the tick grid for every phase of the access, never
 * earlier; an access resets the decay counter; a HIT to a DROWSY line stalls
 * exactly WAKE cycles, a FILL never; PD puts every line to sleep at every
 * period boundary; AG leaves a line DROWSY after each access; LoSCache gates
 * on last_i; an OFF line never hits until refilled (random traffic, tracked
 * from the outputs); the impossible encoding is safe; residency totals equal
 * the per-cycle sums of the count outputs; Eq. (1) on a hand-computed run.
 */
#include <stdlib.h>
#include <string.h>

#include "ct_rng.h"
#include "sleep_fsm.h"
#include "ut.h"

enum { NOP = 0, FILL = 1, HIT = 2, EVICT = 3 };
enum { ACT = SLEEP_FSM_ACTIVE, DRW = SLEEP_FSM_DROWSY, OFF = SLEEP_FSM_OFF, WAK = SLEEP_FSM_WAKING };
enum { LOS = 0, PD = 1, DEC = 2, AG = 3, HDG = 4 };

static sleep_fsm_t *mk(unsigned lines, unsigned policy, unsigned wake,
                       unsigned period, unsigned decay)
{
    sleep_fsm_cfg_t c = {{lines, policy, wake, period, decay}};
    char err[CT_ERRLEN];
    sleep_fsm_t *m = sleep_fsm_new(&c, err, sizeof err);
    if (!m) {
        printf("cannot create model: %s\n", err);
        exit(2);
    }
    return m;
}

static sleep_fsm_out_t cyc(sleep_fsm_t *m, unsigned rst, unsigned op,
                           unsigned line, unsigned last)
{
    sleep_fsm_in_t in = {{rst, op, line, last}};
    sleep_fsm_out_t o;
    sleep_fsm_cycle(m, &in, &o);
    return o;
}

#define REQ(m, op, line) cyc(m, 0, op, line, 0)
static unsigned mode_of(sleep_fsm_t *m, unsigned line)
{
    sleep_fsm_in_t in = {{0, NOP, line, 0}};
    sleep_fsm_out_t o;
    sleep_fsm_eval(m, &in, &o); /* no clock edge */
    return (unsigned)o.mode_o;
}

static void test_reset_modes(void)
{
    static const unsigned want[5] = {OFF, ACT, ACT, DRW, DRW};
    for (unsigned p = 0; p < 5; p++) {
        sleep_fsm_t *m = mk(10, p, 2, 16, 32);
        for (unsigned l = 0; l < 10; l++)
            REQ(m, FILL, l);
        sleep_fsm_out_t o = cyc(m, 1, HIT, 3, 1);
        CHECK_EQ(o.hit_o | o.stall_o | o.lost_o | o.mode_o | o.tick_o |
                     o.n_active_o | o.n_drowsy_o | o.n_off_o,
                 0, "policy %u: every output 0 during reset", p);
        for (unsigned l = 0; l < 10; l++)
            CHECK_EQ(mode_of(m, l), want[p], "policy %u line %u after reset", p, l);
        o = REQ(m, NOP, 0);
        CHECK_EQ(o.n_active_o, want[p] == ACT ? 10 : 0, "policy %u", p);
        CHECK_EQ(o.n_drowsy_o, want[p] == DRW ? 10 : 0, "policy %u", p);
        CHECK_EQ(o.n_off_o, want[p] == OFF ? 10 : 0, "policy %u", p);
        sleep_fsm_free(m);
    }
}

/* Decay: ticks every Q = DECAY/4 cycles, the first at the Q-th cycle after
 * reset (cycle Q-1 counting from 0).  A line accessed at cycle a goes OFF
 * at the end of the 4th tick cycle after a: seen OFF from that cycle + 1. */
static void test_decay_quantisation(void)
{
    const unsigned Q = 8, DECAY = 4 * Q;
    unsigned lo = 1000, hi = 0;
    for (unsigned pol = DEC; pol <= HDG; pol += HDG - DEC) {
        for (unsigned phase = 0; phase < 2 * Q; phase++) {
            sleep_fsm_t *m = mk(4, pol, 1, 1000, DECAY);
            cyc(m, 1, NOP, 0, 0);
            unsigned t = 0, a = 0;
            /* keep line 2 busy until cycle `phase` + Q, then one last access */
            for (; t < phase + Q; t++)
                REQ(m, FILL, 2);
            a = t;
            REQ(m, FILL, 2);
            t++;
            unsigned ticks = 0, t4 = 0;
            for (unsigned k = a + 1; ticks < 4; k++)
                if (k % Q == Q - 1)
                    ticks++, t4 = k;
            unsigned seen_off = 0;
            for (; t < a + 6 * Q; t++) {
                sleep_fsm_out_t o = REQ(m, NOP, 2);
                CHECK_EQ(o.tick_o, t % Q == Q - 1, "tick at cycle %u", t);
                if (o.mode_o == OFF && !seen_off)
                    seen_off = t;
            }
            CHECK_EQ(seen_off, t4 + 1, "policy %u phase %u: access at %u, OFF from cycle", pol, phase, a);
            unsigned idle = seen_off - 1 - a;
            CHECK(idle > 3 * Q && idle <= 4 * Q, "idle %u outside (3Q, 4Q]", idle);
            if (idle < lo)
                lo = idle;
            if (idle > hi)
                hi = idle;
            sleep_fsm_free(m);
        }
    }
    CHECK_EQ(lo, 3 * Q + 1, "shortest decay: just after 3 ticks");
    CHECK_EQ(hi, 4 * Q, "longest decay: exactly DECAY");
}

static void test_access_resets_decay(void)
{
    sleep_fsm_t *m = mk(4, DEC, 1, 1000, 32);
    cyc(m, 1, NOP, 0, 0);
    for (unsigned t = 0; t < 2000; t++) {
        sleep_fsm_out_t o = REQ(m, t % 24 == 0 ? HIT : NOP, 1);
        CHECK(o.mode_o != OFF, "line accessed every 24 < 3*8+1 cycles decayed at %u", t);
        if (o.mode_o == OFF)
            break;
    }
    CHECK_EQ(mode_of(m, 0), OFF, "an idle neighbour decays");
    sleep_fsm_free(m);
}

/* A HIT held on a DROWSY line: stall_o exactly WAKE cycles, then hit_o. */
static void test_wake_stall(void)
{
    for (unsigned pol = PD; pol <= AG; pol += AG - PD) {
        for (unsigned w = 1; w <= 2; w++) {
            sleep_fsm_t *m = mk(4, pol, w, 10000, 32);
            cyc(m, 1, NOP, 0, 0);
            if (pol == PD) /* wait for the first boundary: all lines DROWSY */
                for (unsigned t = 0; t < 10000; t++)
                    REQ(m, NOP, 0);
            CHECK_EQ(mode_of(m, 1), DRW, "policy %u: line 1 DROWSY", pol);
            unsigned stalls = 0, t = 0;
            sleep_fsm_out_t o;
            for (;;) {
                o = REQ(m, HIT, 1);
                if (!o.stall_o || ++t > 5)
                    break;
                stalls++;
                CHECK_EQ(o.mode_o, stalls == 1 ? DRW : WAK, "mode while stalled");
            }
            CHECK_EQ(stalls, w, "policy %u WAKE=%u: stalled cycles", pol, w);
            CHECK_EQ(o.hit_o, 1, "then served");
            CHECK_EQ(mode_of(m, 1), pol == AG ? DRW : ACT, "after the access");
            /* a FILL of a DROWSY line is never stalled */
            o = REQ(m, FILL, 2);
            CHECK_EQ(o.stall_o | o.hit_o | o.lost_o, 0, "fill: no handshake");
            CHECK_EQ(mode_of(m, 2), pol == AG ? DRW : ACT, "after the fill");
            sleep_fsm_free(m);
        }
    }
}

/* PD: tick_o every PERIOD cycles; after each, every line not OFF is DROWSY,
 * under random traffic. */
static void test_pd_boundaries(void)
{
    const unsigned N = 12, P = 7;
    sleep_fsm_t *m = mk(N, PD, 2, P, 32);
    ct_rng_t r;
    ct_rng_seed(&r, 5);
    cyc(m, 1, NOP, 0, 0);
    unsigned boundaries = 0;
    for (unsigned t = 0; t < 5000; t++) {
        sleep_fsm_out_t o = REQ(m, (unsigned)ct_rng_below(&r, 4), (unsigned)ct_rng_below(&r, N));
        CHECK_EQ(o.tick_o, t % P == P - 1, "boundary at cycle %u", t);
        if (!o.tick_o)
            continue;
        boundaries++;
        for (unsigned l = 0; l < N; l++)
            CHECK_EQ(mode_of(m, l), DRW, "cycle %u: line %u asleep after the boundary", t, l);
        o = REQ(m, NOP, 0);
        t++;
        CHECK_EQ(o.n_active_o, 0, "no line ACTIVE after the boundary");
        CHECK_EQ(o.n_drowsy_o, N, "every line DROWSY after the boundary");
    }
    CHECK(boundaries > 600, "boundaries seen: %u", boundaries);
    sleep_fsm_free(m);
}

static void test_ag_drowsy_after_access(void)
{
    for (unsigned pol = AG; pol <= HDG; pol++) {
        sleep_fsm_t *m = mk(8, pol, 1, 1000, 4000);
        cyc(m, 1, NOP, 0, 0);
        REQ(m, FILL, 3);
        CHECK_EQ(mode_of(m, 3), DRW, "policy %u: DROWSY right after the fill", pol);
        CHECK_EQ(REQ(m, HIT, 3).stall_o, 1, "wake");
        CHECK_EQ(mode_of(m, 3), ACT, "awake");
        CHECK_EQ(REQ(m, HIT, 3).hit_o, 1, "served");
        CHECK_EQ(mode_of(m, 3), DRW, "policy %u: DROWSY right after the hit", pol);
        sleep_fsm_free(m);
    }
}

static void test_loscache_gating(void)
{
    sleep_fsm_t *m = mk(8, LOS, 1, 1000, 4000);
    cyc(m, 1, NOP, 0, 0);
    sleep_fsm_out_t o = REQ(m, HIT, 0);
    CHECK_EQ(o.lost_o, 1, "lines start OFF: a HIT is lost");
    REQ(m, FILL, 0);
    CHECK_EQ(mode_of(m, 0), ACT, "woken by the fill");
    CHECK_EQ(REQ(m, HIT, 0).hit_o, 1, "hit");
    o = cyc(m, 0, HIT, 0, 1);
    CHECK_EQ(o.hit_o, 1, "the last access itself is served");
    CHECK_EQ(mode_of(m, 0), OFF, "OFF right after the last access");
    o = REQ(m, HIT, 0);
    CHECK_EQ(o.hit_o, 0, "never hits while OFF");
    CHECK_EQ(o.lost_o, 1, "lost_o");
    cyc(m, 0, FILL, 1, 1);
    CHECK_EQ(mode_of(m, 1), OFF, "a fill that is the last access leaves the line OFF");
    CHECK_EQ(REQ(m, NOP, 1).n_off_o, 8, "... and woke nothing: all 8 lines OFF");
    REQ(m, FILL, 3);
    CHECK_EQ(mode_of(m, 3), ACT, "filled");
    cyc(m, 0, FILL, 3, 1);
    CHECK_EQ(mode_of(m, 3), OFF, "a refill of an ACTIVE line with last_i: OFF after it");
    cyc(m, 0, HIT, 2, 1);
    CHECK_EQ(mode_of(m, 2), OFF, "last_i of a lost HIT: still OFF");
    REQ(m, FILL, 2);
    REQ(m, EVICT, 2);
    CHECK_EQ(mode_of(m, 2), ACT, "evict: no power change");
    /* last_i means nothing to the other policies */
    sleep_fsm_t *d = mk(8, DEC, 1, 1000, 4000);
    cyc(d, 1, NOP, 0, 0);
    cyc(d, 0, HIT, 0, 1);
    CHECK_EQ(mode_of(d, 0), ACT, "decay ignores last_i");
    sleep_fsm_free(d);
    sleep_fsm_free(m);
}

/* Random traffic: once a line is seen OFF (mode_o, lost_o) it never hits
 * before a FILL of that line; counts always add up to N. */
static void test_off_never_hits(void)
{
    for (unsigned pol = 0; pol < 5; pol++) {
        const unsigned N = 9;
        sleep_fsm_t *m = mk(N, pol, 2, 23, 16);
        ct_rng_t r;
        ct_rng_seed(&r, 100 + pol);
        int dead[16] = {0};
        unsigned lost = 0;
        cyc(m, 1, NOP, 0, 0);
        for (unsigned l = 0; l < N; l++)
            dead[l] = pol == LOS;
        for (unsigned t = 0; t < 50000; t++) {
            unsigned op = (unsigned)ct_rng_below(&r, 4), l = (unsigned)ct_rng_below(&r, 16);
            unsigned last = ct_rng_below(&r, 4) == 0;
            if (t % 500 < 60) /* quiet spells let decay act */
                op = NOP;
            sleep_fsm_out_t o = cyc(m, 0, op, l, last);
            CHECK_EQ(o.n_active_o + o.n_drowsy_o + o.n_off_o, N, "counts add up");
            if (l >= N) {
                CHECK_EQ(o.hit_o | o.stall_o | o.lost_o | o.mode_o, 0, "line %u ignored", l);
                continue;
            }
            if (o.mode_o == OFF)
                dead[l] = 1;
            if (op == HIT && dead[l]) {
                CHECK_EQ(o.hit_o, 0, "policy %u cycle %u: OFF line %u hit", pol, t, l);
                lost += o.lost_o;
            }
            if (op == FILL)
                dead[l] = 0;
        }
        if (pol != PD && pol != AG)
            CHECK(lost > 100, "policy %u: lost HITs seen: %u", pol, lost);
        sleep_fsm_free(m);
    }
}

static void test_impossible_encoding_is_safe(void)
{
    sleep_fsm_t *m = mk(4, HDG, 2, 1000, 64);
    cyc(m, 1, NOP, 0, 0);
    REQ(m, FILL, 1);
    sleep_fsm_poke(m, 1, 3); /* gate and drowsy both set */
    CHECK_EQ(mode_of(m, 1), OFF, "11 decodes as OFF");
    sleep_fsm_out_t o = REQ(m, HIT, 1);
    CHECK_EQ(o.hit_o, 0, "never hits");
    CHECK_EQ(o.lost_o, 1, "lost like OFF");
    REQ(m, FILL, 1);
    unsigned g;
    CHECK_EQ(sleep_fsm_peek(m, 1, &g), 2, "a fill rewrites a legal encoding (DROWSY after it)");
    sleep_fsm_free(m);
}

/* Residency: per-mode line-cycles equal the per-cycle sums of the count
 * outputs; per-line residency adds up to the run; reset cycles excluded.
 * Also with 3 lines: fewer than a 64-bit word's eight, the lines that do not
 * exist must stay out of every count. */
static void test_residency(void)
{
    for (unsigned k = 0; k < 10; k++) {
        const unsigned pol = k % 5, N = k < 5 ? 6 : 3;
        sleep_fsm_t *m = mk(N, pol, 2, 11, 12);
        ct_rng_t r;
        ct_rng_seed(&r, 7 + pol);
        uint64_t sum[3] = {0}, cycles = 0;
        for (unsigned t = 0; t < 20000; t++) {
            unsigned rst = t == 0 || ct_rng_below(&r, 3000) == 0;
            sleep_fsm_out_t o = cyc(m, rst, (unsigned)ct_rng_below(&r, 4),
                                    (unsigned)ct_rng_below(&r, 8), (unsigned)ct_rng_below(&r, 2));
            if (rst)
                continue;
            CHECK_EQ(o.n_active_o + o.n_drowsy_o + o.n_off_o, N, "policy %u, %u lines: counts add up", pol, N);
            cycles++;
            sum[0] += o.n_active_o;
            sum[1] += o.n_drowsy_o;
            sum[2] += o.n_off_o;
        }
        sleep_fsm_stats_t st;
        sleep_fsm_stats(m, &st);
        CHECK_EQ(st.cycles, cycles, "policy %u non-reset cycles", pol);
        CHECK_EQ(st.active, sum[0], "policy %u ACTIVE line-cycles", pol);
        CHECK_EQ(st.drowsy, sum[1], "policy %u DROWSY line-cycles", pol);
        CHECK_EQ(st.off, sum[2], "policy %u OFF line-cycles", pol);
        uint64_t tr = 0;
        for (unsigned l = 0; l < N; l++) {
            uint64_t res[3], t;
            sleep_fsm_line_stats(m, l, res, &t);
            CHECK_EQ(res[0] + res[1] + res[2], cycles, "line %u residency covers the run", l);
            tr += t;
        }
        CHECK_EQ(tr, st.transitions, "per-line transitions add up");
        CHECK(st.transitions > 100, "policy %u transitions: %llu", pol,
              (unsigned long long)st.transitions);
        sleep_fsm_free(m);
    }
}

/* Eq. (1) on a run computed by hand: PD, 1 line, PERIOD 10, 100 cycles with
 * one HIT at cycle 25 (WAKE 1): ACTIVE 0-9 and 26-29, DROWSY the rest. */
static void test_nlr_by_hand(void)
{
    sleep_fsm_t *m = mk(1, PD, 1, 10, 32);
    cyc(m, 1, NOP, 0, 0);
    for (unsigned t = 0; t < 100; t++)
        REQ(m, t == 25 ? HIT : NOP, 0);
    sleep_fsm_stats_t st;
    sleep_fsm_stats(m, &st);
    CHECK_EQ(st.active, 14, "ACTIVE cycles");
    CHECK_EQ(st.drowsy, 86, "DROWSY cycles");
    CHECK_EQ(st.act_drowsy, 3, "transitions: sleep at 9, wake at 25, sleep at 29");
    double want = 1 - (14 + 0.1 * 86 + 3 * 0.5) / 100.0;
    double got = sleep_fsm_nlr(&st, 0.5);
    CHECK(got > want - 1e-12 && got < want + 1e-12, "NLR %.6f, want %.6f", got, want);
    sleep_fsm_free(m);
}

/* The coverage report can fail: a run too short to see the policy's
 * transitions has holes; random traffic long enough has none. */
static void test_coverage_report(void)
{
    for (unsigned pol = 0; pol < 5; pol++) {
        sleep_fsm_t *m = mk(6, pol, 2, 9, 16);
        FILE *f = tmpfile();
        if (!f)
            return;
        cyc(m, 1, NOP, 0, 0);
        REQ(m, NOP, 0);
        CHECK(sleep_fsm_report(m, f) > 0, "policy %u: holes after 1 cycle", pol);
        ct_rng_t r;
        ct_rng_seed(&r, 77);
        for (unsigned t = 0; t < 100000; t++) {
            unsigned op = t % 300 < 60 ? NOP : (unsigned)ct_rng_below(&r, 4);
            cyc(m, 0, op, (unsigned)ct_rng_below(&r, 6), ct_rng_below(&r, 5) == 0);
        }
        CHECK_EQ(sleep_fsm_report(m, f), 0, "policy %u: complete after random traffic", pol);
        fclose(f);
        sleep_fsm_free(m);
    }
}

static void test_bad_configs(void)
{
    static const uint32_t bad[][5] = {
        {8, 5, 1, 100, 32},  /* no such policy */
        {8, 1, 3, 100, 32},  /* WAKE 1 or 2 */
        {8, 2, 1, 100, 30},  /* DECAY not a multiple of 4 */
        {8, 2, 1, 100, 4},   /* DECAY below 8 */
        {8, 1, 1, 1, 32},    /* PERIOD below 2 */
        {0, 1, 1, 100, 32},  /* no lines */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sleep_fsm_cfg_t c;
        memcpy(c.v, bad[i], sizeof c.v);
        char err[CT_ERRLEN] = "";
        CHECK(sleep_fsm_new(&c, err, sizeof err) == NULL, "config %zu accepted", i);
        CHECK(err[0] != 0, "config %zu: no message", i);
    }
}

/* DECAY must be a multiple of 4 (the tick is DECAY/4): every DECAY of 8..64
 * is accepted (0) iff a multiple of 4, else refused (-1) naming it. */
static void test_decay_multiple_of_4(void)
{
    for (unsigned d = 8; d <= 64; d++) {
        sleep_fsm_cfg_t c = {{.NUM_LINES = 16, .POLICY = SLEEP_FSM_DECAY, .WAKE = 1, .PERIOD = 100, .DECAY = d}};
        char err[CT_ERRLEN] = "";
        int rc = sleep_fsm_check(&c, err, sizeof err);
        CHECK(rc == (d % 4 ? -1 : 0) && (!(d % 4) || strstr(err, "is not a multiple of 4")), "DECAY=%u: %d '%s'", d,
              rc, err);
    }
}

const ut_test_t sleep_fsm_tests[] = {
    {"sleep_fsm/reset_modes", "reset modes per policy, outputs 0 in reset", test_reset_modes},
    {"sleep_fsm/decay_quantisation", "OFF at the 4th tick after the last access, (3Q, 4Q]", test_decay_quantisation},
    {"sleep_fsm/access_resets_decay", "an access restarts the decay interval", test_access_resets_decay},
    {"sleep_fsm/wake_stall", "HIT on DROWSY stalls exactly WAKE cycles; FILL never", test_wake_stall},
    {"sleep_fsm/pd_boundaries", "every line DROWSY at every period boundary", test_pd_boundaries},
    {"sleep_fsm/ag_drowsy_after_access", "AG/HDG: DROWSY right after each access", test_ag_drowsy_after_access},
    {"sleep_fsm/loscache_gating", "start OFF, wake on fill, OFF after last_i", test_loscache_gating},
    {"sleep_fsm/off_never_hits", "an OFF line never hits until refilled", test_off_never_hits},
    {"sleep_fsm/impossible_encoding", "11 behaves as OFF (safe state)", test_impossible_encoding_is_safe},
    {"sleep_fsm/residency", "residency = per-cycle sums of the count outputs", test_residency},
    {"sleep_fsm/nlr_by_hand", "Eq. (1) on a hand-computed run", test_nlr_by_hand},
    {"sleep_fsm/coverage_report", "coverage holes reported; none after enough traffic", test_coverage_report},
    {"sleep_fsm/bad_configs", "invalid configurations refused with a message", test_bad_configs},
    {"sleep_fsm/decay_multiple_of_4", "DECAY accepted iff a multiple of 4", test_decay_multiple_of_4},
    {NULL, NULL, NULL},
};
