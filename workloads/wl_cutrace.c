/*
 * wl_cutrace.c - cuda-memtrace binary traces into trace format 1
 * (wl_cutrace.h, docs/workloads.md "Importing cuda-memtrace traces").
 *
 * Layout (all integers little-endian): 10 magic bytes (0x19 or 0x1a, then
 * "CUDATRACE": version 2 or 3); then records: 0x00 kernel (u16 name length,
 * the name); 0xFF access (3 x u64: smid << 32 | type << 28 | size; address;
 * cta.x << 32 | cta.y << 16 | cta.z); 0xFE (version 3) the same and a u16
 * count: count accesses at address + k * size.
 */
#include "wl_cutrace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define LINE_B 128u
#define SECTOR_B 32u
#define GROUP 32u      /* thread accesses in a group: a warp's worth */
#define MAX_SIZE 128u  /* bytes of one thread access */
#define MAX_PIECES (GROUP * (MAX_SIZE / SECTOR_B + 1))

typedef struct {
    FILE *f;
    const char *path;
    uint64_t off; /* bytes read */
} bin_t;

static int fail(const bin_t *b, uint64_t at, char *err, size_t errlen, const char *field, const char *fmt, ...)
{
    char msg[CT_ERRLEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "%s:byte %" PRIu64 ": %s: %s", b->path, at, field, msg);
    return -1;
}

/* n bytes; 1, 0 at a clean end before the first byte, -1 cut short */
static int get(bin_t *b, void *buf, size_t n)
{
    size_t got = fread(buf, 1, n, b->f);
    b->off += got;
    return got == n ? 1 : got == 0 && feof(b->f) ? 0 : -1;
}

static uint64_t le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = n; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

/* CTA ids of the kernel, per SM, numbered 0, 1, ... in order of first
 * appearance: the trace's warp field (an open-addressing map on the exact
 * pair (SM, CTA word)) */
typedef struct {
    uint64_t *cta;
    uint32_t *sm, *id; /* id UINT32_MAX: an empty slot */
    uint32_t *next_id; /* per SM */
    uint64_t cap, n;
} ids_t;

static uint64_t slot_of(const ids_t *m, uint32_t sm, uint64_t cta)
{
    uint64_t j = (cta * UINT64_C(0xff51afd7ed558ccd) ^ sm * UINT64_C(0x9e3779b97f4a7c15)) >> 20 & (m->cap - 1);
    while (m->id[j] != UINT32_MAX && !(m->cta[j] == cta && m->sm[j] == sm))
        j = (j + 1) & (m->cap - 1);
    return j;
}

static void ids_clear(ids_t *m)
{
    free(m->cta), free(m->sm), free(m->id);
    m->cta = NULL, m->sm = m->id = NULL, m->cap = m->n = 0;
    memset(m->next_id, 0, WL_MAX_SM * sizeof *m->next_id);
}

static int ids_get(ids_t *m, uint32_t sm, uint64_t cta, uint32_t *out)
{
    if ((m->n + 1) * 2 > m->cap) { /* grow to twice, rehashing */
        ids_t g = {NULL, NULL, NULL, m->next_id, m->cap ? 2 * m->cap : 1024, m->n};
        g.cta = malloc(g.cap * sizeof *g.cta);
        g.sm = malloc(g.cap * sizeof *g.sm);
        g.id = malloc(g.cap * sizeof *g.id);
        if (!g.cta || !g.sm || !g.id) {
            free(g.cta), free(g.sm), free(g.id);
            return -1;
        }
        memset(g.id, 0xff, g.cap * sizeof *g.id);
        for (uint64_t i = 0; i < m->cap; i++)
            if (m->id[i] != UINT32_MAX) {
                uint64_t j = slot_of(&g, m->sm[i], m->cta[i]);
                g.cta[j] = m->cta[i], g.sm[j] = m->sm[i], g.id[j] = m->id[i];
            }
        free(m->cta), free(m->sm), free(m->id);
        *m = g;
    }
    uint64_t j = slot_of(m, sm, cta);
    if (m->id[j] == UINT32_MAX) {
        m->cta[j] = cta, m->sm[j] = sm;
        m->id[j] = m->next_id[sm]++;
        m->n++;
    }
    *out = m->id[j];
    return 0;
}

typedef struct {
    uint64_t line;
    uint32_t sector, lo, hi;
} piece_t;

typedef struct {
    int have;
    uint32_t sm, warp, n; /* n: thread accesses in the group */
    uint64_t cta;
    int kind;
    piece_t pc[MAX_PIECES];
    unsigned np;
} group_t;

static void add_bytes(group_t *g, uint64_t a, uint32_t size)
{
    uint64_t end = a + size;
    while (a < end) {
        uint64_t sec_end = (a / SECTOR_B + 1) * SECTOR_B, stop = end < sec_end ? end : sec_end;
        uint64_t line = a / LINE_B;
        uint32_t sector = (uint32_t)(a % LINE_B / SECTOR_B), lo = (uint32_t)(a % SECTOR_B),
                 hi = (uint32_t)((stop - 1) % SECTOR_B);
        unsigned i;
        for (i = 0; i < g->np && !(g->pc[i].line == line && g->pc[i].sector == sector); i++)
            ;
        if (i == g->np)
            g->pc[g->np++] = (piece_t){line, sector, lo, hi};
        else {
            if (lo < g->pc[i].lo)
                g->pc[i].lo = lo;
            if (hi > g->pc[i].hi)
                g->pc[i].hi = hi;
        }
        a = stop;
    }
}

static void flush(group_t *g, wl_writer_t *w, wl_cutrace_stats_t *st)
{
    if (!g->have)
        return;
    for (unsigned i = 1; i < g->np; i++) /* ascending (line, sector) */
        for (unsigned j = i; j && (g->pc[j - 1].line > g->pc[j].line ||
                                   (g->pc[j - 1].line == g->pc[j].line && g->pc[j - 1].sector > g->pc[j].sector));
             j--) {
            piece_t t = g->pc[j];
            g->pc[j] = g->pc[j - 1], g->pc[j - 1] = t;
        }
    for (unsigned i = 0; i < g->np; i++) {
        wl_access_t a = {g->sm, g->warp, 0, g->pc[i].line * LINE_B + g->pc[i].sector * SECTOR_B + g->pc[i].lo,
                         g->pc[i].hi - g->pc[i].lo + 1, (wl_kind_t)g->kind};
        wl_write_access(w, &a);
        st->accesses++;
    }
    st->groups++;
    g->have = 0, g->np = 0, g->n = 0;
}

static const wl_kind_t kinds[3] = {WL_LD, WL_ST, WL_ATOM}; /* LD, ST, AT */

int wl_cutrace_import(const char *path, FILE *out, wl_cutrace_stats_t *st, char *err, size_t errlen)
{
    memset(st, 0, sizeof *st);
    bin_t b = {fopen(path, "rb"), path, 0};
    if (!b.f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    group_t *g = calloc(1, sizeof *g);
    ids_t ids = {NULL, NULL, NULL, calloc(WL_MAX_SM, sizeof(uint32_t)), 0, 0};
    int rc = -1, version;
    uint8_t m[10], rec[26];
    wl_writer_t w;
    if (!g || !ids.next_id) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto out;
    }
    if (get(&b, m, 10) != 1 || memcmp(m + 1, "CUDATRACE", 9) != 0 || (m[0] != 0x19 && m[0] != 0x1a)) {
        fail(&b, 0, err, errlen, "magic", "not a cuda-memtrace file (10 bytes 0x19 or 0x1a, then \"CUDATRACE\")");
        goto out;
    }
    version = m[0] == 0x19 ? 2 : 3;
    wl_trace_header_t h = {LINE_B, SECTOR_B, "", 0};
    const char *base = strrchr(path, '/');
    snprintf(h.source, sizeof h.source, "cuda-memtrace %.200s version %d", base ? base + 1 : path, version);
    wl_write_header(&w, out, &h);
    uint32_t kernel_id = 0;
    for (;;) {
        uint64_t at = b.off;
        uint8_t marker;
        int got = get(&b, &marker, 1);
        if (got == 0)
            break;
        if (got < 0) {
            fail(&b, at, err, errlen, "record", "read error");
            goto out;
        }
        if (marker == 0x00) {
            uint8_t l2[2];
            char name[65536];
            if (get(&b, l2, 2) != 1) {
                fail(&b, at, err, errlen, "kernel", "cut short in the name's length");
                goto out;
            }
            unsigned len = (unsigned)le(l2, 2);
            if (len == 0 || get(&b, name, len) != 1) {
                fail(&b, at, err, errlen, "kernel", len ? "cut short in the name" : "an empty name");
                goto out;
            }
            name[len] = 0;
            for (unsigned i = 0; i < len; i++)
                if ((unsigned char)name[i] < 0x20 || name[i] == '#' || name[i] == 0x7f) {
                    fail(&b, at, err, errlen, "kernel", "the name has a control character or '#'");
                    goto out;
                }
            if (len > WL_MAX_NAME)
                name[WL_MAX_NAME] = 0;
            flush(g, &w, st);
            wl_write_kernel(&w, ++kernel_id, name);
            st->kernels++;
            ids_clear(&ids);
            continue;
        }
        if (marker != 0xFF && !(marker == 0xFE && version == 3)) {
            fail(&b, at, err, errlen, "record", "marker 0x%02x is not 0x00, 0xff%s", marker,
                 version == 3 ? " or 0xfe" : " (0xfe is version 3 only)");
            goto out;
        }
        size_t n = marker == 0xFE ? 26 : 24;
        if (get(&b, rec, n) != 1) {
            fail(&b, at, err, errlen, "record", "cut short");
            goto out;
        }
        if (!st->kernels) {
            fail(&b, at, err, errlen, "record", "an access before the first kernel");
            goto out;
        }
        uint64_t w0 = le(rec, 8), addr = le(rec + 8, 8), w2 = le(rec + 16, 8);
        uint32_t sm = (uint32_t)(w0 >> 32), type = (uint32_t)(w0 >> 28 & 0xf), size = (uint32_t)(w0 & 0x0fffffff);
        uint32_t count = marker == 0xFE ? (uint32_t)le(rec + 24, 2) : 1;
        if (sm >= WL_MAX_SM) {
            fail(&b, at, err, errlen, "sm", "%" PRIu32 " is not an SM id 0..%d", sm, WL_MAX_SM - 1);
            goto out;
        }
        if (type > 2) {
            fail(&b, at, err, errlen, "type", "%" PRIu32 " is not 0 LD, 1 ST or 2 AT", type);
            goto out;
        }
        if (size < 1 || size > MAX_SIZE) {
            fail(&b, at, err, errlen, "size", "%" PRIu32 " bytes (1..%u are read)", size, MAX_SIZE);
            goto out;
        }
        if (count < 1) {
            fail(&b, at, err, errlen, "count", "0 accesses");
            goto out;
        }
        if (addr > UINT64_MAX - (uint64_t)count * size) {
            fail(&b, at, err, errlen, "address", "0x%" PRIx64 " + %" PRIu32 " x %" PRIu32 " wraps around", addr,
                 count, size);
            goto out;
        }
        st->records++;
        for (uint32_t k = 0; k < count; k++) {
            if (g->have && (g->sm != sm || g->cta != w2 || g->kind != (int)kinds[type] || g->n == GROUP))
                flush(g, &w, st);
            if (!g->have) {
                uint32_t warp;
                if (ids_get(&ids, sm, w2, &warp) < 0) {
                    snprintf(err, errlen, "%s: out of memory", path);
                    goto out;
                }
                g->have = 1, g->sm = sm, g->cta = w2, g->kind = (int)kinds[type], g->warp = warp;
            }
            add_bytes(g, addr + (uint64_t)k * size, size);
            g->n++;
            st->thread_accesses++;
        }
    }
    flush(g, &w, st);
    if (wl_write_end(&w) < 0) {
        snprintf(err, errlen, "%s: write error on the output", path);
        goto out;
    }
    rc = 0;
out:
    fclose(b.f);
    free(g), free(ids.cta), free(ids.sm), free(ids.id), free(ids.next_id);
    return rc;
}
