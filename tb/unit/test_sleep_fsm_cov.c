/*
 * test_sleep_fsm_cov.c - the FSM coverage checker itself (sleep_fsm_coverage),
 * fed hand-built transition counts instead of runs.  Its verdict gates `make`
 * and every lockstep run (--require-coverage), so it is tested like a block.
 *
 * TEST RATIONALE: for every policy and both wake-up latencies, the
 * required/allowed sets equal the transition table of docs/blocks/sleep_fsm.md
 * (typed here from the page); a run showing exactly the required set is
 * complete; removing any one required transition reports that hole and no
 * other; adding any transition outside the allowed set reports it ILLEGAL;
 * an allowed-but-optional transition never counts against the run.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <string.h>

#include "sleep_fsm.h"
#include "ut.h"

enum { A = SLEEP_FSM_ACTIVE, D = SLEEP_FSM_DROWSY, O = SLEEP_FSM_OFF, W = SLEEP_FSM_WAKING };
static const char *const nm[4] = {"ACTIVE", "DROWSY", "OFF", "WAKING"};
#define T(a, b) (1u << ((a) * 4 + (b)))

/* The page's table: transitions each policy must show / can show. */
static void doc_sets(unsigned policy, unsigned wake, unsigned *req, unsigned *allow)
{
    unsigned wk = wake == 2 ? T(D, W) | T(W, A) : T(D, A);
    switch (policy) {
    case SLEEP_FSM_LOSCACHE:
    case SLEEP_FSM_DECAY:
        *req = *allow = T(O, A) | T(A, O);
        break;
    case SLEEP_FSM_PD: /* boundary sends ACTIVE and WAKING to DROWSY; a fill wakes at once */
        *req = *allow = wk | T(A, D) | T(D, A) | (wake == 2 ? T(W, D) : 0);
        break;
    case SLEEP_FSM_AG:
        *req = wk | T(A, D);
        *allow = *req | (wake == 2 ? T(W, D) : 0);
        break;
    default: /* HDG */
        *req = wk | T(A, D) | T(D, O) | T(O, D);
        *allow = *req | (wake == 2 ? T(W, D) | T(W, O) : 0) | T(A, O);
        break;
    }
}

/* Runs the checker on cov; its output in buf; returns its verdict. */
static int verdict(const sleep_fsm_cfg_t *c, const uint64_t cov[4][4], char *buf, size_t len)
{
    FILE *f = fmemopen(buf, len, "w");
    if (!f) {
        CHECK(0, "fmemopen");
        return -1;
    }
    int v = sleep_fsm_coverage(c, cov, f);
    fclose(f);
    return v;
}

static unsigned count_str(const char *s, const char *w)
{
    unsigned n = 0;
    for (const char *p = strstr(s, w); p; p = strstr(p + 1, w))
        n++;
    return n;
}

static void fill(uint64_t cov[4][4], unsigned set)
{
    for (unsigned a = 0; a < 4; a++)
        for (unsigned b = 0; b < 4; b++)
            cov[a][b] = (set >> (a * 4 + b)) & 1 ? 3 + a + b : 0;
}

static void checker_on_hand_built_runs(void)
{
    for (unsigned pol = 0; pol <= 4; pol++)
        for (unsigned wake = 1; wake <= 2; wake++) {
            sleep_fsm_cfg_t c = {{.NUM_LINES = 8, .POLICY = pol, .WAKE = wake, .PERIOD = 10,
                                  .DECAY = 16}};
            unsigned req, allow, dreq, dallow;
            sleep_fsm_transitions(&c, &req, &allow);
            doc_sets(pol, wake, &dreq, &dallow);
            CHECK_EQ(req, dreq, "policy %u WAKE %u: required set = the page's table", pol, wake);
            CHECK_EQ(allow, dallow, "policy %u WAKE %u: allowed set = the page's table", pol, wake);

            uint64_t cov[4][4];
            char out[2048];
            fill(cov, dreq);
            int v = verdict(&c, cov, out, sizeof out);
            CHECK(v == 0 && strstr(out, "coverage: complete") && !strstr(out, "HOLE") &&
                      !strstr(out, "ILLEGAL") && !strstr(out, "NOT SEEN"),
                  "policy %u WAKE %u: the required set alone is complete (%d):\n%s", pol, wake,
                  v, out);
            fill(cov, dallow);
            CHECK_EQ(verdict(&c, cov, out, sizeof out), 0,
                     "policy %u WAKE %u: optional transitions seen are fine:\n%s", pol, wake, out);

            for (unsigned a = 0; a < 4; a++)
                for (unsigned b = 0; b < 4; b++) {
                    if (a == b)
                        continue;
                    char name[64];
                    snprintf(name, sizeof name, " %s->%s 0 (HOLE)", nm[a], nm[b]);
                    if (dreq & T(a, b)) { /* exactly this hole */
                        fill(cov, dreq & ~T(a, b));
                        v = verdict(&c, cov, out, sizeof out);
                        CHECK(v >= 1 && strstr(out, name) && count_str(out, "(HOLE)") == 1 &&
                                  strstr(out, "INCOMPLETE"),
                              "policy %u WAKE %u without %s->%s: that hole, only it (%d):\n%s",
                              pol, wake, nm[a], nm[b], v, out);
                    } else if (dallow & T(a, b)) { /* optional: never a hole */
                        fill(cov, dreq);
                        v = verdict(&c, cov, out, sizeof out);
                        snprintf(name, sizeof name, " %s->%s 0 (optional)", nm[a], nm[b]);
                        CHECK(v == 0 && strstr(out, name),
                              "policy %u WAKE %u: %s->%s unseen is optional (%d):\n%s", pol,
                              wake, nm[a], nm[b], v, out);
                    } else { /* illegal when seen */
                        fill(cov, dreq | T(a, b));
                        v = verdict(&c, cov, out, sizeof out);
                        snprintf(name, sizeof name, " %s->%s %u (ILLEGAL)", nm[a], nm[b],
                                 3 + a + b);
                        CHECK(v == 1 && strstr(out, name) && count_str(out, "ILLEGAL") == 1,
                              "policy %u WAKE %u: %s->%s seen is reported illegal (%d):\n%s",
                              pol, wake, nm[a], nm[b], v, out);
                    }
                }
            /* a policy state nobody entered or left is a hole of its own */
            fill(cov, 0);
            v = verdict(&c, cov, out, sizeof out);
            CHECK(v == (int)(__builtin_popcount(dreq) + count_str(out, "NOT SEEN")) &&
                      count_str(out, "NOT SEEN") >= 2,
                  "policy %u WAKE %u: an empty run has every hole and unseen state (%d):\n%s", pol,
                  wake, v, out);
        }
}

const ut_test_t sleep_fsm_cov_tests[] = {
    {"sleep_fsm coverage checker: sets = doc table; one missing transition = that hole only; "
     "illegal reported; optional never a hole",
     "the verdict that gates make", checker_on_hand_built_runs},
    {NULL, NULL, NULL},
};
