/*
 * wl_io.c - line input for the workload readers (wl_io.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "wl_io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int wl_in_fail(const wl_in_t *in, char *err, size_t errlen, const char *field, const char *fmt, ...)
{
    char msg[CT_ERRLEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (in->binary)
        snprintf(err, errlen, "%s:record %lu (byte %llu): %s: %s", in->path, in->lineno,
                 (unsigned long long)(in->base + in->pos), field, msg);
    else
        snprintf(err, errlen, "%s:%lu: %s: %s", in->path, in->lineno, field, msg);
    return -1;
}

static int reap(wl_in_t *in)
{
    int st = 0;
    if (!in->pid)
        return 0;
    while (waitpid((pid_t)in->pid, &st, 0) < 0 && errno == EINTR)
        ;
    in->pid = 0;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

int wl_in_open(wl_in_t *in, const char *path, char *err, size_t errlen)
{
    memset(in, 0, sizeof *in);
    snprintf(in->path, sizeof in->path, "%s", path);
    in->buf = malloc(WL_IN_BUF);
    if (!in->buf) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        goto fail;
    }
    unsigned char *m = (unsigned char *)in->buf;
    size_t got = fread(m, 1, 6, f);
    if (got >= 2 && m[0] == 0x1f && m[1] == 0x8b)
        in->tool = "gzip";
    else if (got == 6 && !memcmp(m, "\xfd" "7zXZ\0", 6))
        in->tool = "xz";
    if (!in->tool) { /* the bytes read so far are the first of the buffer */
        in->end = got;
        in->f = f;
        return 0;
    }
    fclose(f);
    int fd[2];
    if (pipe(fd) < 0) {
        snprintf(err, errlen, "%s: pipe: %s", path, strerror(errno));
        goto fail;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]), close(fd[1]);
        snprintf(err, errlen, "%s: fork: %s", path, strerror(errno));
        goto fail;
    }
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]), close(fd[1]);
        int null = open("/dev/null", O_WRONLY); /* its complaint is ours to word */
        if (null >= 0)
            dup2(null, 2);
        execlp(in->tool, in->tool, "-dc", "--", path, (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    in->pid = pid;
    in->f = fdopen(fd[0], "rb");
    if (!in->f) {
        close(fd[0]);
        reap(in);
        snprintf(err, errlen, "%s: fdopen: %s", path, strerror(errno));
        goto fail;
    }
    return 0;
fail:
    free(in->buf);
    in->buf = NULL;
    return -1;
}

/* The checks of the characters s[0..n) of a line as they were read one at
 * a time: the first character that is a NUL, or the first past
 * WL_IN_MAXLINE, is the error (a NUL at WL_IN_MAXLINE is still a NUL). */
static int line_chars(wl_in_t *in, const char *s, size_t n, char *err, size_t errlen)
{
    size_t look = n < WL_IN_MAXLINE + 1 ? n : WL_IN_MAXLINE + 1;
    if (memchr(s, 0, look))
        return wl_in_fail(in, err, errlen, "line", "NUL byte (binary file?)");
    if (n > WL_IN_MAXLINE)
        return wl_in_fail(in, err, errlen, "line", "longer than %d characters", WL_IN_MAXLINE);
    return 0;
}

/* Moves the unread bytes to the front of buf and reads more after them:
 * 0, or -1 on a read error (in->eof set when the stream had no more). */
static int refill(wl_in_t *in, char *err, size_t errlen, const char *field)
{
    size_t avail = in->end - in->pos;
    memmove(in->buf, in->buf + in->pos, avail);
    in->base += in->pos;
    in->pos = 0;
    in->end = avail;
    size_t got = fread(in->buf + avail, 1, WL_IN_BUF - avail, in->f);
    in->end += got;
    if (got == 0) {
        if (ferror(in->f))
            return wl_in_fail(in, err, errlen, field, "read error: %s", strerror(errno));
        in->eof = 1;
    }
    return 0;
}

/* At the end of the stream: the decompressor's exit status checked. */
static int reaped(wl_in_t *in, char *err, size_t errlen)
{
    int st = reap(in);
    if (st == 127)
        return wl_in_fail(in, err, errlen, in->tool, "cannot run '%s -dc' (not installed?)", in->tool);
    if (st)
        return wl_in_fail(in, err, errlen, in->tool, "'%s -dc' failed (exit %d): a damaged or cut file",
                          in->tool, st);
    return 0;
}

long wl_in_fill(wl_in_t *in, size_t n, char *err, size_t errlen)
{
    while (in->end - in->pos < n && !in->eof)
        if (refill(in, err, errlen, "record") < 0)
            return -1;
    if (in->end - in->pos < n && reaped(in, err, errlen) < 0)
        return -1;
    return (long)(in->end - in->pos);
}

int wl_in_line(wl_in_t *in, char *err, size_t errlen)
{
    in->lineno++;
    for (;;) {
        char *s = in->buf + in->pos;
        size_t avail = in->end - in->pos;
        char *nl = memchr(s, '\n', avail);
        if (nl) {
            size_t n = (size_t)(nl - s);
            if (line_chars(in, s, n, err, errlen) < 0)
                return -1;
            *nl = 0;
            in->pos += n + 1;
            if (n && s[n - 1] == '\r')
                s[--n] = 0;
            in->line = s;
            return 1;
        }
        /* no newline in the bytes read: a line too long already, the end
         * of the stream, or more to read */
        if (avail > WL_IN_MAXLINE)
            return line_chars(in, s, avail, err, errlen);
        if (in->eof) {
            if (line_chars(in, s, avail, err, errlen) < 0 || reaped(in, err, errlen) < 0)
                return -1;
            if (avail == 0) {
                in->lineno--;
                return 0;
            }
            return wl_in_fail(in, err, errlen, "line", "last line has no newline (truncated file?)");
        }
        if (refill(in, err, errlen, "line") < 0)
            return -1;
    }
}

int wl_split(char *s, char **tok, int max)
{
    int n = 0;
    for (char *p = s;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            return n;
        if (n == max)
            return max + 1;
        tok[n++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (*p)
            *p++ = 0;
    }
}

int wl_in_close(wl_in_t *in)
{
    if (in->f)
        fclose(in->f);
    in->f = NULL;
    free(in->buf);
    in->buf = NULL;
    return reap(in);
}
