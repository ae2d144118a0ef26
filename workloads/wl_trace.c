/*
 * wl_trace.c - trace format 1 (docs/trace-format.md): writer, strict
 * streamed reader (plain text, or gzip / xz through wl_io.c; the text or
 * the binary encoding), and the request assembler that merges one warp
 * instruction's accesses to a line.
 */
#include "wl_trace.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "wl_io.h"

const char *const wl_kind_names[WL_NKIND] = {"ld", "ldg", "st", "atom"};

int wl_geometry_check(unsigned line_b, unsigned sector_b, char *err, size_t errlen)
{
    if (line_b < 32 || line_b > 4096 || (line_b & (line_b - 1))) {
        snprintf(err, errlen, "line size %u is not a power of two in 32..4096", line_b);
        return -1;
    }
    if (sector_b < 4 || sector_b > line_b || (sector_b & (sector_b - 1)) ||
        line_b / sector_b > 64) {
        snprintf(err, errlen,
                 "sector size %u is not a power of two in max(4, line/64)..line (%u)",
                 sector_b, line_b);
        return -1;
    }
    return 0;
}

const char *wl_name_why(const char *name, size_t n)
{
    if (n == 0)
        return "empty";
    if (n > WL_MAX_NAME)
        return "longer than 200 characters";
    for (size_t i = 0; i < n; i++) {
        if (name[i] == '#')
            return "contains '#'";
        if (name[i] == 0 || name[i] == '\r' || name[i] == '\n')
            return "contains a NUL, CR or LF";
    }
    if (name[0] == ' ' || name[0] == '\t' || name[n - 1] == ' ' || name[n - 1] == '\t')
        return "starts or ends with a blank";
    return NULL;
}

uint64_t wl_sector_mask(uint64_t addr, uint32_t size, unsigned line_b, unsigned sector_b)
{
    /* line_b and sector_b are powers of two: the offset is a mask, the sector a shift */
    unsigned off = (unsigned)(addr & (line_b - 1)), sh = (unsigned)__builtin_ctz(sector_b);
    unsigned first = off >> sh;
    unsigned last = (off + size - 1) >> sh;
    uint64_t upto = last >= 63 ? ~UINT64_C(0) : (UINT64_C(1) << (last + 1)) - 1;
    return upto & ~((UINT64_C(1) << first) - 1);
}

/* -------------------------------------------------------------- writer */

void wl_write_header(wl_writer_t *w, FILE *f, const wl_trace_header_t *h)
{
    memset(w, 0, sizeof *w);
    w->f = f;
    fprintf(f, "# cachetwin GPU memory trace (docs/trace-format.md)\n");
    fprintf(f, "# kernel ID NAME | SM WARP PC KIND ADDR SIZE\n");
    fprintf(f, "%%trace %d\n", WL_TRACE_FORMAT);
    if (h->source[0])
        fprintf(f, "%%source %s\n", h->source);
    if (h->binary)
        fprintf(f, "%%encoding binary\n");
    fprintf(f, "%%line %u\n%%sector %u\n%%data\n", h->line_b, h->sector_b);
    w->binary = h->binary;
}

/* little-endian fields of a binary record */
static void put_le(unsigned char *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* little-endian u16 / u32 / u64 of a binary record: one load each on a
 * little-endian host, the bytes one by one on any other */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LE_LOAD(T, p) \
    do { \
        T v_; \
        memcpy(&v_, p, sizeof v_); \
        return v_; \
    } while (0)
#else
#define LE_LOAD(T, p) \
    do { \
        T v_ = 0; \
        for (int i_ = (int)sizeof(T) - 1; i_ >= 0; i_--) \
            v_ = (T)(v_ << 8 | (p)[i_]); \
        return v_; \
    } while (0)
#endif
static uint16_t le16(const unsigned char *p) { LE_LOAD(uint16_t, p); }
static uint32_t le32(const unsigned char *p) { LE_LOAD(uint32_t, p); }
static uint64_t le64(const unsigned char *p) { LE_LOAD(uint64_t, p); }

void wl_write_kernel(wl_writer_t *w, uint32_t id, const char *name)
{
    if (!w->binary) {
        fprintf(w->f, "kernel %" PRIu32 " %s\n", id, name);
        return;
    }
    unsigned char b[WL_BIN_KERNEL_B];
    size_t n = strlen(name);
    b[0] = WL_BIN_KERNEL;
    put_le(b + 1, id, 4);
    b[5] = (unsigned char)(n > 255 ? 255 : n);
    fwrite(b, 1, sizeof b, w->f);
    fwrite(name, 1, b[5], w->f);
}

void wl_write_access(wl_writer_t *w, const wl_access_t *a)
{
    w->accesses++;
    if (!w->binary) {
        fprintf(w->f, "%" PRIu32 " %" PRIu32 " %" PRIx64 " %s %" PRIx64 " %" PRIu32 "\n",
                a->sm, a->warp, a->pc, wl_kind_names[a->kind], a->addr, a->size);
        return;
    }
    unsigned char b[WL_BIN_ACCESS_B];
    b[0] = (unsigned char)a->kind;
    put_le(b + 1, a->sm, 2);
    put_le(b + 3, a->size, 2);
    put_le(b + 5, a->warp, 4);
    put_le(b + 9, a->pc, 8);
    put_le(b + 17, a->addr, 8);
    fwrite(b, 1, sizeof b, w->f);
}

int wl_write_end(wl_writer_t *w)
{
    if (w->binary) {
        unsigned char b[WL_BIN_END_B];
        b[0] = WL_BIN_END;
        put_le(b + 1, w->accesses, 8);
        fwrite(b, 1, sizeof b, w->f);
    } else {
        fprintf(w->f, "%%end %" PRIu64 "\n", w->accesses);
    }
    return fflush(w->f) || ferror(w->f) ? -1 : 0;
}

/* -------------------------------------------------------------- reader */

struct wl_reader {
    wl_in_t in;
    wl_trace_header_t h;
    uint64_t accesses;
    int kernels, ended;
    uint32_t last_kernel;
    int slow;      /* wl_set_fast(r, 0): every line by the general path */
    uint64_t fast; /* access lines the one-pass parser read */
};

const wl_trace_header_t *wl_header(const wl_reader_t *r) { return &r->h; }
unsigned long wl_lineno(const wl_reader_t *r) { return r->in.lineno; }
void wl_set_fast(wl_reader_t *r, int on) { r->slow = !on; }
uint64_t wl_lines_fast(const wl_reader_t *r) { return r->fast; }

#define fail(r, err, errlen, ...) wl_in_fail(&(r)->in, err, errlen, __VA_ARGS__)
#define read_line(r, err, errlen) wl_in_line(&(r)->in, err, errlen)

/* Splits s (comment stripped) into at most max blank-separated tokens;
 * returns the count, max + 1 when there are more. */
static int split(char *s, char **tok, int max)
{
    char *hash = strchr(s, '#');
    if (hash)
        *hash = 0;
    return wl_split(s, tok, max);
}

/* Decimal 0..max, at most 10 digits: 0 or -1. */
static int dec(const char *s, uint64_t max, uint64_t *v)
{
    size_t n = strlen(s);
    if (n == 0 || n > 10)
        return -1;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        x = x * 10 + (uint64_t)(s[i] - '0');
    }
    if (x > max)
        return -1;
    *v = x;
    return 0;
}

/* Hex, optional 0x, 1..16 digits: 0 or -1. */
static int hex(const char *s, uint64_t *v)
{
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    size_t n = strlen(s);
    if (n == 0 || n > 16)
        return -1;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        int d = ct_hex_digit(s[i]);
        if (d < 0)
            return -1;
        x = x << 4 | (uint64_t)d;
    }
    *v = x;
    return 0;
}

enum { H_TRACE, H_SOURCE, H_LINE, H_SECTOR, H_COUNT, H_ENCODING = H_COUNT, H_SEEN };

static int header(wl_reader_t *r, char *err, size_t errlen)
{
    int seen[H_SEEN] = {0};
    char *tok[3];
    r->h.line_b = 128;
    r->h.sector_b = 32;
    for (;;) {
        int got = read_line(r, err, errlen);
        if (got < 0)
            return -1;
        if (got == 0)
            return fail(r, err, errlen, "header", "end of file before %%data");
        char *s = r->in.line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s != '%') {
            char copy[WL_IN_MAXLINE + 2];
            snprintf(copy, sizeof copy, "%s", s);
            if (split(copy, tok, 0) == 0)
                continue; /* blank or comment */
            return fail(r, err, errlen, "header", "a data line before %%data");
        }
        if (strncmp(s, "%source", 7) == 0 && (s[7] == ' ' || s[7] == '\t' || !s[7])) {
            if (!seen[H_TRACE])
                return fail(r, err, errlen, "%trace", "the first line must be %%trace %d", WL_TRACE_FORMAT);
            if (seen[H_SOURCE]++)
                return fail(r, err, errlen, "%source", "given twice");
            const char *t = s + 7;
            while (*t == ' ' || *t == '\t')
                t++;
            if (strlen(t) >= sizeof r->h.source)
                return fail(r, err, errlen, "%source", "longer than %zu characters", sizeof r->h.source - 1);
            snprintf(r->h.source, sizeof r->h.source, "%s", t);
            continue;
        }
        int n = split(s, tok, 2);
        if (!seen[H_TRACE] && strcmp(tok[0], "%trace") != 0)
            return fail(r, err, errlen, "%trace", "the first line must be %%trace %d", WL_TRACE_FORMAT);
        if (strcmp(tok[0], "%encoding") == 0) {
            if (seen[H_ENCODING]++)
                return fail(r, err, errlen, "%encoding", "given twice");
            if (n != 2 || (strcmp(tok[1], "text") != 0 && strcmp(tok[1], "binary") != 0))
                return fail(r, err, errlen, "%encoding", "expected text or binary");
            r->h.binary = tok[1][0] == 'b';
            continue;
        }
        if (strcmp(tok[0], "%data") == 0) {
            if (n != 1)
                return fail(r, err, errlen, "%data", "takes no value");
            char why[CT_ERRLEN];
            if (wl_geometry_check(r->h.line_b, r->h.line_b, why, sizeof why) < 0)
                return fail(r, err, errlen, "%line", "%s", why);
            if (wl_geometry_check(r->h.line_b, r->h.sector_b, why, sizeof why) < 0)
                return fail(r, err, errlen, "%sector", "%s", why);
            if (r->h.binary) { /* errors name records from here on, counted from 1 */
                r->in.binary = 1;
                r->in.lineno = 0;
            }
            return 0;
        }
        static const char *const names[H_COUNT] = {"%trace", "%source", "%line", "%sector"};
        int which = -1;
        for (int k = 0; k < H_COUNT; k++)
            if (strcmp(tok[0], names[k]) == 0)
                which = k;
        if (which < 0)
            return fail(r, err, errlen, "header", "unknown directive '%.40s'", tok[0]);
        if (seen[which]++)
            return fail(r, err, errlen, names[which], "given twice");
        uint64_t v;
        if (n != 2 || dec(tok[1], 1u << 20, &v) < 0)
            return fail(r, err, errlen, names[which], "expected one decimal number");
        if (which == H_TRACE && v != WL_TRACE_FORMAT)
            return fail(r, err, errlen, "%trace", "format %" PRIu64 " is not supported (this reader reads %d)",
                        v, WL_TRACE_FORMAT);
        if (which == H_LINE)
            r->h.line_b = (unsigned)v;
        if (which == H_SECTOR)
            r->h.sector_b = (unsigned)v;
    }
}

wl_reader_t *wl_open(const char *path, char *err, size_t errlen)
{
    wl_reader_t *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    if (wl_in_open(&r->in, path, err, errlen) < 0) {
        free(r);
        return NULL;
    }
    if (header(r, err, errlen) < 0) {
        wl_close(r, NULL, 0);
        return NULL;
    }
    return r;
}

/* the bytes [addr, addr+size) run past the end of their line (line_b is a
 * power of two), and the error that says so: the same in both encodings */
static int crosses(const wl_reader_t *r, uint64_t addr, uint64_t size)
{
    return (addr & (r->h.line_b - 1)) + size > r->h.line_b;
}

static int cross_fail(wl_reader_t *r, uint64_t addr, uint64_t size, char *err, size_t errlen)
{
    return fail(r, err, errlen, "size", "bytes 0x%" PRIx64 "..0x%" PRIx64 " cross a %u-byte line boundary", addr,
                addr + size - 1, r->h.line_b);
}

static int access_line(wl_reader_t *r, char **tok, int n, wl_rec_t *rec, char *err, size_t errlen)
{
    static const char *const field[6] = {"sm", "warp", "pc", "kind", "addr", "size"};
    if (n != 6)
        return fail(r, err, errlen, n < 6 ? field[n] : "line",
                    n < 6 ? "missing (an access is SM WARP PC KIND ADDR SIZE)"
                          : "more than 6 fields (an access is SM WARP PC KIND ADDR SIZE)");
    if (!r->kernels)
        return fail(r, err, errlen, "kernel", "an access before the first kernel line");
    wl_access_t *a = &rec->a;
    uint64_t v;
    if (dec(tok[0], WL_MAX_SM - 1, &v) < 0)
        return fail(r, err, errlen, "sm", "'%.40s' is not a decimal SM id 0..%d", tok[0], WL_MAX_SM - 1);
    a->sm = (uint32_t)v;
    if (dec(tok[1], UINT32_MAX, &v) < 0)
        return fail(r, err, errlen, "warp", "'%.40s' is not a decimal warp id 0..%" PRIu32, tok[1], UINT32_MAX);
    a->warp = (uint32_t)v;
    if (hex(tok[2], &a->pc) < 0)
        return fail(r, err, errlen, "pc", "'%.40s' is not 1..16 hex digits", tok[2]);
    int k;
    for (k = 0; k < WL_NKIND && strcmp(tok[3], wl_kind_names[k]) != 0; k++)
        ;
    if (k == WL_NKIND)
        return fail(r, err, errlen, "kind", "'%.40s' is not ld, ldg, st or atom", tok[3]);
    a->kind = (wl_kind_t)k;
    if (hex(tok[4], &a->addr) < 0)
        return fail(r, err, errlen, "addr", "'%.40s' is not 1..16 hex digits", tok[4]);
    if (dec(tok[5], r->h.line_b, &v) < 0 || v == 0)
        return fail(r, err, errlen, "size", "'%.40s' is not a decimal byte count 1..%u", tok[5], r->h.line_b);
    a->size = (uint32_t)v;
    if (crosses(r, a->addr, v))
        return cross_fail(r, a->addr, v, err, errlen);
    rec->type = WL_REC_ACCESS;
    r->accesses++;
    return 1;
}

/* The fast path of an access line (most of a trace's lines), read in one
 * pass without splitting: fields as access_line accepts them (decimal SM,
 * WARP and SIZE of 1..10 digits, hex PC and ADDR of 1..16 digits after an
 * optional 0x, one of the kind names) separated by blanks, nothing after
 * them.  1: rec holds the access, as access_line would give it; 0: the line
 * is anything else (a kernel line, a comment, a field out of range, an
 * error), and the general path reads it and words its error. */
static int fast_dec(const char **p, uint64_t max, uint64_t *v)
{
    const char *s = *p;
    uint64_t x = 0;
    int n = 0;
    while (*s >= '0' && *s <= '9' && n <= 10)
        x = x * 10 + (uint64_t)(*s++ - '0'), n++;
    if (n == 0 || n > 10 || x > max)
        return 0;
    *v = x;
    *p = s;
    return 1;
}

/* a hex digit's value + 1, 0 for any other byte (two fields a line are hex) */
static const unsigned char hex_digit[256] = {
    ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
    ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

static int fast_hex(const char **p, uint64_t *v)
{
    const unsigned char *s = (const unsigned char *)*p;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    uint64_t x = 0;
    int n = 0;
    for (unsigned d; (d = hex_digit[*s]) != 0; s++, n++)
        x = x << 4 | (d - 1);
    if (n == 0 || n > 16)
        return 0;
    *v = x;
    *p = (const char *)s;
    return 1;
}

/* one or more blanks, skipped: 1; 0 when there is none */
static int fast_gap(const char **p)
{
    const char *s = *p;
    if (*s != ' ' && *s != '\t')
        return 0;
    while (*s == ' ' || *s == '\t')
        s++;
    *p = s;
    return 1;
}

static int fast_access(wl_reader_t *r, const char *s, wl_rec_t *rec)
{
    wl_access_t a;
    uint64_t v, size;
    if (!r->kernels || !fast_dec(&s, WL_MAX_SM - 1, &v) || !fast_gap(&s))
        return 0;
    a.sm = (uint32_t)v;
    if (!fast_dec(&s, UINT32_MAX, &v) || !fast_gap(&s))
        return 0;
    a.warp = (uint32_t)v;
    if (!fast_hex(&s, &a.pc) || !fast_gap(&s))
        return 0;
    const char *k0 = s;
    while (*s >= 'a' && *s <= 'z')
        s++;
    size_t kn = (size_t)(s - k0);
    int k;
    for (k = 0; k < WL_NKIND && !(strlen(wl_kind_names[k]) == kn && !memcmp(k0, wl_kind_names[k], kn)); k++)
        ;
    if (k == WL_NKIND || !fast_gap(&s))
        return 0;
    a.kind = (wl_kind_t)k;
    if (!fast_hex(&s, &a.addr) || !fast_gap(&s))
        return 0;
    if (!fast_dec(&s, r->h.line_b, &size) || size == 0 || crosses(r, a.addr, size))
        return 0;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s) /* a comment, or a seventh field */
        return 0;
    a.size = (uint32_t)size;
    rec->type = WL_REC_ACCESS;
    rec->a = a;
    r->accesses++;
    r->fast++;
    return 1;
}

/* The binary encoding's next record (docs/trace-format.md): the checks of
 * the text lines', a record's fields in the order the text names them. */
static int bin_next(wl_reader_t *r, wl_rec_t *rec, char *err, size_t errlen)
{
    wl_in_t *in = &r->in;
    in->lineno++; /* the record's number; its first byte is base + pos until it is taken (the errors' byte) */
    if (in->end - in->pos < WL_BIN_ACCESS_B) {
        long got = wl_in_fill(in, WL_BIN_ACCESS_B, err, errlen);
        if (got < 0)
            return -1;
        if (got == 0)
            return fail(r, err, errlen, "end", "end of file without the end record (truncated file?)");
    }
    long avail = (long)(in->end - in->pos);
    const unsigned char *p = (const unsigned char *)in->buf + in->pos;
    unsigned tag = p[0];
    if (tag < WL_NKIND) {
        if (avail < WL_BIN_ACCESS_B)
            return fail(r, err, errlen, wl_kind_names[tag], "record cut short (truncated file?)");
        if (!r->kernels)
            return fail(r, err, errlen, "kernel", "an access before the first kernel record");
        wl_access_t *a = &rec->a;
        uint64_t sm = le16(p + 1), size = le16(p + 3);
        if (sm >= WL_MAX_SM)
            return fail(r, err, errlen, "sm", "%" PRIu64 " is not an SM id 0..%d", sm, WL_MAX_SM - 1);
        a->sm = (uint32_t)sm;
        a->warp = le32(p + 5);
        a->pc = le64(p + 9);
        a->kind = (wl_kind_t)tag;
        a->addr = le64(p + 17);
        if (size == 0 || size > r->h.line_b)
            return fail(r, err, errlen, "size", "%" PRIu64 " is not a byte count 1..%u", size, r->h.line_b);
        if (crosses(r, a->addr, size))
            return cross_fail(r, a->addr, size, err, errlen);
        a->size = (uint32_t)size;
        in->pos += WL_BIN_ACCESS_B;
        rec->type = WL_REC_ACCESS;
        r->accesses++;
        return 1;
    }
    if (tag == WL_BIN_KERNEL) {
        if (avail >= WL_BIN_KERNEL_B && avail < WL_BIN_KERNEL_B + p[5]) { /* a long name: read the rest */
            avail = wl_in_fill(in, (size_t)WL_BIN_KERNEL_B + p[5], err, errlen);
            if (avail < 0)
                return -1;
            p = (const unsigned char *)in->buf + in->pos;
        }
        if (avail < WL_BIN_KERNEL_B || avail < WL_BIN_KERNEL_B + p[5])
            return fail(r, err, errlen, "kernel", "record cut short (truncated file?)");
        uint64_t id = le32(p + 1);
        if (r->kernels && id <= r->last_kernel)
            return fail(r, err, errlen, "kernel id", "%" PRIu64 " after %" PRIu32 " (ids increase)", id,
                        r->last_kernel);
        const char *why = wl_name_why((const char *)p + WL_BIN_KERNEL_B, p[5]);
        if (why)
            return fail(r, err, errlen, "kernel name", "%s", why);
        rec->type = WL_REC_KERNEL;
        rec->kernel = (uint32_t)id;
        memcpy(rec->name, p + WL_BIN_KERNEL_B, p[5]);
        rec->name[p[5]] = 0;
        in->pos += WL_BIN_KERNEL_B + p[5];
        r->kernels++;
        r->last_kernel = (uint32_t)id;
        return 1;
    }
    if (tag == WL_BIN_END) {
        if (avail < WL_BIN_END_B)
            return fail(r, err, errlen, "end", "record cut short (truncated file?)");
        uint64_t v = le64(p + 1);
        if (v != r->accesses)
            return fail(r, err, errlen, "end", "says %" PRIu64 " accesses, the file has %" PRIu64, v,
                        r->accesses);
        in->pos += WL_BIN_END_B;
        in->lineno++; /* what follows, as the next record */
        long more = wl_in_fill(in, 1, err, errlen);
        if (more < 0)
            return -1;
        if (more > 0)
            return fail(r, err, errlen, "end", "bytes after the end record");
        in->lineno--;
        r->ended = 1;
        return 0;
    }
    return fail(r, err, errlen, "tag", "0x%02x is not a record tag (0..3 an access, 0x10 a kernel, 0x1f the end)",
                tag);
}

int wl_next(wl_reader_t *r, wl_rec_t *rec, char *err, size_t errlen)
{
    char *tok[8];
    if (r->ended)
        return 0;
    if (r->h.binary)
        return bin_next(r, rec, err, errlen);
    for (;;) {
        int got = read_line(r, err, errlen);
        if (got < 0)
            return -1;
        if (got == 0)
            return fail(r, err, errlen, "%end", "end of file without the %%end line (truncated file?)");
        if (!r->slow && fast_access(r, r->in.line, rec))
            return 1;
        char raw[WL_IN_MAXLINE + 2]; /* a kernel line's name keeps its blanks: read from a copy */
        const char *s0 = r->in.line + strspn(r->in.line, " \t");
        if (!strncmp(s0, "kernel", 6))
            memcpy(raw, r->in.line, strlen(r->in.line) + 1);
        int n = split(r->in.line, tok, 7);
        if (n == 0)
            continue;
        if (strcmp(tok[0], "%end") == 0) {
            uint64_t v;
            if (n != 2 || dec(tok[1], UINT64_C(9999999999), &v) < 0)
                return fail(r, err, errlen, "%end", "expected the access count");
            if (v != r->accesses)
                return fail(r, err, errlen, "%end", "says %" PRIu64 " accesses, the file has %" PRIu64,
                            v, r->accesses);
            for (;;) { /* only blank lines and comments may follow */
                got = read_line(r, err, errlen);
                if (got < 0)
                    return -1;
                if (got == 0)
                    break;
                if (split(r->in.line, tok, 0) != 0)
                    return fail(r, err, errlen, "%end", "text after the %%end line");
            }
            r->ended = 1;
            return 0;
        }
        if (tok[0][0] == '%')
            return fail(r, err, errlen, "line", "directive '%.40s' after %%data", tok[0]);
        if (strcmp(tok[0], "kernel") == 0) {
            uint64_t v;
            if (n < 2 || dec(tok[1], UINT32_MAX, &v) < 0)
                return fail(r, err, errlen, "kernel id", "expected a decimal id 0..%" PRIu32, UINT32_MAX);
            if (r->kernels && v <= r->last_kernel)
                return fail(r, err, errlen, "kernel id", "%" PRIu64 " after %" PRIu32 " (ids increase)",
                            v, r->last_kernel);
            /* the name: the rest of the raw line after the id */
            char *p = strstr(raw, "kernel") + 6;
            while (*p == ' ' || *p == '\t')
                p++;
            while (*p && *p != ' ' && *p != '\t')
                p++;
            while (*p == ' ' || *p == '\t')
                p++;
            char *hash = strchr(p, '#');
            if (hash)
                *hash = 0;
            size_t len = strlen(p);
            while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
                p[--len] = 0;
            if (len == 0 || len > WL_MAX_NAME)
                return fail(r, err, errlen, "kernel name", "expected 1..%d characters", WL_MAX_NAME);
            rec->type = WL_REC_KERNEL;
            rec->kernel = (uint32_t)v;
            memcpy(rec->name, p, len + 1);
            r->kernels++;
            r->last_kernel = (uint32_t)v;
            return 1;
        }
        return access_line(r, tok, n, rec, err, errlen);
    }
}

int wl_close(wl_reader_t *r, char *err, size_t errlen)
{
    if (!r)
        return 0;
    int st = wl_in_close(&r->in);
    int bad = r->ended && st;
    if (bad && err)
        snprintf(err, errlen, "%s: '%s -dc' failed (exit %d)", r->in.path, r->in.tool, st);
    free(r);
    return bad ? -1 : 0;
}

int wl_convert(const char *path, FILE *out, int binary, char *err, size_t errlen)
{
    wl_reader_t *r = wl_open(path, err, errlen);
    if (!r)
        return -1;
    wl_trace_header_t h = r->h;
    h.binary = binary;
    wl_writer_t w;
    wl_write_header(&w, out, &h);
    wl_rec_t rec;
    int got;
    while ((got = wl_next(r, &rec, err, errlen)) > 0) {
        if (rec.type == WL_REC_ACCESS) {
            wl_write_access(&w, &rec.a);
            continue;
        }
        const char *why = binary ? wl_name_why(rec.name, strlen(rec.name)) : NULL;
        if (why) {
            got = fail(r, err, errlen, "kernel name", "not possible in the binary encoding: %s", why);
            break;
        }
        wl_write_kernel(&w, rec.kernel, rec.name);
    }
    if (wl_close(r, got < 0 ? NULL : err, errlen) < 0)
        got = -1;
    if (got < 0)
        return -1;
    if (wl_write_end(&w) < 0) {
        snprintf(err, errlen, "%s: writing its conversion failed", path);
        return -1;
    }
    return 0;
}

/* -------------------------------------------------- request assembler */

void wl_asm_init(wl_assembler_t *as, unsigned line_b, unsigned sector_b)
{
    memset(as, 0, sizeof *as);
    as->line_b = line_b;
    as->sector_b = sector_b;
}

int wl_asm_feed(wl_assembler_t *as, const wl_access_t *a, wl_req_t *done)
{
    uint64_t line = a->addr >> __builtin_ctz(as->line_b); /* a power of two */
    uint64_t m = wl_sector_mask(a->addr, a->size, as->line_b, as->sector_b);
    wl_req_t *c = &as->cur;
    /* continues the request: same warp instruction and line, and every
     * sector above the request's highest (a repeat starts a new one) */
    if (as->have && c->sm == a->sm && c->warp == a->warp && c->pc == a->pc &&
        c->kind == a->kind && c->line == line && (m & -m) > c->sectors) {
        c->sectors |= m;
        return 0;
    }
    int out = 0;
    if (as->have) {
        *done = *c;
        out = 1;
    }
    c->sm = a->sm, c->warp = a->warp, c->pc = a->pc, c->kind = a->kind;
    c->line = line;
    c->sectors = m;
    as->have = 1;
    return out;
}

int wl_asm_flush(wl_assembler_t *as, wl_req_t *done)
{
    if (!as->have)
        return 0;
    *done = as->cur;
    as->have = 0;
    return 1;
}

/* ------------------------------------------- requests of a trace file */

int wl_reqs_open(wl_reqs_t *it, const char *path, const char *what, char *err, size_t errlen)
{
    memset(it, 0, sizeof *it);
    it->r = wl_open(path, err, errlen);
    if (!it->r)
        return -1;
    const wl_trace_header_t *h = wl_header(it->r);
    if (h->line_b != 128) {
        snprintf(err, errlen, "%s: %s: the caches have 128 B lines, the trace %u B", path, what, h->line_b);
        wl_reqs_close(it);
        return -1;
    }
    wl_asm_init(&it->as, h->line_b, h->sector_b);
    return 0;
}

unsigned wl_reqs_sector(const wl_reqs_t *it) { return it->as.sector_b; }

int wl_reqs_next(wl_reqs_t *it, wl_req_t *q, char *err, size_t errlen)
{
    wl_rec_t rec;
    for (;;) {
        if (it->kernel_next) {
            it->kernel_next = 0;
            return WL_REQS_KERNEL;
        }
        if (it->ended)
            return WL_REQS_END;
        int got = wl_next(it->r, &rec, err, errlen);
        if (got < 0)
            return -1;
        if (got == 0) { /* the end (wl_next has checked %end and the decompressor): the last request */
            wl_reqs_close(it);
            it->ended = 1;
            return wl_asm_flush(&it->as, q) ? WL_REQS_REQ : WL_REQS_END;
        }
        if (rec.type == WL_REC_KERNEL) {
            it->kernel_next = 1;
            if (wl_asm_flush(&it->as, q))
                return WL_REQS_REQ;
            continue;
        }
        if (wl_asm_feed(&it->as, &rec.a, q))
            return WL_REQS_REQ;
    }
}

void wl_reqs_close(wl_reqs_t *it)
{
    if (it->r)
        wl_close(it->r, NULL, 0);
    it->r = NULL;
}

int wl_reqs_sms(const char *path, const char *what, unsigned *sms, char *err, size_t errlen)
{
    wl_reqs_t it;
    wl_req_t q;
    int got;
    *sms = 0;
    if (wl_reqs_open(&it, path, what, err, errlen) < 0)
        return -1;
    while ((got = wl_reqs_next(&it, &q, err, errlen)) != WL_REQS_END) {
        if (got < 0) {
            wl_reqs_close(&it);
            return -1;
        }
        if (got == WL_REQS_REQ && q.sm + 1 > *sms)
            *sms = q.sm + 1;
    }
    wl_reqs_close(&it);
    return 0;
}
