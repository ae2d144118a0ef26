/* ct_report.c - the body of a mismatch report (ct_report.h). */
#include "ct_report.h"

#include <string.h>

void ct_report_ports(FILE *f, const ct_vec_header_t *h, const uint64_t *exp,
                     const uint64_t *act, const uint64_t *in)
{
    ct_report_ports_named(f, h, exp, act, in, NULL, NULL);
}

void ct_report_ports_named(FILE *f, const ct_vec_header_t *h, const uint64_t *exp, const uint64_t *act,
                           const uint64_t *in, const char *const *out_names, const char *const *in_names)
{
    const ct_block_t *b = h->block;
    int width = 12;
    for (unsigned i = 0; out_names && i < b->n_out; i++)
        if ((int)strlen(out_names[i]) > width)
            width = (int)strlen(out_names[i]);
    static char e[CT_VEC_HEXLEN], a[CT_VEC_HEXLEN];
    fprintf(f, "  %-*s %18s %18s\n", width, "port", "expected", "actual");
    for (unsigned i = 0; i < b->n_out; i++) {
        unsigned w;
        int bad = ct_vec_diff_port(h, i, exp, act, &w);
        ct_vec_format_out(h, i, exp, e);
        ct_vec_format_out(h, i, act, a);
        if (h->out_w[i] <= 64) {
            fprintf(f, "  %-*s %18s %18s%s\n", width, out_names ? out_names[i] : b->out[i].name, e, a,
                    bad ? "   <-- MISMATCH" : "");
            continue;
        }
        /* wide: one line each, 64-bit words separated by '_' */
        fprintf(f, "  %-*s (%u bits, 64-bit words separated by _, most significant first)\n"
                   "    expected %s\n    actual   %s%s", width, out_names ? out_names[i] : b->out[i].name,
                h->out_w[i], e, a, bad ? "   <-- MISMATCH" : "\n");
        if (bad) {
            fprintf(f, " in word");
            for (unsigned k = 0; k < b->out[i].words; k++)
                if ((exp[h->out_off[i] + k] ^ act[h->out_off[i] + k]) &
                    ct_word_mask(h->out_w[i], k))
                    fprintf(f, " %u (bits %u..%u)", k, 64 * k, 64 * k + 63);
            fprintf(f, "\n");
        }
    }
    static char ins[CT_MAX_PORTS * CT_VEC_HEXLEN];
    ct_vec_format_inputs(h, in, ins, sizeof ins);
    if (!in_names) {
        fprintf(f, "  inputs this cycle: %s\n", ins);
        return;
    }
    /* the same values, each input named as its map names it */
    fprintf(f, "  inputs this cycle:");
    char *t = ins;
    for (unsigned i = 0; i < b->n_in && *t; i++) {
        char *sp = strchr(t, ' '), *eq = strchr(t, '=');
        if (sp)
            *sp = 0;
        fprintf(f, " %s=%s", in_names[i], eq ? eq + 1 : t);
        t = sp ? sp + 1 : t + strlen(t);
    }
    fprintf(f, "\n");
}
