/*
 * wl_accel.c - Accel-Sim SASS traces (kernelslist.g + kernel-N.traceg,
 * tracer version >= 3, as accel-sim-framework's trace_parser.cc reads them)
 * into trace format 1 (docs/workloads.md, "Importing Accel-Sim traces").
 */
#define _POSIX_C_SOURCE 200809L
#include "wl_accel.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "wl_grow.h"
#include "wl_io.h"

#define LINE_B 128u
#define SECTOR_B 32u
#define MAX_REGS 32

/* ------------------------------------------------------------ opcodes */

/* the i-th '.'-separated token of op into buf; 0 when there is none */
static int op_token(const char *op, unsigned i, char *buf, size_t len)
{
    const char *p = op;
    for (unsigned k = 0; k < i; k++) {
        p = strchr(p, '.');
        if (!p)
            return 0;
        p++;
    }
    size_t n = strcspn(p, ".");
    if (n >= len)
        n = len - 1;
    memcpy(buf, p, n);
    buf[n] = 0;
    return 1;
}

static int all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

unsigned wl_accel_width(const char *opcode)
{
    char t[32];
    for (unsigned i = 0; op_token(opcode, i, t, sizeof t); i++) {
        if (!t[0])
            continue;
        if (all_digits(t))
            return (unsigned)(strtoul(t, NULL, 10) / 8);
        if (t[0] == 'U' && all_digits(t + 1))
            return (unsigned)(strtoul(t + 1, NULL, 10) / 8);
    }
    return 4;
}

static int has_token(const char *opcode, const char *want)
{
    char t[32];
    for (unsigned i = 1; op_token(opcode, i, t, sizeof t); i++)
        if (strcmp(t, want) == 0)
            return 1;
    return 0;
}

int wl_accel_kind(const char *opcode)
{
    char t[32];
    op_token(opcode, 0, t, sizeof t);
    if (!strcmp(t, "LDG") || !strcmp(t, "LDGSTS"))
        return has_token(opcode, "CG") || has_token(opcode, "CV") || has_token(opcode, "STRONG") ||
                       has_token(opcode, "BYPASS")
                   ? WL_LDG
                   : WL_LD;
    if (!strcmp(t, "STG"))
        return WL_ST;
    if (!strcmp(t, "ATOMG") || !strcmp(t, "RED") || !strcmp(t, "REDG"))
        return WL_ATOM;
    return -1;
}

/* -------------------------------------------------- a wave of blocks */

typedef struct { /* one coalesced access of an instruction */
    uint64_t line;
    uint32_t sector, lo, hi; /* touched bytes lo..hi of the sector */
} piece_t;

typedef struct { /* one warp's imported instructions, in order */
    wl_access_t *acc;  /* accesses, one instruction after another */
    uint32_t *ninst;   /* accesses per instruction */
    size_t n, cap, ni, icap, next_a, next_i;
} warp_q_t;

typedef struct {
    unsigned sms, warps_per_tb;
    uint64_t wave_tbs;  /* thread blocks in the current wave */
    uint64_t tb_index;  /* thread blocks of the kernel so far */
    warp_q_t *q;        /* sms * warps_per_tb */
    wl_writer_t *w;
    wl_accel_stats_t *st;
} wave_t;

static int push(warp_q_t *q, const wl_access_t *a)
{
    wl_access_t *p = wl_grow(q->acc, &q->cap, q->n + 1, sizeof *p, 64);
    if (!p)
        return -1;
    q->acc = p;
    q->acc[q->n++] = *a;
    return 0;
}

static int push_inst(warp_q_t *q, uint32_t n)
{
    uint32_t *p = wl_grow(q->ninst, &q->icap, q->ni + 1, sizeof *p, 64);
    if (!p)
        return -1;
    q->ninst = p;
    q->ninst[q->ni++] = n;
    return 0;
}

/* Issues the wave: SM by SM, each SM's next warp (round-robin over the
 * warps that have instructions left) issues its next instruction. */
static void flush_wave(wave_t *wv)
{
    unsigned wp = wv->warps_per_tb;
    unsigned *turn = calloc(wv->sms, sizeof *turn);
    for (int any = 1; any;) {
        any = 0;
        for (unsigned s = 0; s < wv->sms; s++) {
            for (unsigned k = 0; k < wp; k++) {
                unsigned w = (turn ? turn[s] : 0) + k;
                w %= wp;
                warp_q_t *q = &wv->q[(size_t)s * wp + w];
                if (q->next_i == q->ni)
                    continue;
                for (uint32_t j = 0; j < q->ninst[q->next_i]; j++) {
                    wl_write_access(wv->w, &q->acc[q->next_a++]);
                    wv->st->accesses++;
                }
                q->next_i++;
                if (turn)
                    turn[s] = (w + 1) % wp;
                any = 1;
                break;
            }
        }
    }
    free(turn);
    for (size_t i = 0; i < (size_t)wv->sms * wp; i++)
        wv->q[i].n = wv->q[i].ni = wv->q[i].next_a = wv->q[i].next_i = 0;
    wv->wave_tbs = 0;
}

static void free_wave(wave_t *wv)
{
    if (!wv->q)
        return;
    for (size_t i = 0; i < (size_t)wv->sms * wv->warps_per_tb; i++)
        free(wv->q[i].acc), free(wv->q[i].ninst);
    free(wv->q);
    wv->q = NULL;
}

/* ------------------------------------------------- instruction lines */

static int hex64(const char *s, uint64_t *v)
{
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    size_t n = strlen(s);
    if (!n || n > 16 || strspn(s, "0123456789abcdefABCDEF") != n)
        return -1;
    *v = strtoull(s, NULL, 16);
    return 0;
}

static int dec64(const char *s, int allow_sign, int64_t *v)
{
    const char *d = s + (allow_sign && (*s == '-' || *s == '+'));
    size_t n = strlen(d);
    if (!n || n > 18 || strspn(d, "0123456789") != n)
        return -1;
    *v = strtoll(s, NULL, 10);
    return 0;
}

typedef struct {
    wl_in_t in;
    unsigned lineinfo;
    uint64_t wave_sm_warp0; /* warp id offset of this block on its SM */
    unsigned sm, nwarps;
} kctx_t;

/* Coalesces the lanes' byte ranges into (line, sector) pieces, ascending. */
static unsigned coalesce(const uint64_t *addr, unsigned nlanes, unsigned width, piece_t *pc)
{
    unsigned n = 0;
    for (unsigned l = 0; l < nlanes; l++) {
        uint64_t a = addr[l], end = addr[l] + width; /* [a, end) */
        while (a < end) {
            uint64_t sec_end = (a / SECTOR_B + 1) * SECTOR_B;
            uint64_t stop = end < sec_end ? end : sec_end;
            uint64_t line = a / LINE_B;
            uint32_t sector = (uint32_t)(a % LINE_B / SECTOR_B);
            uint32_t lo = (uint32_t)(a % SECTOR_B), hi = (uint32_t)((stop - 1) % SECTOR_B);
            unsigned i;
            for (i = 0; i < n && !(pc[i].line == line && pc[i].sector == sector); i++)
                ;
            if (i == n)
                pc[n++] = (piece_t){line, sector, lo, hi};
            else {
                if (lo < pc[i].lo)
                    pc[i].lo = lo;
                if (hi > pc[i].hi)
                    pc[i].hi = hi;
            }
            a = stop;
        }
    }
    for (unsigned i = 1; i < n; i++) /* insertion sort by (line, sector) */
        for (unsigned j = i; j && (pc[j - 1].line > pc[j].line ||
                                   (pc[j - 1].line == pc[j].line && pc[j - 1].sector > pc[j].sector));
             j--) {
            piece_t t = pc[j];
            pc[j] = pc[j - 1], pc[j - 1] = t;
        }
    return n;
}

/* One instruction line of warp `warp` in the current block. */
static int inst_line(kctx_t *k, wave_t *wv, unsigned warp, char *err, size_t errlen)
{
    char *tok[200];
    int n = wl_split(k->in.line, tok, 199), i = 0;
    if (n > 199)
        return wl_in_fail(&k->in, err, errlen, "line", "more than 199 fields");
#define NEED(field)                                                                              \
    do {                                                                                         \
        if (i >= n)                                                                              \
            return wl_in_fail(&k->in, err, errlen, field, "missing");                            \
    } while (0)
    int64_t v;
    uint64_t pc, mask;
    if (k->lineinfo) {
        NEED("line_num");
        if (dec64(tok[i++], 0, &v) < 0)
            return wl_in_fail(&k->in, err, errlen, "line_num", "'%.40s' is not a decimal number", tok[i - 1]);
    }
    NEED("pc");
    if (hex64(tok[i++], &pc) < 0)
        return wl_in_fail(&k->in, err, errlen, "pc", "'%.40s' is not hex", tok[i - 1]);
    NEED("mask");
    if (hex64(tok[i++], &mask) < 0 || mask > 0xffffffffu)
        return wl_in_fail(&k->in, err, errlen, "mask", "'%.40s' is not a 32-bit hex mask", tok[i - 1]);
    NEED("dest_num");
    if (dec64(tok[i++], 0, &v) < 0 || v > MAX_REGS)
        return wl_in_fail(&k->in, err, errlen, "dest_num", "'%.40s' is not a count 0..%d", tok[i - 1], MAX_REGS);
    i += (int)v;
    NEED("opcode");
    const char *op = tok[i++];
    if (!((op[0] >= 'A' && op[0] <= 'Z') || op[0] == '_'))
        return wl_in_fail(&k->in, err, errlen, "opcode", "'%.40s' is not an opcode", op);
    NEED("src_num");
    if (dec64(tok[i++], 0, &v) < 0 || v > MAX_REGS)
        return wl_in_fail(&k->in, err, errlen, "src_num", "'%.40s' is not a count 0..%d", tok[i - 1], MAX_REGS);
    i += (int)v;
    NEED("mem_width");
    int64_t mw;
    if (dec64(tok[i++], 0, &mw) < 0)
        return wl_in_fail(&k->in, err, errlen, "mem_width", "'%.40s' is not a decimal number", tok[i - 1]);
    wv->st->insts++;
    unsigned lanes = (unsigned)__builtin_popcountll(mask);
    uint64_t addr[32];
    unsigned na = 0;
    if (mw > 0) {
        int64_t mode;
        NEED("addr_mode");
        if (dec64(tok[i++], 0, &mode) < 0 || mode > 2)
            return wl_in_fail(&k->in, err, errlen, "addr_mode", "'%.40s' is not 0, 1 or 2", tok[i - 1]);
        if (mode == 0) { /* list_all: one address per active lane */
            for (unsigned l = 0; l < lanes; l++, na++) {
                NEED("address");
                if (hex64(tok[i++], &addr[na]) < 0)
                    return wl_in_fail(&k->in, err, errlen, "address", "'%.40s' is not hex", tok[i - 1]);
            }
        } else if (lanes) {
            uint64_t base;
            NEED("base");
            if (hex64(tok[i++], &base) < 0)
                return wl_in_fail(&k->in, err, errlen, "base", "'%.40s' is not hex", tok[i - 1]);
            addr[na++] = base;
            if (mode == 1) { /* base_stride: contiguous active lanes */
                int64_t stride;
                NEED("stride");
                if (dec64(tok[i++], 1, &stride) < 0)
                    return wl_in_fail(&k->in, err, errlen, "stride", "'%.40s' is not a decimal number", tok[i - 1]);
                unsigned first = (unsigned)__builtin_ctzll(mask);
                for (unsigned l = first + 1; l < 32 && (mask >> l & 1); l++, na++)
                    addr[na] = addr[na - 1] + (uint64_t)stride;
                if (na != lanes)
                    return wl_in_fail(&k->in, err, errlen, "mask",
                                      "base_stride needs contiguous active lanes, mask is %" PRIx64, mask);
            } else { /* base_delta: popcount-1 deltas (the writer's count) */
                for (unsigned l = 1; l < lanes; l++, na++) {
                    int64_t d;
                    NEED("delta");
                    if (dec64(tok[i++], 1, &d) < 0)
                        return wl_in_fail(&k->in, err, errlen, "delta", "'%.40s' is not a decimal number", tok[i - 1]);
                    addr[na] = addr[na - 1] + (uint64_t)d;
                }
            }
        }
    }
    if (i < n) { /* the optional immediate */
        if (dec64(tok[i++], 1, &v) < 0 && hex64(tok[i - 1], (uint64_t *)&v) < 0)
            return wl_in_fail(&k->in, err, errlen, "imm", "'%.40s' is not a number", tok[i - 1]);
    }
    if (i < n)
        return wl_in_fail(&k->in, err, errlen, "line", "'%.40s' after the instruction's last field", tok[i]);
    if (mw <= 0)
        return 0;
    int kind = wl_accel_kind(op);
    if (kind < 0 || !na) {
        wv->st->skipped_mem += kind < 0;
        return 0;
    }
    unsigned width = wl_accel_width(op);
    if (width < 1 || width > SECTOR_B)
        return wl_in_fail(&k->in, err, errlen, "opcode", "'%.40s': %u bytes per lane (1..%u are read)", op, width,
                          SECTOR_B);
    piece_t pcs[64]; /* a lane of at most 32 bytes touches at most 2 sectors */
    unsigned np = coalesce(addr, na, width, pcs);
    warp_q_t *q = &wv->q[(size_t)k->sm * wv->warps_per_tb + warp];
    for (unsigned p = 0; p < np; p++) {
        wl_access_t a = {k->sm, (uint32_t)(k->wave_sm_warp0 + warp), pc,
                         pcs[p].line * LINE_B + pcs[p].sector * SECTOR_B + pcs[p].lo, pcs[p].hi - pcs[p].lo + 1,
                         (wl_kind_t)kind};
        if (push(q, &a) < 0)
            return wl_in_fail(&k->in, err, errlen, "line", "out of memory");
    }
    if (push_inst(q, np) < 0)
        return wl_in_fail(&k->in, err, errlen, "line", "out of memory");
    wv->st->mem_global++;
#undef NEED
    return 0;
}

/* "(x,y,z)" or "x,y,z" into d[3], each 1..2^31 (0 allowed when zero_ok) */
static int dims(const char *s, int paren, int zero_ok, uint64_t *d)
{
    char tail;
    unsigned long long x, y, z;
    int got = paren ? sscanf(s, " (%llu,%llu,%llu%c", &x, &y, &z, &tail)
                    : sscanf(s, " %llu,%llu,%llu%c", &x, &y, &z, &tail);
    if (got != 4 && !(got == 3 && !paren))
        return -1;
    if (paren && tail != ')')
        return -1;
    if (x > 1u << 31 || y > 1u << 31 || z > 1u << 31 || (!zero_ok && (!x || !y || !z)))
        return -1;
    d[0] = x, d[1] = y, d[2] = z;
    return 0;
}

/* a "-key = value" header line: the value after "= ", or NULL */
static const char *hvalue(const char *line, const char *key)
{
    size_t n = strlen(key);
    if (strncmp(line, key, n) != 0)
        return NULL;
    const char *p = line + n;
    while (*p == ' ')
        p++;
    if (*p != '=')
        return NULL;
    p++;
    while (*p == ' ')
        p++;
    return p;
}

static void warp_short(kctx_t *k, char *err, size_t errlen, int64_t warp, int64_t left)
{
    if (left < 0)
        wl_in_fail(&k->in, err, errlen, "insts", "warp %" PRId64 " has no 'insts = N' line", warp);
    else
        wl_in_fail(&k->in, err, errlen, "insts", "warp %" PRId64 " ends %" PRId64 " instructions short of its count",
                   warp, left);
}

static int import_kernel(const char *path, unsigned sms, wl_writer_t *w, wl_accel_stats_t *st, int64_t *last_id,
                         char *err, size_t errlen)
{
    kctx_t k;
    memset(&k, 0, sizeof k);
    if (wl_in_open(&k.in, path, err, errlen) < 0)
        return -1;
    wave_t wv = {sms, 0, 0, 0, NULL, w, st};
    int rc = -1, got;
    uint64_t grid[3] = {0}, block[3] = {0};
    int64_t id = -1, version = -1;
    char name[WL_MAX_NAME + 1] = "";
    /* header: "-key = value" lines up to the first '#' line */
    for (;;) {
        if ((got = wl_in_line(&k.in, err, errlen)) < 0)
            goto out;
        if (got == 0) {
            wl_in_fail(&k.in, err, errlen, "header", "end of file before the '#traces format' line");
            goto out;
        }
        const char *l = k.in.line, *val;
        if (!l[0])
            continue;
        if (l[0] == '#')
            break;
        if (l[0] != '-') {
            wl_in_fail(&k.in, err, errlen, "header", "'%.40s' is not a '-key = value' line", l);
            goto out;
        }
        if ((val = hvalue(l, "-kernel name"))) {
            snprintf(name, sizeof name, "%s", *val ? val : "?");
        } else if ((val = hvalue(l, "-kernel id"))) {
            if (dec64(val, 0, &id) < 0 || id > UINT32_MAX) {
                wl_in_fail(&k.in, err, errlen, "kernel id", "'%.40s' is not a decimal id", val);
                goto out;
            }
        } else if ((val = hvalue(l, "-grid dim"))) {
            if (dims(val, 1, 0, grid) < 0) {
                wl_in_fail(&k.in, err, errlen, "grid dim", "'%.40s' is not (x,y,z) of positive numbers", val);
                goto out;
            }
        } else if ((val = hvalue(l, "-block dim"))) {
            if (dims(val, 1, 0, block) < 0 || block[0] * block[1] * block[2] > 2048) {
                wl_in_fail(&k.in, err, errlen, "block dim", "'%.40s' is not (x,y,z) of at most 2048 threads", val);
                goto out;
            }
        } else if ((val = hvalue(l, "-accelsim tracer version"))) {
            if (dec64(val, 0, &version) < 0) {
                wl_in_fail(&k.in, err, errlen, "accelsim tracer version", "'%.40s' is not a number", val);
                goto out;
            }
            if (version < 3) { /* on its own line */
                wl_in_fail(&k.in, err, errlen, "accelsim tracer version",
                           "%" PRId64 ": only traces of tracer version 3 or later are read", version);
                goto out;
            }
        } else if ((val = hvalue(l, "-enable lineinfo"))) {
            int64_t li;
            if (dec64(val, 0, &li) < 0 || li > 1) {
                wl_in_fail(&k.in, err, errlen, "enable lineinfo", "'%.40s' is not 0 or 1", val);
                goto out;
            }
            k.lineinfo = (unsigned)li;
        } /* other keys (shmem, nregs, binary version ...) are not needed */
    }
    const char *miss = id < 0 ? "kernel id" : !grid[0] ? "grid dim" : !block[0] ? "block dim"
                       : version < 0 ? "accelsim tracer version" : NULL;
    if (miss) {
        wl_in_fail(&k.in, err, errlen, miss, "the header has no '-%s = ' line", miss);
        goto out;
    }
    if (*last_id >= id) {
        wl_in_fail(&k.in, err, errlen, "kernel id", "%" PRId64 " after %" PRId64 " (ids increase)", id, *last_id);
        goto out;
    }
    *last_id = id;
    wv.warps_per_tb = (unsigned)((block[0] * block[1] * block[2] + 31) / 32);
    wv.q = calloc((size_t)sms * wv.warps_per_tb, sizeof *wv.q);
    if (!wv.q) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto out;
    }
    wl_write_kernel(w, (uint32_t)id, name[0] ? name : "?");
    st->kernels++;
    /* thread blocks */
    int in_tb = 0;
    int64_t warp = -1, left = 0;
    uint64_t ntb = grid[0] * grid[1] * grid[2];
    for (;;) {
        if ((got = wl_in_line(&k.in, err, errlen)) < 0)
            goto out;
        if (got == 0)
            break;
        char *l = k.in.line;
        const char *val;
        while (*l == ' ' || *l == '\t')
            l++;
        if (!*l)
            continue;
        if (!in_tb) {
            if (strcmp(l, "#BEGIN_TB") != 0) {
                wl_in_fail(&k.in, err, errlen, "#BEGIN_TB", "'%.40s' outside a thread block", l);
                goto out;
            }
            if (st->tbs >= UINT64_MAX || wv.tb_index >= ntb) {
                wl_in_fail(&k.in, err, errlen, "#BEGIN_TB", "more thread blocks than the grid's %" PRIu64, ntb);
                goto out;
            }
            in_tb = 1, warp = -1, left = 0;
            k.sm = (unsigned)(wv.tb_index % sms);
            k.wave_sm_warp0 = wv.tb_index / sms * wv.warps_per_tb;
            continue;
        }
        if (strcmp(l, "#BEGIN_TB") == 0) {
            wl_in_fail(&k.in, err, errlen, "#END_TB", "a #BEGIN_TB before the block's #END_TB");
            goto out;
        }
        if (strcmp(l, "#END_TB") == 0) {
            if (left) {
                warp_short(&k, err, errlen, warp, left);
                goto out;
            }
            in_tb = 0;
            st->tbs++;
            wv.tb_index++;
            if (++wv.wave_tbs == sms)
                flush_wave(&wv);
            continue;
        }
        if ((val = hvalue(l, "thread block"))) {
            uint64_t tb[3];
            if (dims(val, 0, 1, tb) < 0 || tb[0] >= grid[0] || tb[1] >= grid[1] || tb[2] >= grid[2]) {
                wl_in_fail(&k.in, err, errlen, "thread block", "'%.40s' is not x,y,z inside the grid", val);
                goto out;
            }
            continue;
        }
        if (!strncmp(l, "cluster", 7))
            continue; /* Hopper-era writers: cluster id/cta/rank, not needed */
        if ((val = hvalue(l, "warp"))) {
            if (left) {
                warp_short(&k, err, errlen, warp, left);
                goto out;
            }
            if (dec64(val, 0, &warp) < 0 || warp >= wv.warps_per_tb) {
                wl_in_fail(&k.in, err, errlen, "warp", "'%.40s' is not a warp 0..%u of the block", val,
                           wv.warps_per_tb - 1);
                goto out;
            }
            left = -1;
            continue;
        }
        if ((val = hvalue(l, "insts"))) {
            if (warp < 0 || left != -1) {
                wl_in_fail(&k.in, err, errlen, "insts", "expected 'insts = N' once, after 'warp = W'");
                goto out;
            }
            if (dec64(val, 0, &left) < 0) {
                wl_in_fail(&k.in, err, errlen, "insts", "'%.40s' is not a decimal count", val);
                goto out;
            }
            continue;
        }
        if (warp < 0 || left <= 0) {
            wl_in_fail(&k.in, err, errlen, "insts", "an instruction line beyond the warp's 'insts' count");
            goto out;
        }
        if (inst_line(&k, &wv, (unsigned)warp, err, errlen) < 0)
            goto out;
        left--;
    }
    if (in_tb) {
        wl_in_fail(&k.in, err, errlen, "#END_TB", "end of file inside a thread block (truncated file?)");
        goto out;
    }
    flush_wave(&wv);
    rc = 0;
out:
    free_wave(&wv);
    wl_in_close(&k.in);
    return rc;
}

int wl_accel_import(const char *path, unsigned sms, FILE *out, wl_accel_stats_t *st, char *err, size_t errlen)
{
    memset(st, 0, sizeof *st);
    if (sms < 1 || sms > WL_MAX_SM) {
        snprintf(err, errlen, "SMS=%u is not in 1..%d", sms, WL_MAX_SM);
        return -1;
    }
    wl_writer_t w;
    wl_trace_header_t h = {LINE_B, SECTOR_B, "", 0};
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(h.source, sizeof h.source, "accel-sim %.200s sms=%u", base, sms);
    int64_t last_id = -1;
    int single = strstr(base, ".traceg") != NULL;
    if (single) {
        wl_write_header(&w, out, &h);
        if (import_kernel(path, sms, &w, st, &last_id, err, errlen) < 0)
            return -1;
    } else {
        wl_in_t list;
        if (wl_in_open(&list, path, err, errlen) < 0)
            return -1;
        wl_write_header(&w, out, &h);
        int got, rc = 0;
        while (rc == 0 && (got = wl_in_line(&list, err, errlen)) != 0) {
            if (got < 0) {
                rc = -1;
                break;
            }
            const char *l = list.line;
            if (!strncmp(l, "MemcpyHtoD", 10)) {
                unsigned long long dst, bytes;
                char tail;
                if (sscanf(l, "MemcpyHtoD,0x%llx,%llu%c", &dst, &bytes, &tail) != 2) {
                    rc = wl_in_fail(&list, err, errlen, "MemcpyHtoD", "expected MemcpyHtoD,0x<address>,<bytes>");
                    break;
                }
            } else if (!strncmp(l, "kernel", 6)) {
                char kp[1200];
                size_t dir = (size_t)(base - path);
                if (strlen(l) > 600 || strchr(l, '/') ) {
                    rc = wl_in_fail(&list, err, errlen, "kernel", "'%.40s' is not a file name next to the list", l);
                    break;
                }
                snprintf(kp, sizeof kp, "%.*s%.600s", (int)dir, path, l);
                rc = import_kernel(kp, sms, &w, st, &last_id, err, errlen);
            } /* other commands (MemcpyDtoH ...) are ignored, as Accel-Sim does */
        }
        wl_in_close(&list);
        if (rc < 0)
            return -1;
    }
    if (wl_write_end(&w) < 0) {
        snprintf(err, errlen, "%s: write error on the output", path);
        return -1;
    }
    return 0;
}
