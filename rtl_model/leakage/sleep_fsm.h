/*
 * sleep_fsm.h - the C reference model: Sleep-transistor FSM: per-line drowsy / gated-VDD control
 * (Leakage [001] Sec. II-III (PD, decay, AG, HDG, Eq. 1); LoSCache [000] Sec. IV-B); bit- and
 * cycle-accurate against verilog/leakage/sleep_fsm.v.
 * Behaviour, timing, reset values and every decision the paper leaves open:
 * docs/blocks/sleep_fsm.md; ports, parameters and widths: docs/blocks/sleep_fsm_interface.md (from
 * sleep_fsm_desc.h).
 * API: ct_desc.h (sleep_fsm_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this
 * block's own functions.
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
/* Leakage [001] Eq. (1): 1 - (sum T_i + 0.1 sum T'_i + E') / (N T), leakage of one
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
