/*
 * ct_report.h - the body of a mismatch report, shared by every harness that
 * compares a C model with the RTL (Verilator, SystemC, DPI-C): every output
 * with its expected and actual value, the differing ones marked (for a wide
 * port, which 64-bit words differ), then the inputs of the cycle.
 */
#ifndef CT_REPORT_H
#define CT_REPORT_H

#include <stdio.h>

#include "ct_vec.h"

CT_BEGIN_DECLS

void ct_report_ports(FILE *f, const ct_vec_header_t *h, const uint64_t *exp,
                     const uint64_t *act, const uint64_t *in);
/* The same with other names for the ports (a user's RTL: its port map's,
 * docs/your-rtl.md); NULL: the block's. */
void ct_report_ports_named(FILE *f, const ct_vec_header_t *h, const uint64_t *exp, const uint64_t *act,
                           const uint64_t *in, const char *const *out_names, const char *const *in_names);

CT_END_DECLS

#endif
