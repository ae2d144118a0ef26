/*
 * args.c - the argument helpers and the output file of ctwin (ctwin.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctwin.h"

int die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ctwin: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

const ct_block_t *block_arg(const char *name)
{
    const ct_block_t *b = ct_find_block(name);
    if (!b) {
        fprintf(stderr, "ctwin: unknown block '%s'; known blocks:", name);
        for (unsigned i = 0; i < ct_n_blocks; i++)
            fprintf(stderr, " %s", ct_blocks[i]->name);
        fputc('\n', stderr);
    }
    return b;
}

int config_arg(const ct_block_t *b, const char *text, uint32_t *cfg)
{
    char err[CT_ERRLEN];
    if (ct_config_parse(b, text, cfg, err, sizeof err)) {
        fprintf(stderr, "ctwin: %s\n", err);
        return -1;
    }
    return 0;
}

int block_config_args(char **av, const ct_block_t **b, uint32_t *cfg)
{
    *b = block_arg(av[0]);
    return !*b || config_arg(*b, av[1], cfg) ? 2 : 0;
}

int u64_arg(const char *s, const char *what, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (!*s || *end || errno || *s == '-') {
        fprintf(stderr, "ctwin: %s '%s' is not a non-negative number\n", what, s);
        return -1;
    }
    *v = x;
    return 0;
}

int out_open(outfile_t *o, const char *path)
{
    o->out = path;
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp%ld", path, (long)getpid());
    o->f = fopen(o->tmp, "w");
    if (!o->f)
        return die("cannot write %s: %s", o->tmp, strerror(errno));
    return 0;
}

int out_close(outfile_t *o, int ok)
{
    if (o->f == stdout)
        return fflush(stdout) || !ok ? 2 : 0;
    int bad = ferror(o->f) | fclose(o->f);
    if (bad || !ok) {
        remove(o->tmp);
        return bad ? die("write to %s failed", o->tmp) : 2;
    }
    if (rename(o->tmp, o->out)) {
        remove(o->tmp);
        return die("cannot rename to %s: %s", o->out, strerror(errno));
    }
    return 0;
}

int write_gen(const char *path, const ct_block_t *b, const uint32_t *cfg,
              void (*gen)(FILE *, const ct_block_t *, const uint32_t *))
{
    outfile_t o;
    if (out_open(&o, path))
        return 2;
    gen(o.f, b, cfg);
    return out_close(&o, 1);
}
