/*
 * sleep_fsm_core.h - private: the sleep FSM model's state and its per-cycle
 * path, for sleep_fsm.c and for the compositions that take a cycle of the
 * FSM without the public API's call and port structs (loscache_pwr.c).  One
 * definition of the cycle: sleep_fsm_run and sleep_fsm_cycle are this
 * function too.  The fast path is inline here; the slow path (reset, PD
 * boundary, decay tick) is sleep_fsm_core.c, this header's implementation:
 * the dependency runs one way (sleep_fsm.c and the compositions include
 * this header; nothing here calls into sleep_fsm.c).  Not installed
 * (Makefile PRIV_HDRS).
 */
#ifndef SLEEP_FSM_CORE_H
#define SLEEP_FSM_CORE_H

#include <string.h>

#include "sleep_fsm.h"

#define CTL_ACT 0u
#define CTL_OFF 1u
#define CTL_DRW 2u
#define GRAY_SAT 2u /* Gray 10 = 3 */
#define CTL_DEAD 5u /* a line index past NUM_LINES, and the arrays' padding (not a
                     * register value; bit 0 set: the word walk leaves it as OFF) */

enum { C_ACT, C_DRW, C_OFF }; /* leakage classes (WAKING counts as ACTIVE) */

/* One request on one line in a cycle without event (sleep_fsm.c: make_fast). */
typedef struct {
    uint8_t old_mode, new_mode, served, new_ctl, wake, hit_o, stall_o, lost_o;
} fast_t;

struct sleep_fsm {
    sleep_fsm_cfg_t cfg;
    uint32_t n, mask;
    int drowsy_after, los, pd, decay, wake2;
    uint32_t cnt_max; /* 0: no global counter */
    uint32_t ev_at, inc; /* cnt == ev_at: event (never without a counter) */
    uint8_t rst_ctl;
    fast_t fast[16][4][2]; /* [ctl | waking << 3][op][last] */
    /* registers */
    uint8_t *ctl, *gray;
    uint32_t cnt, wl;
    int wv;
    uint32_t n_act, n_drw; /* lines ACTIVE (or WAKING), DROWSY (instrumentation registers) */
    /* instrumentation */
    uint64_t t; /* non-reset cycles so far */
    uint64_t t_reset; /* t at the last reset (residency closed then) */
    uint64_t *since, (*res)[3], *ntrans;
    uint64_t cov[4][4], act_drowsy;
};

/* The leakage class of controls ctl (0..3; 11 decodes as OFF): a table, so
 * reset's walk over every line has no data-dependent branch. */
static const uint8_t ctl_cls[4] = {C_ACT, C_OFF, C_DRW, C_OFF};

static inline unsigned cls(unsigned ctl)
{
    return ctl_cls[ctl & 3];
}

/* The mode of a line with controls ctl, waking: it is the wake-up unit's line. */
static inline unsigned ctl_mode(unsigned ctl, int waking)
{
    if (ctl & CTL_OFF)
        return SLEEP_FSM_OFF;
    if (ctl & CTL_DRW)
        return SLEEP_FSM_DROWSY;
    return waking ? SLEEP_FSM_WAKING : SLEEP_FSM_ACTIVE;
}

/* The leakage class of a mode: nibble `mode` of 0x0210 (ACTIVE -> C_ACT,
 * DROWSY -> C_DRW, OFF -> C_OFF, WAKING -> C_ACT), no branch, no load. */
_Static_assert(SLEEP_FSM_ACTIVE == 0 && SLEEP_FSM_DROWSY == 1 && SLEEP_FSM_OFF == 2 &&
                   SLEEP_FSM_WAKING == 3 && C_ACT == 0 && C_DRW == 1 && C_OFF == 2,
               "mode_cls's nibble table follows these values");
static inline unsigned mode_cls(unsigned mode)
{
    return (0x0210u >> 4 * mode) & 3;
}

/* The mode of line i (< NUM_LINES) with controls ctl, as the registers stand. */
static inline unsigned sleep_fsm_line_mode(const sleep_fsm_t *m, uint32_t i, unsigned ctl)
{
    return ctl_mode(ctl, m->wv && m->wl == i);
}

/* line's mode (sleep_fsm_mode): a line past NUM_LINES reads ACTIVE. */
static inline unsigned sleep_fsm_core_mode(const sleep_fsm_t *m, uint64_t line)
{
    uint32_t l = (uint32_t)line & m->mask;
    return l < m->n ? sleep_fsm_line_mode(m, l, m->ctl[l]) : SLEEP_FSM_ACTIVE;
}

/* The bookkeeping of line i changing from mode a to mode b this cycle: the
 * transition's coverage bin and, when the leakage class changes, the line's
 * residency (the cycles since its last change, this one included), its
 * transition count, the ACTIVE <-> DROWSY count and the class counts. */
static inline void sleep_fsm_note(sleep_fsm_t *m, uint32_t i, unsigned a, unsigned b)
{
    if (a == b)
        return;
    m->cov[a][b]++;
    unsigned ca = mode_cls(a), cb = mode_cls(b);
    if (ca == cb)
        return;
    m->res[i][ca] += m->t + 1 - m->since[i];
    m->since[i] = m->t + 1;
    m->ntrans[i]++;
    m->act_drowsy += ca + cb == C_ACT + C_DRW;
    /* by compare, not as counts indexed by class: a store to a computed
     * address ahead of the next cycle's loads of the counts ran slower */
    m->n_act += (uint32_t)(cb == C_ACT) - (uint32_t)(ca == C_ACT);
    m->n_drw += (uint32_t)(cb == C_DRW) - (uint32_t)(ca == C_DRW);
}

/* sleep_fsm_core.c, this header's own implementation file: a reset cycle or
 * one with a PD boundary or decay tick (the slow path), and the registers'
 * reset (every line to the policy's reset controls, residency closed). */
void sleep_fsm_core_slow(sleep_fsm_t *m, const sleep_fsm_in_t *in, sleep_fsm_out_t *out);
void sleep_fsm_core_reset(sleep_fsm_t *m);

/* The table entry of this cycle's request on line l (= line_i & mask): its
 * controls (or "no such line"), whether it is the waking line, op, last. */
static inline const fast_t *sleep_fsm_entry(const sleep_fsm_t *m, const sleep_fsm_in_t *in, uint32_t l)
{
    return &m->fast[m->ctl[l] | (unsigned)(m->wv && m->wl == l) << 3][in->op_i & 3][in->last_i & 1];
}

/* A non-reset cycle's outputs: line_i's from its entry, the counts as the
 * registers stand, tick_o as given. */
static inline void sleep_fsm_entry_outputs(const sleep_fsm_t *m, const fast_t *f, uint64_t tick,
                                           sleep_fsm_out_t *out)
{
    out->hit_o = f->hit_o;
    out->stall_o = f->stall_o;
    out->lost_o = f->lost_o;
    out->mode_o = f->old_mode;
    out->tick_o = tick;
    out->n_active_o = m->n_act;
    out->n_drowsy_o = m->n_drw;
    out->n_off_o = m->n - m->n_act - m->n_drw;
}

/* The request's part of the rising edge: line l's controls as its entry
 * says (a served line's decay count cleared), and the wake-up unit (wake:
 * the entry's, unless the cycle cancels it). */
static inline void sleep_fsm_entry_edge(sleep_fsm_t *m, const fast_t *f, uint32_t l, int wake)
{
    if (f->served) {
        m->ctl[l] = f->new_ctl;
        m->gray[l] = 0;
    }
    m->wv = wake;
    if (wake)
        m->wl = l;
}

/* One cycle: the body of _run's loop (_cycle is a run of one).  A cycle
 * without reset or event is one entry of the table (sleep_fsm.c, make_fast). */
static CT_HOT_INLINE void sleep_fsm_core_cycle(sleep_fsm_t *m, const sleep_fsm_in_t *in, sleep_fsm_out_t *out)
{
    if ((in->rst_i & 1) || m->cnt == m->ev_at) { /* reset, PD boundary, decay tick */
        sleep_fsm_core_slow(m, in, out);
        return;
    }
    uint32_t l = (uint32_t)in->line_i & m->mask;
    int old_wv = m->wv;
    uint32_t old_wl = m->wl;
    const fast_t *f = sleep_fsm_entry(m, in, l);
    sleep_fsm_entry_outputs(m, f, 0, out);
    sleep_fsm_entry_edge(m, f, l, f->wake);
    m->cnt += m->inc;
    if (f->old_mode != f->new_mode)
        sleep_fsm_note(m, l, f->old_mode, f->new_mode);
    if (old_wv && old_wl != l) { /* the waking line ends its wake-up */
        unsigned c = m->ctl[old_wl]; /* not this request's line: unchanged */
        sleep_fsm_note(m, old_wl, ctl_mode(c, 1), sleep_fsm_line_mode(m, old_wl, c));
    }
    m->t++;
}

#endif
