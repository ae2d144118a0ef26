/* ct_script.c - directed stimulus prologues (ct_script.h). */
#include "ct_script.h"

#include <stdlib.h>
#include <string.h>

void ct_script_push(ct_script_t *s, const uint64_t *in, const char *note)
{
    if (ct_script_full(s))
        return;
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        uint64_t *r = realloc(s->rows, cap * s->n_in * sizeof *r);
        if (!r)
            return;
        s->rows = r;
        const char **nt = realloc(s->notes, cap * sizeof *nt);
        if (!nt)
            return;
        s->notes = nt;
        s->cap = cap;
    }
    memcpy(&s->rows[s->n * s->n_in], in, s->n_in * sizeof *in);
    s->notes[s->n++] = note;
}

int ct_script_next(ct_script_t *s, uint64_t *in, const char **note)
{
    if (s->pos >= s->n) {
        ct_script_free(s);
        *note = s->over ? NULL : "constrained random";
        s->over = 1;
        return 0;
    }
    memcpy(in, &s->rows[s->pos * s->n_in], s->n_in * sizeof *in);
    *note = s->notes[s->pos++];
    return 1;
}

void ct_script_free(ct_script_t *s)
{
    free(s->rows);
    free(s->notes);
    s->rows = NULL;
    s->notes = NULL;
    s->cap = 0;
    s->n = s->pos; /* played out: nothing left */
}
