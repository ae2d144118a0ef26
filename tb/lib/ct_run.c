/* ct_run.c - a C model on its own stimulus (ct_run.h). */
#include "ct_run.h"

#include <string.h>

int ct_run_open(ct_run_t *r, const ct_block_t *b, const uint32_t *cfg, uint64_t seed)
{
    memset(r, 0, sizeof *r);
    r->b = b;
    b->widths(cfg, r->iw, r->ow);
    r->model = b->create(cfg);
    r->stim = b->stim_create(cfg, seed);
    if (!r->model || !r->stim) {
        ct_run_close(r);
        return -1;
    }
    return 0;
}

void ct_run_cycle(ct_run_t *r, uint64_t *in, uint64_t *out, const char **note)
{
    r->b->stim_next(r->stim, in, note);
    ct_mask_ports(in, r->iw, r->b->in, r->b->n_in);
    r->b->cycle(r->model, in, out);
}

void ct_run_close(ct_run_t *r)
{
    if (r->model)
        r->b->destroy(r->model);
    if (r->stim)
        r->b->stim_destroy(r->stim);
    r->model = r->stim = NULL;
}
