/*
 * loscache_pwr.c - the LoSCache line-power unit as a composition of the
 * loscache_ctr and sleep_fsm C models (see loscache_pwr.h for the wiring).
 */
#include "loscache_pwr.h"

#include <stdlib.h>

#include "loscache_pwr_core.h"

void loscache_pwr_parts(const loscache_pwr_cfg_t *c, loscache_ctr_cfg_t *ctr,
                        sleep_fsm_cfg_t *fsm)
{
    ct_config_by_name(&loscache_pwr_block, c->v, &loscache_ctr_block, ctr->v); /* all by name */
    /* NUM_LINES by name; LoSCache gating: WAKE, PERIOD and DECAY are not used
     * by the policy (any valid value; these are the FSM's paper defaults) */
    ct_config_by_name(&loscache_pwr_block, c->v, &sleep_fsm_block, fsm->v);
    fsm->POLICY = SLEEP_FSM_LOSCACHE;
    fsm->WAKE = 1;
    fsm->PERIOD = 1000;
    fsm->DECAY = 10000;
}

int loscache_pwr_check(const loscache_pwr_cfg_t *c, char *err, size_t errlen)
{
    loscache_ctr_cfg_t cc;
    sleep_fsm_cfg_t fc;
    loscache_pwr_parts(c, &cc, &fc);
    if (loscache_ctr_validate(&cc, err, errlen) || sleep_fsm_validate(&fc, err, errlen))
        return -1;
    return 0;
}

loscache_pwr_t *loscache_pwr_new(const loscache_pwr_cfg_t *c, char *err,
                                 size_t errlen)
{
    if (loscache_pwr_validate(c, err, errlen))
        return NULL;
    loscache_ctr_cfg_t cc;
    sleep_fsm_cfg_t fc;
    loscache_pwr_parts(c, &cc, &fc);
    loscache_pwr_t *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->ctr = loscache_ctr_new(&cc, err, errlen);
    m->fsm = m->ctr ? sleep_fsm_new(&fc, err, errlen) : NULL;
    if (!m->fsm) {
        loscache_pwr_free(m);
        return NULL;
    }
    return m;
}

void loscache_pwr_free(loscache_pwr_t *m)
{
    if (!m)
        return;
    loscache_ctr_free(m->ctr);
    sleep_fsm_free(m->fsm);
    free(m);
}

const loscache_ctr_t *loscache_pwr_ctr(const loscache_pwr_t *m) { return m->ctr; }
const sleep_fsm_t *loscache_pwr_fsm(const loscache_pwr_t *m) { return m->fsm; }

/* _eval, _step, _cycle, _run: one cycle of both parts (loscache_pwr_core.h) */
CT_COMPOSED_API(loscache_pwr, loscache_pwr_core_both)

int loscache_pwr_report(const loscache_pwr_t *m, FILE *f)
{
    return sleep_fsm_report(m->fsm, f);
}

static unsigned loscache_pwr_storage(const uint32_t *cv, ct_storage_t *out)
{
    loscache_ctr_cfg_t cc;
    sleep_fsm_cfg_t fc;
    loscache_pwr_parts((const loscache_pwr_cfg_t *)cv, &cc, &fc);
    unsigned n = loscache_ctr_block.storage(cc.v, out);
    return n + sleep_fsm_block.storage(fc.v, out + n);
}

CT_DEFINE_COMPOSED_BLOCK_R(loscache_pwr, LOSCACHE_PWR, loscache_pwr_report,
                           loscache_pwr_storage, NULL) /* (its parts: core headers, this file's code) */
