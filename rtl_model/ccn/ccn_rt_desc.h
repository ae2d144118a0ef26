/*
 * ccn_rt_desc.h - the one description of the CCN request throttler (RT) of
 * one core: an epoch of T_P instructions opens with a sampling window of T_S
 * instructions in which the core's load misses go to the ring and the
 * requests injected (N_total) and the sharer hits for them (N_hits) are
 * counted; at the window's end injection stays on for the rest of the epoch
 * if N_hits / N_total >= H_min, else it is off (table formats: ct_desc.h).
 *
 * Paper: CCN [004] (Dublish et al., Cooperative Caching for GPUs), Sec. 4.4
 * "Request Throttler", Sec. 4.5, Sec. 5.1, Table II(b) (t_S 1 M, t_P 10 M
 * instructions, H_min 0.05).  Behaviour, timing and every decision the paper
 * leaves open: docs/blocks/ccn_rt.md.
 */
#ifndef CCN_RT_DESC_H
#define CCN_RT_DESC_H

#define CCN_RT_TITLE "CCN request throttler: sampling window, hit-rate decision, epoch"
#define CCN_RT_PAPER "CCN [004], Sec. 4.4, 4.5, 5.1, Table II(b)"

/* state_o */
#define CCN_RT_SAMPLE 0u /* in the sampling window: inject, count */
#define CCN_RT_ON     1u /* decided: inject for the rest of the epoch */
#define CCN_RT_OFF    2u /* decided: misses go straight to L2 until the epoch ends */

#define CCN_RT_PARAMS(X)                                                       \
    X(T_S, 2, 1u << 30, "sampling window in instructions (paper: 1,000,000)") \
    X(T_P, 4, 1u << 31, "epoch in instructions, T_P - T_S >= 2^INST_W (paper: 10,000,000)") \
    X(HMIN_PCT, 0, 100, "H_min in percent: ON iff 100 N_hits >= HMIN_PCT N_total (paper: 5)") \
    X(INST_W, 1, 10, "instructions retired per cycle input width; T_S >= 2^INST_W (paper: 10)") \
    X(CNT_W, 1, 32, "N_total and N_hits counter width, saturating (paper: not given; 14)")

#define CCN_RT_PRESETS(X)                                                      \
    X(paper, "T_S=1000000 T_P=10000000 HMIN_PCT=5 INST_W=10 CNT_W=14",         \
      "Table II(b): 1 M / 10 M GPU-wide thread instructions (up to 1,023 a cycle), 5 %") \
    X(small, "T_S=200 T_P=1000 HMIN_PCT=5 INST_W=3 CNT_W=8",                  \
      "short epochs, the paper's 5 %")                                        \
    X(tiny, "T_S=16 T_P=40 HMIN_PCT=30 INST_W=2 CNT_W=4",                      \
      "counters saturate at 15, 30 %: exact boundary at 3 hits of 10")         \
    X(edge, "T_S=8 T_P=16 HMIN_PCT=100 INST_W=3 CNT_W=2",                      \
      "the narrowest: window = 2^INST_W, only a perfect window turns ON")

#define CCN_RT_ICNT_W(c) ct_clog2((c)->T_P)

#define CCN_RT_INPUTS(X)                                                       \
    X(rst_i, 1, "synchronous reset, active high: a new epoch, sampling, counts 0") \
    X(inst_i, c->INST_W, "instructions the core retired this cycle (the unit of T_S and T_P)") \
    X(inj_i, 1, "a load miss of this core entered the CCN this cycle (its CB accepted it)") \
    X(hit_i, 1, "a sharer's response for one of this core's requests arrived this cycle")

#define CCN_RT_OUTPUTS(X)                                                      \
    X(on_o, 1, "injection enabled this cycle (SAMPLE or ON); 0: misses go to L2") \
    X(state_o, 2, "0 SAMPLE, 1 ON, 2 OFF (the register, before this cycle's edge)") \
    X(icnt_o, CCN_RT_ICNT_W(c), "instructions of this epoch before this cycle") \
    X(ntot_o, c->CNT_W, "N_total before this cycle")                         \
    X(nhit_o, c->CNT_W, "N_hits before this cycle")                          \
    X(dec_o, 1, "this cycle ends the sampling window: the decision is taken at the edge") \
    X(dec_on_o, 1, "with dec_o: the decision (1 ON, 0 OFF), this cycle's injection and hit counted") \
    X(epoch_o, 1, "this cycle ends the epoch: a new window starts at the edge")

/* The fewest injections whose hit rate can equal HMIN_PCT exactly:
 * 100 / gcd(HMIN_PCT, 100) (HMIN_PCT > 0). */
static inline unsigned ccn_rt_exact_n(unsigned pct)
{
    unsigned a = pct, b = 100;
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a ? 100 / a : 0;
}

/* The fewest injections N (up to max) that hold a hit count h just under
 * H_min: 100 h < HMIN_PCT N <= 101 h (a rate less than 1 % of itself below
 * H_min: a decision that multiplies N_hits by 101 instead of 100 turns it
 * ON).  0: none fits (HMIN_PCT 0, or max too small); with HMIN_PCT > 0 one
 * exists by N = 10,100. */
static inline unsigned ccn_rt_near_n(unsigned pct, uint64_t max)
{
    for (unsigned n = 1; pct && n <= max && n <= 10100; n++) {
        unsigned h = (pct * n + 100) / 101; /* the least h with 101 h >= pct n */
        if (100 * h < pct * n)
            return n;
    }
    return 0;
}

/* A cycle counted in the sampling window, and the counts the window's end
 * decides on: this cycle's injection and hit added, saturating (COVER). */
#define CCN_RT_SAMPLING(o) (!(o)->epoch_o && (o)->state_o == CCN_RT_SAMPLE)
#define CCN_RT_TOT(c, i, o) ((o)->ntot_o + ((i)->inj_i && (o)->ntot_o < ct_mask((c)->CNT_W)))
#define CCN_RT_HIT(c, i, o) ((o)->nhit_o + ((i)->hit_i && (o)->nhit_o < ct_mask((c)->CNT_W)))
#define CCN_RT_COVER(X)                                                        \
    X(sample_inj, !i->rst_i && CCN_RT_SAMPLING(o) && i->inj_i, 1,              \
      "an injection counted in the window")                                  \
    X(sample_hit, !i->rst_i && CCN_RT_SAMPLING(o) && i->hit_i, 1,              \
      "a sharer hit counted in the window")                                  \
    X(decide_on, o->dec_o && o->dec_on_o && CCN_RT_TOT(c, i, o), 1,           \
      "the window's hit rate reached H_min: ON")                             \
    X(decide_off, o->dec_o && !o->dec_on_o, c->HMIN_PCT > 0,                  \
      "the window's hit rate fell short of H_min: OFF")                      \
    X(decide_empty, o->dec_o && !CCN_RT_TOT(c, i, o), 1,                      \
      "a window without injection: 0 >= 0, ON")                              \
    X(decide_exact, o->dec_o && 100 * CCN_RT_HIT(c, i, o) == c->HMIN_PCT * CCN_RT_TOT(c, i, o) && \
                        CCN_RT_TOT(c, i, o) > 0,                              \
                    c->HMIN_PCT > 0 && ccn_rt_exact_n(c->HMIN_PCT) <= ct_mask(c->CNT_W), \
      "a hit rate exactly at H_min: ON (>=)")                                \
    X(epoch_from_on, o->epoch_o && o->state_o == CCN_RT_ON, 1, "an epoch ends after ON") \
    X(epoch_from_off, o->epoch_o && o->state_o == CCN_RT_OFF, c->HMIN_PCT > 0, \
      "an epoch ends after OFF: sampling again")                             \
    X(late_hit, !i->rst_i && i->hit_i && o->state_o != CCN_RT_SAMPLE, 1,       \
      "a hit after the window: not counted")                                 \
    X(inj_off, !i->rst_i && i->inj_i && o->state_o == CCN_RT_OFF, c->HMIN_PCT > 0, \
      "an injection reported while OFF: not counted")                        \
    X(total_sat, !i->rst_i && CCN_RT_SAMPLING(o) && i->inj_i && o->ntot_o == ct_mask(c->CNT_W), 1, \
      "N_total saturated: the injection not counted")                        \
    X(inst_max, !i->rst_i && i->inst_i == ct_mask(c->INST_W), 1,               \
      "the most instructions a cycle can retire")                            \
    X(hit_sat, !i->rst_i && CCN_RT_SAMPLING(o) && i->hit_i && o->nhit_o == ct_mask(c->CNT_W), 1, \
      "N_hits saturated: the hit not counted")                               \
    X(decide_near, o->dec_o && 100 * CCN_RT_HIT(c, i, o) < c->HMIN_PCT * CCN_RT_TOT(c, i, o) && \
                       c->HMIN_PCT * CCN_RT_TOT(c, i, o) <= 101 * CCN_RT_HIT(c, i, o), \
                   ccn_rt_near_n(c->HMIN_PCT, ct_mask(c->CNT_W)) != 0,        \
      "a hit rate just under H_min (100 N_hits < H_min N_total <= 101 N_hits): OFF")

#define CCN_RT_STORAGE(X)                                                      \
    X(icnt, 1, CCN_RT_ICNT_W(c), CT_BUILT,                                     \
      "instructions since the epoch began (paper: not sized)")                 \
    X(n_total, 1, c->CNT_W, CT_BUILT, "requests injected in the window (paper: not sized)") \
    X(n_hits, 1, c->CNT_W, CT_BUILT, "sharer hits in the window (paper: not sized)") \
    X(state, 1, 2, CT_BUILT, "SAMPLE, ON, OFF")

#endif
