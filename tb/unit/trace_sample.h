/*
 * trace_sample.h - what the trace tests share (tb/unit/test_trace.c
 * defines it; test_trace_bin.c uses it): a reader of a whole trace, and a
 * hand-made trace: kernel 7
 * "_Z6vecAddPfS_S_i" with trace_sample[0..2], then kernel 9 "second kernel,
 * with blanks" with trace_sample[3], 128 B lines, 32 B sectors, source
 * "unit test", text.
 */
#ifndef TRACE_SAMPLE_H
#define TRACE_SAMPLE_H

#include "wl_trace.h"

extern const wl_access_t trace_sample[4];
/* writes the sample trace to path (a failed write is a failed check) */
void trace_write_sample(const char *path);
/* Reads the whole trace at path: the number of records, -1 on error
 * (message in err); recs (may be NULL) gets up to max of them. */
int trace_read_all(const char *path, wl_rec_t *recs, int max, char *err, size_t errlen);

#endif
