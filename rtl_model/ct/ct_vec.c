/*
 * ct_vec.c - golden vector writer and strict reader (docs/vector-format.md).
 */
#define _POSIX_C_SOURCE 200809L /* getcwd: a relative path's folder in the error */
#include "ct_vec.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Port widths of h->cfg and the ports' word offsets. */
static void layout(ct_vec_header_t *h, const ct_block_t *b)
{
    b->widths(h->cfg, h->in_w, h->out_w);
    for (unsigned i = 0; i < b->n_in; i++)
        h->in_off[i] = ct_port_off(b->in, i);
    for (unsigned i = 0; i < b->n_out; i++)
        h->out_off[i] = ct_port_off(b->out, i);
}

void ct_vec_header_init(ct_vec_header_t *h, const ct_block_t *b,
                        const uint32_t *cfg, uint64_t seed, uint64_t cycles)
{
    memset(h, 0, sizeof *h);
    h->block = b;
    memcpy(h->cfg, cfg, b->n_params * sizeof *cfg);
    h->seed = seed;
    h->cycles = cycles;
    snprintf(h->generator, sizeof h->generator, "ctwin %d (C model)",
             CT_VEC_FORMAT);
    layout(h, b);
}

static unsigned digits(unsigned width) { return (width + 3) / 4; }

size_t ct_hex(char *buf, const uint64_t *w, unsigned width, char sep)
{
    static const char hx[] = "0123456789abcdef";
    size_t n = 0;
    for (unsigned d = digits(width); d-- > 0;) {
        unsigned nib = (unsigned)(w[d / 16] >> (4 * (d % 16))) & 15;
        if (4 * d + 4 > width) /* the top digit: only the port's bits */
            nib &= (1u << (width - 4 * d)) - 1;
        buf[n++] = hx[nib];
        if (sep && d && d % 16 == 0)
            buf[n++] = sep;
    }
    buf[n] = 0;
    return n;
}

#define CT_HEXBUF CT_VEC_HEXLEN

void ct_vec_write_header(FILE *f, const ct_vec_header_t *h)
{
    const ct_block_t *b = h->block;
    char cfgtxt[512];
    ct_config_format(b, h->cfg, cfgtxt, sizeof cfgtxt);
    fprintf(f, "# cachetwin golden vectors: %s (%s)\n", b->title, b->paper);
    fprintf(f, "# one line per clock cycle: inputs applied, then the outputs "
               "expected before the rising edge\n");
    fprintf(f, "%%format %d\n%%block %s\n%%config %s\n", CT_VEC_FORMAT,
            b->name, cfgtxt);
    fprintf(f, "%%seed 0x%016" PRIx64 "\n%%generator %s\n%%cycles %" PRIu64
               "\n",
            h->seed, h->generator, h->cycles);
    for (unsigned i = 0; i < b->n_in; i++)
        fprintf(f, "%%column %s in %u\n", b->in[i].name, h->in_w[i]);
    for (unsigned i = 0; i < b->n_out; i++)
        fprintf(f, "%%column %s out %u\n", b->out[i].name, h->out_w[i]);
    fprintf(f, "%%data\n");
}

void ct_vec_write_row(FILE *f, const ct_vec_header_t *h, const uint64_t *in,
                      const uint64_t *out, const char *note)
{
    const ct_block_t *b = h->block;
    for (unsigned i = 0; i < b->n_in + b->n_out; i++) {
        int in_side = i < b->n_in;
        unsigned w = in_side ? h->in_w[i] : h->out_w[i - b->n_in];
        const uint64_t *v = in_side ? in + h->in_off[i]
                                    : out + h->out_off[i - b->n_in];
        if (w <= 64) {
            fprintf(f, "%s%0*" PRIx64, i ? " " : "", (int)digits(w),
                    v[0] & ct_mask(w));
        } else {
            /* wider than 64 bits: no leading zeros (at least one digit) */
            char hex[CT_HEXBUF];
            size_t n = ct_hex(hex, v, w, 0), z = 0;
            while (z + 1 < n && hex[z] == '0')
                z++;
            fprintf(f, "%s%s", i ? " " : "", hex + z);
        }
    }
    if (note)
        fprintf(f, "  # %s", note);
    fputc('\n', f);
}

void ct_vec_format_inputs(const ct_vec_header_t *h, const uint64_t *in,
                          char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < h->block->n_in && used < len; i++) {
        char hex[CT_HEXBUF];
        const uint64_t *v = in + h->in_off[i];
        if (h->in_w[i] <= 64)
            snprintf(hex, sizeof hex, "%" PRIx64, v[0] & ct_mask(h->in_w[i]));
        else
            ct_hex(hex, v, h->in_w[i], '_');
        int n = snprintf(buf + used, len - used, "%s%s=%s", i ? " " : "",
                         h->block->in[i].name, hex);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

int ct_vec_diff_port(const ct_vec_header_t *h, unsigned i,
                     const uint64_t *exp, const uint64_t *act, unsigned *word)
{
    const uint64_t *e = exp + h->out_off[i], *a = act + h->out_off[i];
    for (unsigned k = 0; k < h->block->out[i].words; k++) {
        if ((e[k] ^ a[k]) & ct_word_mask(h->out_w[i], k)) {
            *word = k;
            return 1;
        }
    }
    return 0;
}

int ct_vec_diff(const ct_vec_header_t *h, const uint64_t *exp,
                const uint64_t *act, unsigned *word)
{
    for (unsigned i = 0; i < h->block->n_out; i++)
        if (ct_vec_diff_port(h, i, exp, act, word))
            return (int)i;
    return -1;
}

const char *ct_vec_format_out(const ct_vec_header_t *h, unsigned i,
                              const uint64_t *v, char *buf)
{
    const uint64_t *p = v + h->out_off[i];
    unsigned w = h->out_w[i];
    if (w <= 64)
        snprintf(buf, CT_HEXBUF, "%" PRIx64, p[0] & ct_mask(w));
    else
        ct_hex(buf, p, w, '_');
    return buf;
}

/* ------------------------------------------------------------------ */

struct ct_vec_reader {
    FILE *f;
    char path[512];
    unsigned long lineno;
    uint64_t rows;
    ct_vec_header_t h;
    char line[CT_VEC_MAXLINE + 2];
};

const ct_vec_header_t *ct_vec_header(const ct_vec_reader_t *r) { return &r->h; }
unsigned long ct_vec_lineno(const ct_vec_reader_t *r) { return r->lineno; }

static int fail(const ct_vec_reader_t *r, char *err, size_t errlen,
                const char *field, const char *fmt, ...)
{
    char msg[CT_ERRLEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "%s:%lu: %s: %s", r->path, r->lineno, field, msg);
    return -1;
}

/* Reads one line without its newline.  1: line; 0: clean EOF; -1: error. */
static int read_line(ct_vec_reader_t *r, char *err, size_t errlen)
{
    size_t n = 0;
    int c;
    r->lineno++;
    while ((c = getc(r->f)) != EOF && c != '\n') {
        if (c == 0)
            return fail(r, err, errlen, "line", "NUL byte (binary file?)");
        if (n >= CT_VEC_MAXLINE)
            return fail(r, err, errlen, "line", "longer than %d characters",
                        CT_VEC_MAXLINE);
        r->line[n++] = (char)c;
    }
    if (ferror(r->f))
        return fail(r, err, errlen, "line", "read error: %s", strerror(errno));
    r->line[n] = 0;
    if (c == EOF) {
        if (n == 0) {
            r->lineno--;
            return 0;
        }
        return fail(r, err, errlen, "line",
                    "last line has no newline (truncated file?)");
    }
    if (n && r->line[n - 1] == '\r')
        r->line[--n] = 0;
    return 1;
}

/* Strips a trailing comment and surrounding blanks; returns the start. */
static char *strip(char *s)
{
    char *hash = strchr(s, '#');
    if (hash)
        *hash = 0;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
    return s;
}

static int parse_u64(const char *s, int base, uint64_t *v)
{
    if (!*s)
        return -1;
    for (const char *p = s; *p; p++)
        if (base == 10 ? !(*p >= '0' && *p <= '9') : ct_hex_digit(*p) < 0)
            return -1;
    errno = 0;
    unsigned long long x = strtoull(s, NULL, base);
    if (errno)
        return -1;
    *v = x;
    return 0;
}

/* A port's hex field into its nw words (least significant first): 1 to
 * max(16, ceil(w/4)) hex digits.  0, or -1 when not such a field. */
static int parse_port(const char *tok, unsigned w, unsigned nw, uint64_t *dst)
{
    size_t n = strlen(tok), maxd = digits(w) > 16 ? digits(w) : 16;
    if (n == 0 || n > maxd || (n + 15) / 16 > nw)
        return -1;
    for (unsigned k = 0; k < nw; k++)
        dst[k] = 0;
    for (size_t i = 0; i < n; i++) {
        int d = ct_hex_digit(tok[n - 1 - i]);
        if (d < 0)
            return -1;
        dst[i / 16] |= (uint64_t)d << (4 * (i % 16));
    }
    return 0;
}

enum { H_FORMAT, H_BLOCK, H_CONFIG, H_SEED, H_GEN, H_CYCLES, H_COUNT };
static const char *const hdr_names[H_COUNT] = {
    "format", "block", "config", "seed", "generator", "cycles"};

static int header(ct_vec_reader_t *r, const ct_block_t *expect_block,
                  const uint32_t *expect_cfg, char *err, size_t errlen)
{
    int seen[H_COUNT] = {0};
    unsigned col = 0;
    int any = 0;
    const ct_block_t *b = NULL;
    for (;;) {
        int k = read_line(r, err, errlen);
        if (k < 0)
            return -1;
        if (k == 0) {
            if (!any) {
                r->lineno = 1;
                return fail(r, err, errlen, "file", "empty file");
            }
            return fail(r, err, errlen, "header", "no %%data line: header "
                        "incomplete or file truncated");
        }
        any = 1;
        char *s = strip(r->line);
        if (!*s)
            continue;
        if (*s != '%') {
            const char *what = seen[H_FORMAT] ? "data before the %data line"
                                              : "missing header: expected "
                                                "'%format 1' first";
            return fail(r, err, errlen, "header", "%s", what);
        }
        char *key = s + 1, *val = key;
        while (*val && *val != ' ' && *val != '\t')
            val++;
        if (*val)
            *val++ = 0;
        while (*val == ' ' || *val == '\t')
            val++;
        if (!seen[H_FORMAT] && strcmp(key, "format") != 0)
            return fail(r, err, errlen, "header",
                        "missing header: expected '%%format %d' first, got "
                        "'%%%s'", CT_VEC_FORMAT, key);
        int hk = -1;
        for (int i = 0; i < H_COUNT; i++)
            if (strcmp(key, hdr_names[i]) == 0)
                hk = i;
        if (hk >= 0 && seen[hk])
            return fail(r, err, errlen, key, "given twice");
        if (hk >= 0)
            seen[hk] = 1;
        if (hk > H_BLOCK && hk != H_GEN && !b)
            return fail(r, err, errlen, key, "must come after %%block");

        if (hk == H_FORMAT) {
            uint64_t v;
            if (parse_u64(val, 10, &v) || v != CT_VEC_FORMAT)
                return fail(r, err, errlen, "format",
                            "'%s' is not a supported format (this reader: %d)",
                            val, CT_VEC_FORMAT);
        } else if (hk == H_BLOCK) {
            b = ct_find_block(val);
            if (!b)
                return fail(r, err, errlen, "block", "unknown block '%s'", val);
            if (expect_block && b != expect_block)
                return fail(r, err, errlen, "block",
                            "file is for block '%s', this run is for '%s'",
                            b->name, expect_block->name);
            r->h.block = b;
        } else if (hk == H_CONFIG) {
            char e2[CT_ERRLEN];
            if (ct_config_parse(b, val, r->h.cfg, e2, sizeof e2))
                return fail(r, err, errlen, "config", "%s", e2);
            if (expect_cfg &&
                memcmp(expect_cfg, r->h.cfg, b->n_params * sizeof(uint32_t))) {
                char want[512];
                ct_config_format(b, expect_cfg, want, sizeof want);
                return fail(r, err, errlen, "config",
                            "configuration mismatch: file has '%s', this "
                            "simulator was built for '%s'", val, want);
            }
            layout(&r->h, b);
        } else if (hk == H_SEED) {
            const char *v = val;
            int base = 10;
            if (v[0] == '0' && (v[1] == 'x' || v[1] == 'X'))
                v += 2, base = 16;
            if (parse_u64(v, base, &r->h.seed))
                return fail(r, err, errlen, "seed", "'%s' is not a number", val);
        } else if (hk == H_GEN) {
            snprintf(r->h.generator, sizeof r->h.generator, "%s", val);
        } else if (hk == H_CYCLES) {
            if (parse_u64(val, 10, &r->h.cycles))
                return fail(r, err, errlen, "cycles",
                            "'%s' is not a decimal number", val);
        } else if (strcmp(key, "column") == 0) {
            if (!seen[H_CONFIG])
                return fail(r, err, errlen, "column", "must come after %%config");
            char name[64], dir[8];
            unsigned w;
            char extra;
            if (sscanf(val, "%63s %7s %u %c", name, dir, &w, &extra) != 3)
                return fail(r, err, errlen, "column",
                            "expected 'NAME in|out WIDTH', got '%s'", val);
            unsigned n_cols = b->n_in + b->n_out;
            if (col >= n_cols)
                return fail(r, err, errlen, "column",
                            "'%s': %s has only %u columns", name, b->name,
                            n_cols);
            int in_side = col < b->n_in;
            const char *want = in_side ? b->in[col].name
                                       : b->out[col - b->n_in].name;
            unsigned want_w = in_side ? r->h.in_w[col]
                                      : r->h.out_w[col - b->n_in];
            if (strcmp(name, want) != 0)
                return fail(r, err, errlen, "column",
                            "column %u is '%s', block %s expects '%s'",
                            col + 1, name, b->name, want);
            if (strcmp(dir, in_side ? "in" : "out") != 0)
                return fail(r, err, errlen, name, "direction '%s', expected "
                            "'%s'", dir, in_side ? "in" : "out");
            if (w != want_w)
                return fail(r, err, errlen, name,
                            "width %u, the configuration gives %u", w, want_w);
            col++;
        } else if (strcmp(key, "data") == 0) {
            for (int i = 0; i < H_COUNT; i++)
                if (!seen[i])
                    return fail(r, err, errlen, hdr_names[i],
                                "header line '%%%s' missing", hdr_names[i]);
            if (col != b->n_in + b->n_out)
                return fail(r, err, errlen, "column",
                            "%u columns declared, %s has %u", col, b->name,
                            b->n_in + b->n_out);
            return 0;
        } else {
            return fail(r, err, errlen, "header", "unknown header line '%%%s'",
                        key);
        }
    }
}

ct_vec_reader_t *ct_vec_open(const char *path, const ct_block_t *expect_block,
                             const uint32_t *expect_cfg, char *err,
                             size_t errlen)
{
    ct_vec_reader_t *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    snprintf(r->path, sizeof r->path, "%s", path);
    r->f = fopen(path, "rb");
    if (!r->f) {
        int e = errno;
        char cwd[512];
        if (path[0] != '/' && getcwd(cwd, sizeof cwd))
            snprintf(err, errlen, "%s: cannot open: %s (a relative path, read from %s)", path, strerror(e), cwd);
        else
            snprintf(err, errlen, "%s: cannot open: %s", path, strerror(e));
        free(r);
        return NULL;
    }
    if (header(r, expect_block, expect_cfg, err, errlen)) {
        ct_vec_close(r);
        return NULL;
    }
    return r;
}

int ct_vec_next(ct_vec_reader_t *r, uint64_t *in, uint64_t *out, char *err,
                size_t errlen)
{
    const ct_block_t *b = r->h.block;
    for (;;) {
        int k = read_line(r, err, errlen);
        if (k < 0)
            return -1;
        if (k == 0) {
            if (r->rows != r->h.cycles)
                return fail(r, err, errlen, "cycles",
                            "header promises %llu rows, file has %llu "
                            "(truncated?)",
                            (unsigned long long)r->h.cycles,
                            (unsigned long long)r->rows);
            return 0;
        }
        char *s = strip(r->line);
        if (!*s)
            continue;
        if (*s == '%')
            return fail(r, err, errlen, "line", "header line after %%data");
        if (r->rows == r->h.cycles)
            return fail(r, err, errlen, "cycles",
                        "more rows than the %llu the header promises",
                        (unsigned long long)r->h.cycles);
        unsigned n_cols = b->n_in + b->n_out, col = 0;
        char *p = s;
        while (*p) {
            char *tok = p;
            while (*p && *p != ' ' && *p != '\t')
                p++;
            if (*p)
                *p++ = 0;
            while (*p == ' ' || *p == '\t')
                p++;
            if (col >= n_cols) {
                unsigned extra = col + 1;
                while (*p) { /* count the rest for the message */
                    while (*p && *p != ' ' && *p != '\t')
                        p++;
                    while (*p == ' ' || *p == '\t')
                        p++;
                    extra++;
                }
                return fail(r, err, errlen, "row",
                            "%u fields, %s has %u columns", extra, b->name,
                            n_cols);
            }
            int in_side = col < b->n_in;
            const char *name = in_side ? b->in[col].name
                                       : b->out[col - b->n_in].name;
            unsigned w = in_side ? r->h.in_w[col] : r->h.out_w[col - b->n_in];
            uint64_t *dst = in_side ? in + r->h.in_off[col]
                                    : out + r->h.out_off[col - b->n_in];
            unsigned nw = in_side ? b->in[col].words
                                  : b->out[col - b->n_in].words;
            if (parse_port(tok, w, nw, dst) < 0) {
                unsigned maxd = digits(w) > 16 ? digits(w) : 16;
                return fail(r, err, errlen, name, "'%s' is not hex (1-%u "
                            "digits)", tok, maxd);
            }
            for (unsigned k = 0; k < nw; k++)
                if (dst[k] & ~ct_word_mask(w, k))
                    return fail(r, err, errlen, name,
                                "value 0x%s wider than the column's %u bits",
                                tok, w);
            col++;
        }
        if (col != n_cols)
            return fail(r, err, errlen, "row",
                        "%u fields, %s has %u columns (truncated line?)", col,
                        b->name, n_cols);
        r->rows++;
        return 1;
    }
}

void ct_vec_close(ct_vec_reader_t *r)
{
    if (!r)
        return;
    if (r->f)
        fclose(r->f);
    free(r);
}
