/*
 * wl_io.h - line input for the workload readers: a file read as it is, or
 * through `gzip -dc` / `xz -dc` when it starts with their magic bytes;
 * lines without their newline, counted, with "FILE:LINE: field: message"
 * errors (NUL bytes, overlong lines, a missing last newline, a failed
 * decompressor).
 */
#ifndef WL_IO_H
#define WL_IO_H

#include <stddef.h>
#include <stdio.h>

#include "ct_block.h"

CT_BEGIN_DECLS

#define WL_IN_MAXLINE 4096

typedef struct {
    FILE *f;
    long pid; /* the decompressor's process, or 0 */
    const char *tool;
    char path[512];
    unsigned long lineno;
    unsigned char pre[6]; /* the bytes read to look for a magic number */
    unsigned npre, ipre;  /* (a pipe cannot be rewound) */
    char line[WL_IN_MAXLINE + 2];
} wl_in_t;

/* 0, or -1 with "PATH: ..." in err */
int wl_in_open(wl_in_t *in, const char *path, char *err, size_t errlen);
/* 1: in->line holds the next line; 0: clean end of file; -1: error */
int wl_in_line(wl_in_t *in, char *err, size_t errlen);
/* "PATH:LINE: field: message" into err; returns -1 */
int wl_in_fail(const wl_in_t *in, char *err, size_t errlen, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Splits s in place into at most max blank-separated tokens; returns the
 * count, max + 1 when there are more (the readers' field splitter). */
int wl_split(char *s, char **tok, int max);
/* closes; the decompressor's exit status (0 when none or clean) */
int wl_in_close(wl_in_t *in);

CT_END_DECLS

#endif
