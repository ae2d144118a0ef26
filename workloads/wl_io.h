/*
 * wl_io.h - line input for the workload readers: a file read as it is, or
 * through `gzip -dc` / `xz -dc` when it starts with their magic bytes;
 * lines without their newline, counted, with "FILE:LINE: field: message"
 * errors (NUL bytes, overlong lines, a missing last newline, a failed
 * decompressor).  The stream is read WL_IN_BUF bytes at a time and a line
 * is returned in place, not copied (docs/workloads.md, Speed).  After a
 * text header, wl_in_fill hands out the binary records of a trace's binary
 * encoding from the same buffer (docs/trace-format.md).
 */
#ifndef WL_IO_H
#define WL_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ct_block.h"

CT_BEGIN_DECLS

#define WL_IN_MAXLINE 4096
#define WL_IN_BUF (1u << 16) /* bytes read at a time (more than WL_IN_MAXLINE + 1) */

typedef struct {
    FILE *f;
    long pid; /* the decompressor's process, or 0 */
    const char *tool;
    char path[512];
    unsigned long lineno;
    char *line;      /* after wl_in_line returned 1: the line, NUL-terminated, inside buf (writable) */
    char *buf;       /* WL_IN_BUF bytes: the stream is read in large blocks, lines found with memchr */
    size_t pos, end; /* buf[pos..end): bytes read, not yet returned */
    int eof;         /* the stream has no more bytes */
    uint64_t base;   /* bytes of the stream before buf[0] */
    int binary;      /* errors name the record: "PATH:record N (byte B):", N = lineno, B = base + pos */
} wl_in_t;

/* 0, or -1 with "PATH: ..." in err (wl_in_close frees what it took) */
int wl_in_open(wl_in_t *in, const char *path, char *err, size_t errlen);
/* 1: in->line holds the next line; 0: clean end of file; -1: error */
int wl_in_line(wl_in_t *in, char *err, size_t errlen);
/* Binary input: makes at least n bytes (n <= WL_IN_BUF) available at
 * buf + pos unless the stream ends first.  Returns the bytes available
 * (fewer than n only at the end of the stream, where a decompressor's exit
 * status has been checked), or -1 with err. */
long wl_in_fill(wl_in_t *in, size_t n, char *err, size_t errlen);
/* "PATH:LINE: field: message" into err (binary: "PATH:record N (byte B):
 * field: message"); returns -1 */
int wl_in_fail(const wl_in_t *in, char *err, size_t errlen, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Splits s in place into at most max blank-separated tokens; returns the
 * count, max + 1 when there are more (the readers' field splitter). */
int wl_split(char *s, char **tok, int max);
/* closes; the decompressor's exit status (0 when none or clean) */
int wl_in_close(wl_in_t *in);

CT_END_DECLS

#endif
