/* ct_report.c - the body of a mismatch report (ct_report.h). */
#include "ct_report.h"

void ct_report_ports(FILE *f, const ct_vec_header_t *h, const uint64_t *exp,
                     const uint64_t *act, const uint64_t *in)
{
    const ct_block_t *b = h->block;
    static char e[CT_VEC_HEXLEN], a[CT_VEC_HEXLEN];
    fprintf(f, "  %-12s %18s %18s\n", "port", "expected", "actual");
    for (unsigned i = 0; i < b->n_out; i++) {
        unsigned w;
        int bad = ct_vec_diff_port(h, i, exp, act, &w);
        ct_vec_format_out(h, i, exp, e);
        ct_vec_format_out(h, i, act, a);
        if (h->out_w[i] <= 64) {
            fprintf(f, "  %-12s %18s %18s%s\n", b->out[i].name, e, a,
                    bad ? "   <-- MISMATCH" : "");
            continue;
        }
        /* wide: one line each, 64-bit words separated by '_' */
        fprintf(f, "  %-12s (%u bits, 64-bit words separated by _, most significant first)\n"
                   "    expected %s\n    actual   %s%s", b->out[i].name,
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
    fprintf(f, "  inputs this cycle: %s\n", ins);
}
