/*
 * sleep_fsm_core.c - the slow path of the sleep FSM model's cycle (see
 * sleep_fsm_core.h, whose inlined cycle calls it): a reset, and a PD
 * boundary or decay tick, which moves every line (eight a 64-bit word).
 * Behaviour: sleep_fsm.h; decisions: docs/blocks/sleep_fsm.md (Leakage [001]
 * Sec. II-B..II-D).
 */
#include "sleep_fsm_core.h"

void sleep_fsm_core_reset(sleep_fsm_t *m)
{
    /* close every line's residency; after a reset with no cycle since, every
     * line's since is t already (notes come with cycles): nothing to add */
    if (m->t != m->t_reset)
        for (uint32_t i = 0; i < m->n; i++) {
            m->res[i][cls(m->ctl[i])] += m->t - m->since[i];
            m->since[i] = m->t;
        }
    m->t_reset = m->t;
    memset(m->ctl, m->rst_ctl, m->n);
    memset(m->gray, 0, m->n);
    m->cnt = 0;
    m->wv = 0;
    m->wl = 0;
    m->n_act = m->rst_ctl == CTL_ACT ? m->n : 0;
    m->n_drw = m->rst_ctl == CTL_DRW ? m->n : 0;
}

/* A PD boundary or decay tick moves every line that is not OFF: PD makes it
 * DROWSY; decay (DECAY, HDG) ages its Gray count, and a line whose count is
 * saturated (10) turns OFF.  The line a served request touched this cycle
 * (fresh, its count just cleared) is not aged: keep.  Every line but skip1
 * and skip2 (whose bookkeeping the caller does) is not waking after this
 * edge, so its mode is its controls': a line that changed mode is noted. */
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !defined(CT_SCALAR)
/* Eight lines a 64-bit word (controls and Gray counts are one byte a line;
 * the arrays are padded to whole words); line i is byte i % 8 of word i / 8. */
#define B01 0x0101010101010101ull
static void broadcast(sleep_fsm_t *m, uint32_t keep, uint32_t skip1, uint32_t skip2)
{
    /* Bytes past NUM_LINES hold CTL_DEAD, whose bit 0 is set: never moved.
     * keep's count was just cleared, so it is not saturated and does not turn
     * OFF: decay ages it with the others and then clears it again. */
    for (uint32_t base = 0; base < m->n; base += 8) {
        uint64_t c, g;
        memcpy(&c, m->ctl + base, 8);
        memcpy(&g, m->gray + base, 8);
        const uint64_t old = c;
        const uint64_t on = ~c & B01;               /* bit 0 (gate) clear: not OFF */
        uint64_t moved;                             /* a byte per line that changes mode */
        if (m->pd) {
            moved = on & ~(c >> 1);                 /* ACTIVE (00) -> DROWSY */
            c |= on << 1;                           /* every line not OFF: 10 */
        } else {
            uint64_t b0 = g & B01, b1 = (g >> 1) & B01;
            uint64_t sat = b1 & ~b0;                /* Gray 10 */
            moved = on & sat;                       /* -> OFF (01) */
            uint64_t age = (on & ~sat) * 0xff;      /* 00 -> 01 -> 11 -> 10 */
            c = (c & ~(moved * 0xff)) | moved;
            g = (g & ~age) | (((b0 | b1) << 1 | (b1 ^ B01)) & age);
            memcpy(m->gray + base, &g, 8);
        }
        memcpy(m->ctl + base, &c, 8);
        for (; moved; moved &= moved - 1) {
            unsigned k = (unsigned)__builtin_ctzll(moved) / 8;
            if (base + k != skip1 && base + k != skip2) /* the caller notes these */
                sleep_fsm_note(m, base + k, ctl_mode((unsigned)(old >> 8 * k) & 0xff, 0),
                               ctl_mode((unsigned)(c >> 8 * k) & 0xff, 0));
        }
    }
    if (!m->pd && keep < m->n)
        m->gray[keep] = 0;
}
#undef B01
#else
/* The same, a line at a time (CT_SCALAR: scripts/asan.sh builds it). */
static const uint8_t gray_inc[4] = {1, 3, 2, 2}; /* 00->01->11->10 */

static void broadcast(sleep_fsm_t *m, uint32_t keep, uint32_t skip1, uint32_t skip2)
{
    for (uint32_t i = 0; i < m->n; i++) {
        uint8_t c = m->ctl[i];
        if (c & CTL_OFF)
            continue;
        if (m->pd)
            m->ctl[i] = CTL_DRW;
        else if (i != keep && m->gray[i] == GRAY_SAT)
            m->ctl[i] = CTL_OFF;
        else if (i != keep)
            m->gray[i] = gray_inc[m->gray[i]];
        if (i != skip1 && i != skip2)
            sleep_fsm_note(m, i, ctl_mode(c, 0), ctl_mode(m->ctl[i], 0));
    }
}
#endif

/* A PD boundary or decay tick (a non-reset cycle with the event).  The
 * request's outputs, service and wake-up are its table entry's, as in a
 * cycle without event: the event changes only what the edge does to every
 * line (broadcast) and that PD cancels a wake-up starting now (the line goes
 * DROWSY with the others).  The request's line and the line whose wake-up
 * ends had other modes before this edge than their controls say: their
 * bookkeeping follows the broadcast, which skips them. */
static void tick(sleep_fsm_t *m, const sleep_fsm_in_t *in, sleep_fsm_out_t *out)
{
    uint32_t l = (uint32_t)in->line_i & m->mask;
    int valid = l < m->n, old_wv = m->wv;
    uint32_t old_wl = m->wl;
    const fast_t *f = sleep_fsm_entry(m, in, l);
    sleep_fsm_entry_outputs(m, f, 1, out);
    unsigned old_w = old_wv ? ctl_mode(m->ctl[old_wl], 1) : 0;
    sleep_fsm_entry_edge(m, f, l, f->wake && !m->pd);
    m->cnt = 0;
    uint32_t ex1 = valid ? l : UINT32_MAX, ex2 = old_wv ? old_wl : UINT32_MAX;
    broadcast(m, f->served ? ex1 : UINT32_MAX, ex1, ex2);
    if (valid)
        sleep_fsm_note(m, l, f->old_mode, sleep_fsm_line_mode(m, l, m->ctl[l]));
    if (old_wv && old_wl != ex1)
        sleep_fsm_note(m, old_wl, old_w, sleep_fsm_line_mode(m, old_wl, m->ctl[old_wl]));
}

void sleep_fsm_core_slow(sleep_fsm_t *m, const sleep_fsm_in_t *in, sleep_fsm_out_t *out)
{
    if (in->rst_i & 1) {
        memset(out, 0, sizeof *out);
        sleep_fsm_core_reset(m);
        return;
    }
    tick(m, in, out);
    m->t++;
}
