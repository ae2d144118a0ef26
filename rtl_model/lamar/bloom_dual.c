/*
 * bloom_dual.c - C reference model of LAMAR's dual-bitarray Bloom filter
 * (LAMAR [003] Sec. 3.4, Fig. 6).  Behaviour: bloom_dual.h; hash table and
 * decisions: docs/blocks/bloom_dual.md.
 *
 * Speed: all K hashes of an address are computed at once from per-byte
 * lookup tables built once per configuration: tab[j][byte] holds, in 16-bit
 * lane i (of 8), byte j rotated by R(i, j) within M_W bits.  XOR-ing the
 * address bytes' entries gives every index: two 64-bit loads per address
 * byte for all K hashes (the lanes XOR byte by byte, so this holds on any
 * byte order), and hash i is lane i, a 16-bit load.
 */
#include "bloom_dual.h"

#include <stdlib.h>

#define MAX_BYTES 8

struct bloom_dual {
    bloom_dual_cfg_t cfg;
    unsigned k, bytes, half;
    uint64_t addr_mask;
    uint16_t (*tab)[256][8]; /* [bytes]: K 16-bit lanes */
    /* registers */
    uint64_t *ba[2]; /* 2^M_W bits each, in 64-bit words */
    size_t words;
    unsigned cnt, sel, warm, fill[2];
};

CT_SPEC_CONFIG(bloom_dual, BLOOM_DUAL)

/* What the cycle reads of the configuration: the model's copies, or, in a
 * build specialised to one preset (CT_SPEC, ct_desc.h), constants. */
#define SPEC_ CT_SPEC_CFG(bloom_dual)
#define CFG_(m) CT_K(&(m)->cfg, SPEC_)
#define K_(m) CT_K((m)->k, SPEC_->K)
#define BYTES_(m) CT_K((m)->bytes, (SPEC_->ADDR_W + 7) / 8)
#define HALF_(m) CT_K((m)->half, SPEC_->N / 2)
#define ADDR_MASK_(m) CT_K((m)->addr_mask, ct_mask(SPEC_->ADDR_W))
#define WORDS_(m) CT_K((m)->words, ((size_t)1 << SPEC_->M_W) / 64 + 1)

/* Rotation of byte slice j in hash i: the one definition of the hashes. */
static unsigned rot(unsigned i, unsigned j, unsigned mw)
{
    return (3 * i + 5 * j + i * j) % mw;
}

int bloom_dual_check(const bloom_dual_cfg_t *c, char *err, size_t errlen)
{
    if (c->N % 2) {
        snprintf(err, errlen, "parameter N=%lu is odd (bitarrays are cleared N/2 "
                              "insertions apart)", (unsigned long)c->N);
        return -1;
    }
    return 0;
}

bloom_dual_t *bloom_dual_new(const bloom_dual_cfg_t *c, char *err, size_t errlen)
{
    if (bloom_dual_validate(c, err, errlen))
        return NULL;
    bloom_dual_t *m = calloc(1, sizeof *m);
    size_t words = ((size_t)1 << c->M_W) / 64 + 1;
    if (m) {
        m->tab = calloc(MAX_BYTES, sizeof *m->tab);
        m->ba[0] = calloc(words, sizeof(uint64_t));
        m->ba[1] = calloc(words, sizeof(uint64_t));
    }
    if (!m || !m->tab || !m->ba[0] || !m->ba[1]) {
        bloom_dual_free(m);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->cfg = *c;
    m->words = words;
    m->k = c->K;
    m->bytes = (c->ADDR_W + 7) / 8;
    m->half = c->N / 2;
    m->addr_mask = ct_mask(c->ADDR_W);
    unsigned mw = c->M_W;
    for (unsigned i = 0; i < c->K; i++)
        for (unsigned j = 0; j < m->bytes; j++)
            for (unsigned v = 0; v < 256; v++) {
                unsigned r = rot(i, j, mw), x = 0;
                for (unsigned u = 0; u < 8; u++) /* bit u of the byte -> (u + r) mod M_W */
                    if (v >> u & 1)
                        x ^= 1u << ((u + r) % mw);
                m->tab[j][v][i] = (uint16_t)x;
            }
    return m;
}

void bloom_dual_free(bloom_dual_t *m)
{
    if (!m)
        return;
    free(m->tab);
    free(m->ba[0]);
    free(m->ba[1]);
    free(m);
}

/* All K indexes of addr: index i in h[i]. */
static inline void hash_all(const bloom_dual_t *m, uint64_t addr, uint16_t h[8])
{
    uint64_t w[2] = {0, 0}, e[2];
    addr &= ADDR_MASK_(m);
    for (unsigned j = 0; j < BYTES_(m); j++, addr >>= 8) {
        memcpy(e, m->tab[j][addr & 0xff], sizeof e);
        w[0] ^= e[0];
        w[1] ^= e[1];
    }
    memcpy(h, w, sizeof w);
}

unsigned bloom_dual_hash(const bloom_dual_t *m, unsigned i, uint64_t addr)
{
    uint16_t h[8];
    hash_all(m, addr, h);
    return i < K_(m) ? h[i] : 0;
}

static inline int get(const uint64_t *ba, unsigned bit)
{
    return (int)(ba[bit >> 6] >> (bit & 63) & 1);
}

int bloom_dual_bit(const bloom_dual_t *m, unsigned b, unsigned bit)
{
    return bit >> CFG_(m)->M_W ? 0 : get(m->ba[b & 1], bit);
}

static void clear(bloom_dual_t *m, unsigned b)
{
    memset(m->ba[b], 0, WORDS_(m) * sizeof(uint64_t));
    m->fill[b] = 0;
}

static void outputs(const bloom_dual_t *m, const bloom_dual_in_t *in,
                    bloom_dual_out_t *o)
{
    const uint64_t *act = m->ba[m->sel];
    uint16_t h[8];
    hash_all(m, in->qry_addr_i, h);
    int hit = 1;
    for (unsigned i = 0; i < K_(m); i++)
        hit &= get(act, h[i]);
    o->hit_o = (uint64_t)hit;
    o->sel_o = m->sel;
    o->warm_o = m->warm;
    o->cnt_o = m->cnt;
    o->bnd_o = (in->ins_i & 1) && !(in->flush_i & 1) && m->cnt == HALF_(m) - 1;
    o->fill0_o = m->fill[0];
    o->fill1_o = m->fill[1];
}

void bloom_dual_eval(const bloom_dual_t *m, const bloom_dual_in_t *in,
                     bloom_dual_out_t *out)
{
    if (in->rst_i & 1)
        memset(out, 0, sizeof *out);
    else
        outputs(m, in, out);
}

static void restart(bloom_dual_t *m)
{
    clear(m, 0);
    clear(m, 1);
    m->cnt = m->sel = m->warm = 0;
}

static void insert(bloom_dual_t *m, unsigned b, const uint16_t h[8])
{
    for (unsigned i = 0; i < K_(m); i++) {
        uint64_t bit = UINT64_C(1) << (h[i] & 63);
        m->fill[b] += !(m->ba[b][h[i] >> 6] & bit);
        m->ba[b][h[i] >> 6] |= bit;
    }
}

/* One cycle: the body of _run's loop and _cycle. */
static inline void cycle(bloom_dual_t *m, const bloom_dual_in_t *in, bloom_dual_out_t *out)
{
    if (in->rst_i & 1) {
        memset(out, 0, sizeof *out);
        restart(m);
        return;
    }
    outputs(m, in, out);
    if (in->flush_i & 1) {
        restart(m);
        return;
    }
    if (!(in->ins_i & 1))
        return;
    int bnd = m->cnt == HALF_(m) - 1;
    unsigned clr = bnd && m->warm ? m->sel : 2; /* bitarray cleared, 2: none */
    uint16_t h[8];
    hash_all(m, in->ins_addr_i, h);
    for (unsigned b = 0; b < 2; b++) {
        if (b == clr)
            clear(m, b);
        else if (b == 0 || m->warm)
            insert(m, b, h);
    }
    m->cnt = bnd ? 0 : m->cnt + 1;
    if (bnd && m->warm)
        m->sel ^= 1;
    if (bnd)
        m->warm = 1;
}

void bloom_dual_step(bloom_dual_t *m, const bloom_dual_in_t *in)
{
    bloom_dual_out_t o;
    bloom_dual_cycle(m, in, &o);
}

void bloom_dual_cycle(bloom_dual_t *m, const bloom_dual_in_t *in,
                      bloom_dual_out_t *out)
{
    cycle(m, in, out);
}

void bloom_dual_run(bloom_dual_t *m, const bloom_dual_in_t *in,
                    bloom_dual_out_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        cycle(m, &in[i], &out[i]);
}

CT_DEFINE_BLOCK_COV(bloom_dual, BLOOM_DUAL)
