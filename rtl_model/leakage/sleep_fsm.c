/*
 * sleep_fsm.c - C reference model of the per-line sleep-transistor power
 * controller (Leakage [001] Sec. II-A..II-D, LoSCache [000] Sec. IV-B).  Behaviour:
 * sleep_fsm.h; state diagram and decisions: docs/blocks/sleep_fsm.md.
 *
 * Register view, as in verilog/leakage/sleep_fsm.v:
 *   ctl[i]   2 bits per line, the registered power controls themselves:
 *            bit 0 gate (sleep transistor open, VDD off), bit 1 drowsy (low
 *            VDD).  00 ACTIVE, 10 DROWSY, 01 OFF; 11 cannot be produced and
 *            decodes as OFF (the gate dominates: the safe state, no hit).
 *   gray[i]  2-bit Gray decay counter 00 -> 01 -> 11 -> 10 (saturated)
 *   cnt      PD period / decay tick counter
 *   wv, wl   the wake-up unit: line wl is WAKING this cycle (WAKE = 2)
 *   n_act, n_drw  mode counts (instrumentation registers)
 * A cycle touches line_i, the waking line and, on a PD boundary or decay
 * tick, every line.  Residency is accounted lazily: a line's cycles in a mode
 * are added when it leaves the mode (or when stats are read).
 *
 * Speed: _cycle, _run and _step take a cycle's request from a table made at
 * _new from the same rules (rule(), out_rule()): per (line_i's controls,
 * whether it is the waking line, op, last) its outputs, whether the request
 * is served, its new controls and modes.  Lines past NUM_LINES (up to the
 * next power of two, and the arrays' padding to whole words) hold a DEAD code
 * whose entries do nothing.  That path, the bookkeeping and the state live in
 * sleep_fsm_core.h, which the compositions (loscache_pwr, loscache) inline
 * too; a reset or a PD boundary or decay tick, the slow path, is
 * sleep_fsm_core.c's.  _eval takes the rules directly (outputs()).
 */
#include "sleep_fsm.h"

#include <stdlib.h>

#include "sleep_fsm_core.h"

int sleep_fsm_check(const sleep_fsm_cfg_t *c, char *err, size_t errlen)
{
    if (c->DECAY % 4) {
        snprintf(err, errlen,
                 "parameter DECAY=%lu is not a multiple of 4 (the decay tick "
                 "is DECAY/4 cycles)",
                 (unsigned long)c->DECAY);
        return -1;
    }
    return 0;
}

/* The request rule (docs/blocks/sleep_fsm.md): line_i in mode md gets op
 * (with last_i): whether it is served (a FILL always, a HIT unless OFF), and
 * if so its new controls and whether a wake-up starts. */
static void rule(const sleep_fsm_t *m, unsigned md, unsigned op, unsigned last, int *served,
                 uint8_t *ctl, int *wake)
{
    *served = op == SLEEP_FSM_OP_FILL || (op == SLEEP_FSM_OP_HIT && md != SLEEP_FSM_OFF);
    *wake = 0;
    if (!*served)
        return;
    if (op == SLEEP_FSM_OP_HIT && md == SLEEP_FSM_DROWSY) {
        *ctl = CTL_ACT; /* wake: stalled this cycle */
        *wake = m->wake2;
    } else if (op == SLEEP_FSM_OP_HIT && md == SLEEP_FSM_WAKING) {
        *ctl = CTL_ACT; /* awake next cycle: stalled this cycle */
    } else { /* FILL, or HIT on an ACTIVE line: the access completes */
        *ctl = m->drowsy_after ? CTL_DRW : m->los && last ? CTL_OFF : CTL_ACT;
    }
}

/* The access outputs of a line in mode md (hit: a HIT on a line that exists). */
static inline void out_rule(unsigned md, int hit, uint64_t *hit_o, uint64_t *stall_o,
                            uint64_t *lost_o)
{
    *hit_o = hit && md == SLEEP_FSM_ACTIVE;
    *stall_o = hit && (md == SLEEP_FSM_DROWSY || md == SLEEP_FSM_WAKING);
    *lost_o = hit && md == SLEEP_FSM_OFF;
}

/* The table of a cycle without event, from rule() and out_rule(). */
static void make_fast(sleep_fsm_t *m)
{
    for (unsigned k = 0; k < 16; k++)
        for (unsigned op = 0; op < 4; op++)
            for (unsigned last = 0; last < 2; last++) {
                fast_t *f = &m->fast[k][op][last];
                unsigned ctl = k & 7, waking = k >> 3;
                memset(f, 0, sizeof *f);
                if (ctl > 3)
                    continue; /* no line: ACTIVE, nothing served, no outputs */
                unsigned md = ctl_mode(ctl, (int)waking);
                int served, wake;
                uint8_t nctl = (uint8_t)ctl;
                uint64_t h, st, lo;
                rule(m, md, op, last, &served, &nctl, &wake);
                out_rule(md, op == SLEEP_FSM_OP_HIT, &h, &st, &lo);
                f->old_mode = (uint8_t)md;
                f->served = (uint8_t)served;
                f->new_ctl = served ? nctl : (uint8_t)ctl;
                f->wake = (uint8_t)wake;
                /* no event: the waking register is this request's wake */
                f->new_mode = (uint8_t)ctl_mode(f->new_ctl, wake);
                f->hit_o = (uint8_t)h;
                f->stall_o = (uint8_t)st;
                f->lost_o = (uint8_t)lo;
            }
}

sleep_fsm_t *sleep_fsm_new(const sleep_fsm_cfg_t *c, char *err, size_t errlen)
{
    if (sleep_fsm_validate(c, err, errlen))
        return NULL;
    sleep_fsm_t *m = calloc(1, sizeof *m);
    size_t n = c->NUM_LINES, lines = (size_t)ct_mask(ct_clog2(n)) + 1; /* line_i's range */
    size_t padded = (lines + 7) & ~(size_t)7;
    if (m) {
        /* whole 8-byte words (broadcast reads eight lines at a time) */
        m->ctl = calloc(padded, 1);
        m->gray = calloc(padded, 1);
        /* per line, padded like the controls: a walk that noted a line past
         * NUM_LINES would show in the counts, not corrupt the heap */
        m->since = calloc(padded, sizeof *m->since);
        m->res = calloc(padded, sizeof *m->res);
        m->ntrans = calloc(padded, sizeof *m->ntrans);
    }
    if (!m || !m->ctl || !m->gray || !m->since || !m->res || !m->ntrans) {
        sleep_fsm_free(m);
        snprintf(err, errlen, "out of memory for %lu lines", (unsigned long)n);
        return NULL;
    }
    m->cfg = *c;
    m->n = c->NUM_LINES;
    m->mask = (uint32_t)ct_mask(ct_clog2(c->NUM_LINES));
    m->los = c->POLICY == SLEEP_FSM_LOSCACHE;
    m->pd = c->POLICY == SLEEP_FSM_PD;
    m->decay = SLEEP_FSM_HAS_DECAY(c);
    m->drowsy_after = c->POLICY == SLEEP_FSM_AG || c->POLICY == SLEEP_FSM_HDG;
    m->wake2 = SLEEP_FSM_HAS_WAKEU(c);
    m->cnt_max = m->pd ? c->PERIOD - 1 : m->decay ? c->DECAY / 4 - 1 : 0;
    m->rst_ctl = m->los ? CTL_OFF : m->drowsy_after ? CTL_DRW : CTL_ACT;
    m->ev_at = m->cnt_max ? m->cnt_max : UINT32_MAX;
    m->inc = m->cnt_max ? 1 : 0;
    memset(m->ctl + n, CTL_DEAD, padded - n); /* past NUM_LINES, and the padding */
    make_fast(m);
    sleep_fsm_core_reset(m);
    return m;
}

void sleep_fsm_free(sleep_fsm_t *m)
{
    if (!m)
        return;
    free(m->ctl);
    free(m->gray);
    free(m->since);
    free(m->res);
    free(m->ntrans);
    free(m);
}

/* Outputs of a non-reset cycle (everything but the counts is about line_i). */
static inline void outputs(const sleep_fsm_t *m, const sleep_fsm_in_t *in,
                           sleep_fsm_out_t *o)
{
    unsigned md = sleep_fsm_core_mode(m, in->line_i);
    int hit = ((uint32_t)in->line_i & m->mask) < m->n && (in->op_i & 3) == SLEEP_FSM_OP_HIT;
    out_rule(md, hit, &o->hit_o, &o->stall_o, &o->lost_o);
    o->mode_o = md;
    o->tick_o = m->cnt_max && m->cnt == m->cnt_max;
    o->n_active_o = m->n_act;
    o->n_drowsy_o = m->n_drw;
    o->n_off_o = m->n - m->n_act - m->n_drw;
}

void sleep_fsm_eval(const sleep_fsm_t *m, const sleep_fsm_in_t *in,
                    sleep_fsm_out_t *out)
{
    if (in->rst_i & 1)
        memset(out, 0, sizeof *out);
    else
        outputs(m, in, out);
}

void sleep_fsm_cycle(sleep_fsm_t *m, const sleep_fsm_in_t *in, sleep_fsm_out_t *out)
{
    sleep_fsm_run(m, in, out, 1);
}

void sleep_fsm_step(sleep_fsm_t *m, const sleep_fsm_in_t *in)
{
    sleep_fsm_out_t o;
    sleep_fsm_cycle(m, in, &o);
}

void sleep_fsm_run(sleep_fsm_t *m, const sleep_fsm_in_t *in,
                   sleep_fsm_out_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sleep_fsm_core_cycle(m, &in[i], &out[i]);
}

/* ---------------------------------------------------------- instruments */

void sleep_fsm_line_stats(const sleep_fsm_t *m, unsigned line, uint64_t res[3],
                          uint64_t *transitions)
{
    res[0] = res[1] = res[2] = 0;
    *transitions = 0;
    if (line >= m->n)
        return;
    for (int k = 0; k < 3; k++)
        res[k] = m->res[line][k];
    res[cls(m->ctl[line])] += m->t - m->since[line];
    *transitions = m->ntrans[line];
}

void sleep_fsm_stats(const sleep_fsm_t *m, sleep_fsm_stats_t *st)
{
    memset(st, 0, sizeof *st);
    st->cycles = m->t;
    st->lines = m->n;
    for (uint32_t i = 0; i < m->n; i++) {
        uint64_t r[3], tr;
        sleep_fsm_line_stats(m, i, r, &tr);
        st->active += r[C_ACT];
        st->drowsy += r[C_DRW];
        st->off += r[C_OFF];
        st->transitions += tr;
    }
    st->act_drowsy = m->act_drowsy;
    memcpy(st->cov, m->cov, sizeof st->cov);
}

double sleep_fsm_nlr(const sleep_fsm_stats_t *st, double e_trans)
{
    double e = (double)st->lines * (double)st->cycles;
    if (e == 0)
        return 0;
    return 1 - ((double)st->active + 0.1 * (double)st->drowsy +
                e_trans * (double)st->act_drowsy) / e;
}

#define TR(a, b) (1u << (SLEEP_FSM_##a * 4 + SLEEP_FSM_##b))

void sleep_fsm_transitions(const sleep_fsm_cfg_t *c, unsigned *required,
                           unsigned *allowed)
{
    /* waking: DROWSY -> ACTIVE in one step (WAKE = 1) or through WAKING, which
     * a PD boundary or an AG fill can send back to DROWSY */
    unsigned wake = c->WAKE == 2 ? TR(DROWSY, WAKING) | TR(WAKING, ACTIVE)
                                 : TR(DROWSY, ACTIVE);
    unsigned wake_back = c->WAKE == 2 ? TR(WAKING, DROWSY) : 0;
    switch (c->POLICY) {
    case SLEEP_FSM_LOSCACHE: /* fill wakes, last access gates */
    case SLEEP_FSM_DECAY:    /* fill wakes, the 4th tick gates */
        *required = *allowed = TR(OFF, ACTIVE) | TR(ACTIVE, OFF);
        break;
    case SLEEP_FSM_PD: /* a fill of a DROWSY line: ACTIVE without a stall */
        *required = *allowed = wake | wake_back | TR(ACTIVE, DROWSY) | TR(DROWSY, ACTIVE);
        break;
    case SLEEP_FSM_AG:
        *required = wake | TR(ACTIVE, DROWSY);
        *allowed = *required | wake_back; /* a fill of the waking line */
        break;
    default: /* HDG: AG; idle lines decay; a fill of an OFF line ends DROWSY */
        *required = wake | TR(ACTIVE, DROWSY) | TR(DROWSY, OFF) | TR(OFF, DROWSY);
        /* lines left ACTIVE or WAKING by an abandoned request decay too */
        *allowed = *required | wake_back | TR(ACTIVE, OFF) |
                   (c->WAKE == 2 ? TR(WAKING, OFF) : 0);
        break;
    }
}

static const char *const mode_name[4] = {"ACTIVE", "DROWSY", "OFF", "WAKING"};

int sleep_fsm_coverage(const sleep_fsm_cfg_t *c, const uint64_t cov[4][4], FILE *f)
{
    unsigned req, allow;
    sleep_fsm_transitions(c, &req, &allow);
    int holes = 0, illegal = 0;
    fprintf(f, "coverage:");
    for (unsigned a = 0; a < 4; a++)
        for (unsigned b = 0; b < 4; b++) {
            unsigned bit = 1u << (a * 4 + b);
            uint64_t seen = cov[a][b];
            if (!(allow & bit) && !seen)
                continue;
            fprintf(f, " %s->%s %llu%s", mode_name[a], mode_name[b],
                    (unsigned long long)seen,
                    !(allow & bit)          ? " (ILLEGAL)"
                    : (req & bit) && !seen  ? " (HOLE)"
                    : !(req & bit) && !seen ? " (optional)"
                                            : "");
            holes += (req & bit) && !seen;
            illegal += !(allow & bit) && seen;
        }
    /* states: the policy's are those its required transitions touch; one
     * is seen when a transition into or out of it was */
    fprintf(f, "\ncoverage: states");
    for (unsigned a = 0; a < 4; a++) {
        unsigned touch = 0;
        uint64_t seen = 0;
        for (unsigned b = 0; b < 4; b++) {
            touch |= (req >> (a * 4 + b) | req >> (b * 4 + a)) & 1;
            seen += cov[a][b] + cov[b][a];
        }
        if (touch || seen)
            fprintf(f, " %s %s", mode_name[a], seen ? "seen" : "NOT SEEN");
        holes += touch && !seen;
    }
    if (holes || illegal)
        fprintf(f, "\ncoverage: INCOMPLETE, %d holes, %d illegal transitions\n",
                holes, illegal);
    else
        fprintf(f, "\ncoverage: complete, every state and every required transition of the "
                   "policy seen\n");
    return holes + illegal;
}

int sleep_fsm_report(const sleep_fsm_t *m, FILE *f)
{
    sleep_fsm_stats_t st;
    sleep_fsm_stats(m, &st);
    double lc = (double)st.lines * (double)st.cycles;
    if (lc == 0)
        lc = 1;
    fprintf(f, "residency: %llu lines x %llu cycles: ACTIVE %.1f%%, DROWSY %.1f%%, "
               "OFF %.1f%%; %llu transitions (%llu ACTIVE<->DROWSY)\n",
            (unsigned long long)st.lines, (unsigned long long)st.cycles,
            100 * st.active / lc, 100 * st.drowsy / lc, 100 * st.off / lc,
            (unsigned long long)st.transitions, (unsigned long long)st.act_drowsy);
    fprintf(f, "leakage reduction, Leakage [001] Eq. (1), DROWSY at 10%%: %.2f%% "
               "(E' = 0), %.2f%% (E' = 1 line-cycle per ACTIVE<->DROWSY transition)\n",
            100 * sleep_fsm_nlr(&st, 0), 100 * sleep_fsm_nlr(&st, 1));
    return sleep_fsm_coverage(&m->cfg, (const uint64_t(*)[4])st.cov, f);
}

unsigned sleep_fsm_mode(const sleep_fsm_t *m, uint64_t line)
{
    return sleep_fsm_core_mode(m, line);
}

unsigned sleep_fsm_peek(const sleep_fsm_t *m, unsigned line, unsigned *gray)
{
    if (line >= m->n) {
        *gray = 0;
        return 0;
    }
    *gray = m->gray[line];
    return m->ctl[line];
}

void sleep_fsm_poke(sleep_fsm_t *m, unsigned line, unsigned ctl)
{
    if (line < m->n)
        m->ctl[line] = (uint8_t)(ctl & 3);
}

CT_DEFINE_BLOCK_R(sleep_fsm, SLEEP_FSM, sleep_fsm_report)
