/*
 * sleep_fsm.h - C reference model of the per-line sleep-transistor power
 * controller (seed 001 Sec. II; seed 000 Sec. IV-B).  Bit- and cycle-accurate
 * against verilog/leakage/sleep_fsm.v.  Plain C11, no globals.
 *
 * Every line is ACTIVE, DROWSY (content kept, not accessible) or OFF (sleep
 * transistor open, content lost).  A line that was DROWSY and got a HIT is
 * WAKING for WAKE-1 cycles (WAKE = 2) before it is ACTIVE again.  Per cycle,
 * one request on line_i (op_i), then the policy's broadcast event:
 *   FILL   the line becomes ACTIVE (a wake-up hides behind the miss: no
 *          stall), decay counter := 0; AG/HDG: DROWSY right after it;
 *          LOSCACHE with last_i: OFF right after it.
 *   HIT    ACTIVE: hit_o; decay counter := 0; then as FILL (AG/HDG DROWSY,
 *          LOSCACHE + last_i OFF).
 *          DROWSY: stall_o; the line wakes (ACTIVE if WAKE = 1, WAKING if
 *          WAKE = 2); decay counter := 0.  The requester holds the request.
 *          WAKING: stall_o; ACTIVE next cycle; decay counter := 0.
 *          OFF: lost_o (never a hit); nothing changes.
 *   EVICT, NOP: no power change.
 *   PD boundary (every PERIOD cycles): every line not OFF becomes DROWSY,
 *          overriding the request's effect.
 *   decay tick (every DECAY/4 cycles): every line not OFF and not reset by
 *          this cycle's access advances its Gray counter; one already at 3
 *          goes OFF instead.  So a line goes OFF at the 4th tick after its
 *          last access: 3*DECAY/4 < idle cycles <= DECAY.
 * Reset: LOSCACHE lines OFF, PD and DECAY lines ACTIVE, AG and HDG lines
 * DROWSY; counters 0; while rst_i is 1 every output is 0.  A line index
 * >= NUM_LINES is ignored (its outputs are 0 but the counts and tick_o).
 *
 * Residency accounting (instrumentation, not paper hardware): cycles per mode
 * and transitions, per line and in total, and the FSM coverage of a run.
 *
 * API: see ct_desc.h (sleep_fsm_new/_eval/_step/_cycle/_free ...).
 */
#ifndef SLEEP_FSM_H
#define SLEEP_FSM_H

#include <stdio.h>

#include "ct_desc.h"
#include "sleep_fsm_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(sleep_fsm, SLEEP_FSM)

/* Residency of a run (non-reset cycles).  Modes for leakage: a WAKING line
 * counts as ACTIVE (its supply is restored). */
typedef struct {
    uint64_t cycles;            /* non-reset cycles simulated */
    uint64_t lines;             /* NUM_LINES */
    uint64_t active, drowsy, off; /* line-cycles in each mode, all lines */
    uint64_t act_drowsy;        /* ACTIVE <-> DROWSY transitions, both ways */
    uint64_t transitions;       /* every mode change */
    /* FSM coverage: cov[from][to] transitions seen, modes as mode_o
     * (ACTIVE DROWSY OFF WAKING), from one cycle to the next, resets
     * excluded. */
    uint64_t cov[4][4];
} sleep_fsm_stats_t;

void sleep_fsm_stats(const sleep_fsm_t *m, sleep_fsm_stats_t *st);
/* One line's residency: cycles in ACTIVE/DROWSY/OFF and its transitions. */
void sleep_fsm_line_stats(const sleep_fsm_t *m, unsigned line, uint64_t res[3],
                          uint64_t *transitions);
/* Seed 001 Eq. (1): 1 - (sum T_i + 0.1 sum T'_i + E') / (N T), leakage of one
 * ACTIVE line-cycle = 1, E' = act_drowsy * e_trans. */
double sleep_fsm_nlr(const sleep_fsm_stats_t *st, double e_trans);
/* A policy's transitions (modes as mode_o), as masks of bit from*4+to: the
 * ones a good run must show, and every one it can make. */
void sleep_fsm_transitions(const sleep_fsm_cfg_t *c, unsigned *required,
                           unsigned *allowed);
/* The coverage verdict of a run's transition counts cov[from][to] (as in
 * sleep_fsm_stats_t): prints the transitions (HOLE: required, not seen;
 * ILLEGAL: seen, not allowed; optional: allowed, not required, not seen)
 * and the policy's states, then "complete" or "INCOMPLETE"; returns the
 * number of holes (transitions and states) plus illegal transitions seen. */
int sleep_fsm_coverage(const sleep_fsm_cfg_t *c, const uint64_t cov[4][4], FILE *f);
/* Prints residency, Eq. (1) and coverage; returns the number of coverage
 * holes (required transitions not seen) plus illegal transitions seen. */
int sleep_fsm_report(const sleep_fsm_t *m, FILE *f);

/* The mode of a line this cycle, as mode_o would show it (0 for a line
 * index >= NUM_LINES); needs no request input. */
unsigned sleep_fsm_mode(const sleep_fsm_t *m, uint64_t line);

/* Test hooks: a line's raw control bits (bit 0 gate, bit 1 drowsy) and Gray
 * counter; poke writes an arbitrary (even impossible) encoding and, like a
 * forced flop in the RTL, leaves the mode counts alone. */
unsigned sleep_fsm_peek(const sleep_fsm_t *m, unsigned line, unsigned *gray);
void sleep_fsm_poke(sleep_fsm_t *m, unsigned line, unsigned ctl);

CT_END_DECLS

#endif
