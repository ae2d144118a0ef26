/*
 * test_cover.c - functional coverage declared in a block's description (its
 * COVER table, ct_block_t.cover_sample / cover_possible) and counted by
 * ct_run (ct_run_report): the tables are well formed, each bin's condition
 * is the one its documentation states (hand-made cycles, one bin at a time,
 * checked against the papers' events: saturation, bypass, early gating,
 * warm-up end, clear + swap, flush, rotation both ways), the stimulus of
 * every preset closes the coverage, and a short run reports its holes.
 */
#include <stdlib.h>
#include <string.h>

#include "bgp.h"
#include "bloom_dual.h"
#include "ccn_node.h"
#include "lamar_gdu.h"
#include "ccn_rt.h"
#include "ct_run.h"
#include "loscache.h"
#include "loscache_ctr.h"
#include "ut.h"

/* The names of the bins one cycle hits, space separated, in table order. */
static void hits(const ct_block_t *b, const uint32_t *cfg, const uint64_t *in,
                 const uint64_t *out, char *buf, size_t len)
{
    uint64_t bins[CT_MAX_COVER] = {0};
    b->cover_sample(cfg, in, out, bins);
    buf[0] = 0;
    for (unsigned k = 0; k < b->n_cover; k++) {
        CHECK(bins[k] <= 1, "%s bin %s counted %llu times in one cycle", b->name,
              b->cover[k].name, (unsigned long long)bins[k]);
        if (bins[k]) {
            if (buf[0])
                strncat(buf, " ", len - strlen(buf) - 1);
            strncat(buf, b->cover[k].name, len - strlen(buf) - 1);
        }
    }
}

/* In the directed tests below: b the block, in and out its typed port
 * structs; HITS(cfg, want, why...) samples one cycle of cfg (a typed
 * configuration) and checks the bins it hits, ZERO_IO() clears the ports. */
#define HITS(cfg, want, ...)                                                   \
    do {                                                                       \
        char got_[512];                                                        \
        hits(b, (cfg).v, in.v, out.v, got_, sizeof got_);                      \
        CHECK(strcmp(got_, want) == 0, "%s: bins '%s', expected '%s' (", b->name, got_, want); \
        if (strcmp(got_, want) != 0)                                           \
            printf(__VA_ARGS__), printf(")\n");                                \
    } while (0)
#define ZERO_IO() (memset(&in, 0, sizeof in), memset(&out, 0, sizeof out))

static void tables_well_formed(void)
{
    unsigned with = 0;
    for (unsigned i = 0; i < ct_n_blocks; i++) {
        const ct_block_t *b = ct_blocks[i];
        if (!b->n_cover)
            continue;
        with++;
        CHECK(b->n_cover <= CT_MAX_COVER && b->cover_sample && b->cover_possible,
              "%s: %u bins and both functions", b->name, b->n_cover);
        for (unsigned k = 0; k < b->n_cover; k++) {
            const char *n = b->cover[k].name;
            CHECK(n[0] && strspn(n, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(n),
                  "%s bin '%s' is a lower-case identifier", b->name, n);
            CHECK(b->cover[k].doc[0] && b->cover[k].when[0], "%s bin %s documented", b->name, n);
            for (unsigned j = 0; j < k; j++)
                CHECK(strcmp(n, b->cover[j].name) != 0, "%s bin %s declared twice", b->name, n);
        }
        /* a reset cycle (rst_i, the first input of every block, is 1; every
         * output 0) shows nothing, in every preset */
        for (unsigned p = 0; p < b->n_presets; p++) {
            uint32_t cfg[CT_MAX_PARAMS];
            char err[CT_ERRLEN], got[512];
            uint64_t in[CT_MAX_WORDS] = {1}, out[CT_MAX_WORDS] = {0};
            if (ct_config_parse(b, b->presets[p].name, cfg, err, sizeof err) == 0) {
                hits(b, cfg, in, out, got, sizeof got);
                CHECK(!got[0], "%s %s: a reset cycle hits no bin (got '%s')", b->name,
                      b->presets[p].name, got);
            }
        }
    }
    /* the blocks whose bins the description declares (the others count
     * theirs in the model: sleep_fsm, shadow_tags, ata_tags, loscache_pt) */
    CHECK_EQ(with, 7, "blocks with a COVER table (loscache_ctr, bloom_dual, bgp, loscache, ccn_rt, ccn_node, lamar_gdu)");
}

static void loscache_ctr_bins(void)
{
    const ct_block_t *b = &loscache_ctr_block;
    loscache_ctr_cfg_t small = {{16, 6, 2}}, tiny = {{5, 3, 1}};
    loscache_ctr_in_t in;
    loscache_ctr_out_t out;
    int possible[CT_MAX_COVER];

    ZERO_IO(); /* a NOP on line 0: nothing */
    HITS(small, "", "NOP");
    ZERO_IO(); in.op_i = LOSCACHE_CTR_OP_FILL; in.pred_i = 3; out.count_o = 1;
    HITS(small, "fill", "FILL allocated");
    out.bypass_o = 1; out.count_o = 0;
    HITS(small, "bypass", "FILL bypassed: P + T = 1");
    in.rst_i = 1; out.bypass_o = 0;
    HITS(small, "", "a FILL in reset counts nothing");
    ZERO_IO(); in.op_i = LOSCACHE_CTR_OP_HIT; in.line_i = 15; in.pred_i = 9; out.count_o = 62;
    HITS(small, "hit", "HIT below saturation");
    out.count_o = 63;
    HITS(small, "hit count_max", "HIT at 2^6 - 1");
    out.count_o = 9; out.gate_o = 1;
    HITS(small, "hit gate", "the predicted last access");
    ZERO_IO(); in.op_i = LOSCACHE_CTR_OP_HIT; out.count_o = 4;
    HITS(small, "hit no_pred", "HIT with P = 0");
    ZERO_IO(); in.op_i = LOSCACHE_CTR_OP_HIT; in.off_i = 1; in.pred_i = 2; in.thr_i = 2;
    out.early_o = 1; out.thr_o = 3; out.count_o = 1;
    HITS(small, "early", "early gating, T 2 -> 3");
    in.thr_i = 3; out.thr_o = 3;
    HITS(small, "thr_max", "early gating, T stays 3");
    in.thr_i = 1; /* tiny: THR_W = 1, T = 1 is the maximum */
    HITS(tiny, "thr_max", "tiny: T = 1 saturated");
    ZERO_IO(); in.op_i = LOSCACHE_CTR_OP_EVICT; in.line_i = 4;
    HITS(tiny, "evict", "EVICT of the last line");
    in.line_i = 5;
    HITS(tiny, "dead_line", "EVICT of index 5 of 5 lines");
    in.op_i = LOSCACHE_CTR_OP_HIT; in.line_i = 7;
    HITS(tiny, "dead_line", "HIT of index 7 of 5 lines");
    b->cover_possible(small.v, possible);
    CHECK_EQ(possible[b->n_cover - 1], 0, "dead_line impossible with 16 lines (a 4-bit index)");
    b->cover_possible(tiny.v, possible);
    CHECK_EQ(possible[b->n_cover - 1], 1, "dead_line possible with 5 lines (a 3-bit index)");
}

static void bloom_dual_bins(void)
{
    const ct_block_t *b = &bloom_dual_block;
    bloom_dual_cfg_t c = {{7, 4, 32, 16}}; /* small: N/2 = 16 */
    bloom_dual_in_t in;
    bloom_dual_out_t out;
    ZERO_IO();
    HITS(c, "miss", "an idle cycle queries and misses");
    ZERO_IO(); in.ins_i = 1; out.cnt_o = 15; out.bnd_o = 1; out.hit_o = 1;
    HITS(c, "insert_warmup warmup_end hit_sel0", "the 16th insertion after a flush");
    out.warm_o = 1; out.hit_o = 0;
    HITS(c, "clear0_swap miss", "a boundary with SEL 0");
    out.sel_o = 1;
    HITS(c, "clear1_swap miss", "a boundary with SEL 1");
    ZERO_IO(); in.flush_i = 1; in.ins_i = 1; out.cnt_o = 15; out.hit_o = 1;
    HITS(c, "flush_warmup flush_on_bnd hit_sel0",
                "a flush on the would-be 16th insertion (bnd_o stays 0)");
    in.ins_i = 0; out.warm_o = 1; out.cnt_o = 3; out.hit_o = 0;
    HITS(c, "flush_sel0 miss", "a flush after warm-up, SEL 0");
    out.sel_o = 1; out.hit_o = 1;
    HITS(c, "flush_sel1 hit_sel1", "a flush after warm-up, SEL 1");
}

static void bgp_bins(void)
{
    const ct_block_t *b = &bgp_block;
    bgp_cfg_t c = {{7, 4, 32, 16, 2, 40, 70}}; /* small */
    bgp_in_t in;
    bgp_out_t out;
    ZERO_IO();
    HITS(c, "default_pred", "a filter miss");
    ZERO_IO(); out.def_o = 1; out.fhit_o = 1;
    HITS(c, "filter_fg", "CG default, the filter says FG");
    out.def_o = 0;
    HITS(c, "filter_cg", "FG default, the filter says CG");
    ZERO_IO(); in.ev_i = 1; out.def_o = 1; out.low_o = 1; out.ins_o = 1; out.fhit_o = 1;
    HITS(c, "insert_low filter_fg", "CG default, a low-locality eviction");
    out.low_o = 0; out.ins_o = 0; out.fhit_o = 0;
    HITS(c, "not_inserted default_pred", "CG default, a high-locality eviction");
    out.def_o = 0; out.ins_o = 1;
    HITS(c, "insert_high default_pred", "FG default, a high-locality eviction");
    out.nev_o = 39; out.ins_o = 0;
    HITS(c, "not_inserted window_kept default_pred", "the 40th eviction, no skew");
    out.rot_o = 1; out.ins_o = 1;
    HITS(c, "insert_high rotate_to_cg default_pred", "the 40th eviction, FG -> CG");
    out.def_o = 1; out.low_o = 1;
    HITS(c, "insert_low rotate_to_fg default_pred", "the 40th eviction, CG -> FG");
}

static void loscache_bins(void)
{
    const ct_block_t *b = &loscache_block;
    loscache_cfg_t c = {{16, 8, 8, 10, 6, 2, 20}}; /* small */
    loscache_in_t in;
    loscache_out_t out;
    ZERO_IO();
    HITS(c, "", "an idle prediction-phase cycle");
    out.ready_o = 1; out.res_op_o = 1;
    HITS(c, "predict_access", "a prediction-phase fill acts in its cycle");
    out.res_op_o = 2;
    HITS(c, "", "a prediction-phase hit is not the bin");
    ZERO_IO(); out.phase_o = 1; out.ld_v_o = 1; in.ld_hit_i = 1; out.count_o = 3;
    HITS(c, "load_count", "the load reads a count");
    out.count_o = 0;
    HITS(c, "", "the load reads a 0 of a block still there: not the bin");
    in.ld_hit_i = 0;
    HITS(c, "load_evicted", "the block is gone");
    in.req_op_i = 2;
    HITS(c, "load_evicted held", "a request during the load");
    ZERO_IO(); out.phase_o = 2; out.ready_o = 1; out.res_op_o = 1;
    HITS(c, "pt_miss", "a normal-phase fill whose PC missed");
    out.res_op_o = 3;
    HITS(c, "", "an eviction is no table access");
    out.res_op_o = 2; out.pt_hit_o = 1; out.p_o = 3; out.gate_o = 1;
    HITS(c, "gate", "the predicted last access");
    out.gate_o = 0; out.bypass_o = 1; out.res_op_o = 1;
    HITS(c, "bypass", "P + T = 1");
    out.bypass_o = 0; out.res_op_o = 2; out.early_o = 1; out.eg_o = 1; out.t_o = 2;
    HITS(c, "early_fb", "early gating fed back, T 2 -> 3");
    out.t_o = 3;
    HITS(c, "early_sat", "early gating fed back at T 3");
    out.eg_o = 0; out.pt_hit_o = 0;
    HITS(c, "pt_miss early_no_entry", "early gating of a PC without entry");
    ZERO_IO(); in.kernel_i = 1; out.res_op_o = 2;
    HITS(c, "kernel_in_flight", "a kernel launch while a request acts");
    out.res_op_o = 0;
    HITS(c, "", "a kernel launch with nothing in flight");
}

/* Reads what ct_run_report printed. */
static int report_text(ct_run_t *r, char *buf, size_t len, int *rc)
{
    FILE *f = tmpfile();
    if (!f)
        return -1;
    *rc = ct_run_report(r, f);
    rewind(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = 0;
    fclose(f);
    return 0;
}

static void ccn_rt_bins(void)
{
    const ct_block_t *b = &ccn_rt_block;
    ccn_rt_cfg_t small = {{200, 1000, 5, 3, 8}}, zero = {{200, 1000, 0, 3, 8}}, wide = {{200, 1000, 7, 3, 3}};
    ccn_rt_in_t in;
    ccn_rt_out_t out;
    int possible[CT_MAX_COVER];

    ZERO_IO(); out.on_o = 1; /* sampling, nothing happens */
    HITS(small, "", "an idle sampling cycle");
    in.inj_i = 1;
    HITS(small, "sample_inj", "an injection in the window");
    in.inj_i = 0; in.hit_i = 1;
    HITS(small, "sample_hit", "a hit in the window");
    ZERO_IO(); in.inst_i = 7; out.on_o = 1;
    HITS(small, "inst_max", "7 instructions, the most with INST_W 3");
    ZERO_IO(); in.inj_i = 1; out.on_o = 1; out.ntot_o = 255;
    HITS(small, "sample_inj total_sat", "an injection with N_total at 255");
    ZERO_IO(); out.on_o = 1; out.dec_o = 1; out.dec_on_o = 1;
    HITS(small, "decide_empty", "the window ends with N_total 0: ON");
    out.ntot_o = 40; out.nhit_o = 1; in.hit_i = 1;
    HITS(small, "sample_hit decide_on decide_exact", "2 hits of 40 = 5 %%: ON, exactly H_min");
    in.hit_i = 0; out.ntot_o = 10; out.nhit_o = 3;
    HITS(small, "decide_on", "3 of 10: ON");
    out.dec_on_o = 0; out.nhit_o = 0;
    HITS(small, "decide_off", "0 of 10: OFF");
    ZERO_IO(); out.epoch_o = 1; out.state_o = CCN_RT_ON; out.on_o = 1; in.hit_i = 1;
    HITS(small, "epoch_from_on late_hit", "the epoch ends after ON; a hit then is late");
    ZERO_IO(); out.epoch_o = 1; out.state_o = CCN_RT_OFF; in.inj_i = 1;
    HITS(small, "epoch_from_off inj_off", "the epoch ends after OFF; an injection reported then");
    ZERO_IO(); out.epoch_o = 1; in.inj_i = 1; in.hit_i = 1;
    HITS(small, "", "the epoch's last cycle is not counted in a window");
    ZERO_IO(); in.hit_i = 1; out.on_o = 1; out.nhit_o = 255;
    HITS(small, "sample_hit hit_sat", "a hit with N_hits at 255");
    out.nhit_o = 254;
    HITS(small, "sample_hit", "a hit with N_hits at 254: counted");
    ZERO_IO(); out.on_o = 1; out.dec_o = 1; out.ntot_o = 101; out.nhit_o = 5;
    HITS(small, "decide_off decide_near", "5 of 101: 500 < 505 <= 505, just under 5 %%");
    out.nhit_o = 4; in.hit_i = 1;
    HITS(small, "sample_hit decide_off decide_near", "4 of 101 and this cycle's hit: 5 of 101");
    in.hit_i = 0;
    HITS(small, "decide_off", "4 of 101: 505 > 404, not within 1 %%");
    out.ntot_o = 100; out.nhit_o = 5; out.dec_on_o = 1;
    HITS(small, "decide_on decide_exact", "5 of 100: exactly H_min, not under it");
    b->cover_possible(zero.v, possible);
    CHECK(!possible[3] && !possible[5] && !possible[7] && !possible[9] && possible[2],
          "H_min 0: no OFF, no exact rate; ON possible");
    b->cover_possible(wide.v, possible);
    CHECK(!possible[5], "7 %% needs 100 injections: not with 3-bit counts");
    b->cover_possible(small.v, possible);
    CHECK(possible[5], "5 %% needs 20 injections: with 8-bit counts");
    CHECK(possible[13], "5 %% just under: 5 of 101 fits 8-bit counts");
    b->cover_possible(zero.v, possible);
    CHECK(!possible[13], "H_min 0: no rate under it");
    b->cover_possible(wide.v, possible);
    CHECK(!possible[13], "7 %% just under: no count to 7 holds one");
    CHECK_EQ(ccn_rt_near_n(5, 255), 101, "5 %%: 101 injections (5 hits) first");
    CHECK_EQ(ccn_rt_near_n(5, 100), 0, "5 %% with counts to 100: none");
    CHECK_EQ(ccn_rt_near_n(30, 15), 0, "30 %% with counts to 15: none");
    CHECK_EQ(ccn_rt_near_n(100, 3), 0, "100 %%: 100 h < 100 N <= 101 h needs h = N - 0: none below 101");
    CHECK_EQ(ccn_rt_near_n(0, 1000), 0, "0 %%: none");
    /* every pct and N up to 400 against the rule written out */
    for (unsigned pct = 1; pct <= 100; pct++) {
        unsigned want = 0;
        for (unsigned n = 1; n <= 400 && !want; n++)
            for (unsigned h = 0; h <= n && !want; h++)
                if (100 * h < pct * n && pct * n <= 101 * h)
                    want = n;
        CHECK_EQ(ccn_rt_near_n(pct, 400), want, "ccn_rt_near_n(%u, 400)", pct);
    }
}

static void ccn_node_bins(void)
{
    const ct_block_t *b = &ccn_node_block;
    ccn_node_cfg_t small, tiny;
    ccn_node_in_t in;
    ccn_node_out_t out;
    int possible[CT_MAX_COVER];
    ut_config(b, "small", small.v, sizeof small.v / sizeof small.v[0]);
    ut_config(b, "tiny", tiny.v, sizeof tiny.v / sizeof tiny.v[0]);

    ZERO_IO(); in.id_i = 1;
    HITS(small, "", "an idle cycle");
    in.miss_v_i = 1; in.on_i = 1; out.cb_acc_o = 1;
    HITS(small, "cb_accept", "a miss into the CB");
    out.cb_acc_o = 0; out.dfl_o = 1; out.cb_n_o = 4;
    HITS(small, "deflect_full cb_full cb_enters", "a miss with the CB full (its head entering the empty ReqQ)");
    in.on_i = 0; out.cb_n_o = 1; out.rq_n_o = 3;
    HITS(small, "deflect_off bubble_hold", "a throttled miss; the CB's head holds at one free slot");
    ZERO_IO(); in.id_i = 1; in.rq_v_i = 1; in.rq_core_i = 2; out.rq_rdy_o = 1; out.cb_n_o = 1;
    HITS(small, "ring_over_cb", "a forwarded request taken while the CB waits");
    out.rq_rdy_o = 0; out.rq_n_o = 4;
    HITS(small, "rq_full rq_full_q", "a forwarded request refused, the ReqQ full");
    ZERO_IO(); in.id_i = 1; in.rq_v_i = 1; in.rq_core_i = 1; out.rq_rdy_o = 1; out.l2_v_o = 1;
    HITS(small, "back_home", "this core's request back home: to L2");
    ZERO_IO(); out.rq_v_o = 1; in.rq_rdy_i = 1;
    HITS(small, "home_pass", "a home head passing on (LOOK, rq_v_o)");
    out.hs_o = CCN_NODE_WAIT;
    HITS(small, "lookup_miss", "the answer: a miss forwarded");
    in.rq_rdy_i = 0;
    HITS(small, "lookup_miss fwd_stall", "... and the next ReqQ refuses it");
    ZERO_IO(); out.hs_o = CCN_NODE_WAIT; out.rd_v_o = 1; in.rd_ack_i = 1;
    HITS(small, "lookup_hit", "the answer: a hit read at once");
    in.rs_v_i = 1; in.rs_core_i = 3;
    HITS(small, "lookup_hit new_over_ring", "... its response before a forwarded one");
    in.rd_ack_i = 0;
    HITS(small, "lookup_hit l1_slow rs_full", "... the L1 slow; the forwarded one refused for room");
    ZERO_IO(); out.hs_o = CCN_NODE_HIT;
    HITS(small, "head_waits_room", "a hit waiting for room");
    ZERO_IO(); in.rs_v_i = 1; in.rs_core_i = 2; out.rs_rdy_o = 1;
    HITS(small, "ring_resp", "a forwarded response taken");
    ZERO_IO(); in.rs_v_i = 1; out.dl_v_o = 1; out.rs_rdy_o = 1;
    HITS(small, "deliver", "a response for this core (0) delivered, the RespQ empty");
    out.rs_n_o = 4; out.rs_v_o = 1;
    HITS(small, "deliver deliver_past_queue rs_out_stall rs_full_q", "... past a full RespQ whose head waits");
    b->cover_possible(tiny.v, possible);
    CHECK_EQ(possible[6], 0, "bubble_hold impossible without the bubble");
    b->cover_possible(small.v, possible);
    CHECK_EQ(possible[6], 1, "bubble_hold possible with it");
}

static void lamar_gdu_bins(void)
{
    const ct_block_t *b = &lamar_gdu_block;
    lamar_gdu_cfg_t small, tiny;
    lamar_gdu_in_t in;
    lamar_gdu_out_t out;
    int possible[CT_MAX_COVER];
    ut_config(b, "small", small.v, sizeof small.v / sizeof small.v[0]);
    ut_config(b, "tiny", tiny.v, sizeof tiny.v / sizeof tiny.v[0]);
/* (the BGP's default CG: the default_fg bin off) */
#define ZERO_GDU() ZERO_IO(); out.def_o = 1

    ZERO_GDU();
    HITS(small, "", "an idle cycle");
    in.op_i = LAMAR_GDU_ACCESS; in.sec_i = 2; in.hit_i = 1;
    HITS(small, "shit", "a hit, every requested sector valid");
    in.sec_i = 15;
    HITS(small, "shit all_sectors", "... of every sector");
    out.smiss_o = 1; out.cg_o = 1; out.q_o = 9;
    HITS(small, "smiss_cg all_sectors q_demand q_npred_ref", "a sector miss filling every missing sector");
    out.cg_o = 0;
    HITS(small, "smiss_fg all_sectors q_demand q_npred_ref", "... fetching the requested ones");
    ZERO_GDU(); in.op_i = LAMAR_GDU_ACCESS; in.sec_i = 1; out.miss_o = 1; out.cg_o = 1;
    HITS(small, "miss_dyn_cg", "a block miss, dynamic, CG");
    out.cg_o = 0; out.mode_o = 3;
    HITS(small, "miss_dyn_fg", "mode 3 behaves as dynamic: FG");
    out.mode_o = LAMAR_GDU_CG;
    HITS(small, "miss_cg_only", "CG-only");
    out.mode_o = LAMAR_GDU_FG; out.ev_o = 1; out.low_o = 1; out.ins_o = 1; out.q_o = 6;
    HITS(small, "miss_fg_only evict_low evict_ins q_pred_ref q_pred_nref", "FG-only, a low-locality eviction inserted");
    ZERO_GDU(); in.op_i = LAMAR_GDU_INVAL; out.ev_o = 1;
    HITS(small, "evict_high inval", "an invalidation of a high-locality block");
    ZERO_GDU(); in.mode_wr_i = 1; in.op_i = LAMAR_GDU_ACCESS; in.line_i = 6; in.sec_i = 1;
    HITS(tiny, "mode_write dead_line", "a mode write; line 6 of 5");
    ZERO_GDU(); out.demand_o = 31;
    HITS(tiny, "count_max", "DEMAND at 2^5 - 1");
    ZERO_GDU(); out.def_o = 0;
    HITS(small, "default_fg", "the BGP's default FG");
    ZERO_GDU(); in.op_i = 3; in.sec_i = 15; in.hit_i = 1; in.line_i = 3;
    HITS(small, "op3", "op 3 on line 3");
    in.line_i = 16;
    HITS(tiny, "", "op 3 past LINES (5): not a line");
    ZERO_GDU(); in.op_i = LAMAR_GDU_ACCESS; in.line_i = 2;
    HITS(small, "nosec_miss", "an access without sectors, no tag match");
    in.hit_i = 1;
    HITS(small, "", "... with a tag match: not this bin");
    ZERO_GDU(); in.op_i = LAMAR_GDU_INVAL; in.sec_i = 3; out.ev_o = 1;
    HITS(small, "evict_high inval inval_sectors", "an invalidation with sectors 0, 1");
    out.ev_o = 0;
    HITS(small, "", "... of a line not live: no eviction, not this bin");
    ZERO_GDU(); in.mode_wr_i = 1; in.op_i = LAMAR_GDU_ACCESS; in.sec_i = 1; out.smiss_o = 1; out.q_o = 9;
    HITS(small, "smiss_fg q_demand q_npred_ref mode_write mode_wr_miss", "a mode write beside a sector miss");
    ZERO_GDU(); in.rst_i = 1; in.mode_wr_i = 1; out.def_o = 0;
    HITS(small, "mode_wr_rst", "a mode write during reset (the outputs 0 then)");
#undef ZERO_GDU
    b->cover_possible(small.v, possible);
    CHECK(!possible[17] && !possible[18], "small: 16 lines (no dead index), 16-bit counts (not saturated in a run)");
    b->cover_possible(tiny.v, possible);
    CHECK(possible[17] && possible[18], "tiny: 5 lines of an 8-line index, 5-bit counts");
}

static void stimulus_closes_coverage(void)
{
    static char text[8192];
    for (unsigned i = 0; i < ct_n_blocks; i++) {
        const ct_block_t *b = ct_blocks[i];
        if (!b->n_cover)
            continue;
        for (unsigned p = 0; p < b->n_presets; p++) {
            uint32_t cfg[CT_MAX_PARAMS];
            char err[CT_ERRLEN];
            ct_run_t r;
            uint64_t in[CT_MAX_WORDS], out[CT_MAX_WORDS];
            const char *note;
            if (ct_config_parse(b, b->presets[p].name, cfg, err, sizeof err) ||
                ct_run_open(&r, b, cfg, 1)) {
                CHECK(0, "%s %s opens", b->name, b->presets[p].name);
                continue;
            }
            /* one cycle (a reset): every possible bin is a hole */
            ct_run_cycle(&r, in, out, &note);
            int possible[CT_MAX_COVER], n_possible = 0, rc;
            b->cover_possible(cfg, possible);
            for (unsigned k = 0; k < b->n_cover; k++)
                n_possible += possible[k];
            if (report_text(&r, text, sizeof text, &rc) == 0) {
                CHECK_EQ(rc, n_possible, "%s %s after 1 cycle: every possible bin a hole",
                         b->name, b->presets[p].name);
                CHECK(strstr(text, "(HOLE)") && strstr(text, "coverage: INCOMPLETE"),
                      "%s %s: holes reported: %s", b->name, b->presets[p].name, text);
                CHECK((n_possible == (int)b->n_cover) == !strstr(text, "(not possible"),
                      "%s %s: impossible bins marked: %s", b->name, b->presets[p].name, text);
            }
            for (int c = 1; c < 60000; c++)
                ct_run_cycle(&r, in, out, &note);
            if (report_text(&r, text, sizeof text, &rc) == 0)
                CHECK(rc == 0 && strstr(text, "coverage: complete"),
                      "%s %s seed 1, 60,000 cycles: coverage closes (%s)", b->name,
                      b->presets[p].name, text);
            ct_run_close(&r);
        }
    }
}

const ut_test_t cover_tests[] = {
    {"cover: loscache bins fire exactly on the story's events (load reads, held requests, gating, feedback, kernel launch)",
     "LoSCache [000] Fig. 5 as the unit shows it", loscache_bins},
    {"cover: COVER tables well formed (names, docs, at most CT_MAX_COVER bins); a reset cycle hits no bin",
     "the description is the one source of the bins", tables_well_formed},
    {"cover: loscache_ctr bins fire exactly on saturation, bypass, gating, early gating, T saturation, dead index",
     "LoSCache [000] Sec. IV-B/IV-C events", loscache_ctr_bins},
    {"cover: bloom_dual bins fire exactly on warm-up end, clear + swap of each bitarray, flushes, hits",
     "LAMAR [003] Sec. 3.4 schedule", bloom_dual_bins},
    {"cover: bgp bins fire exactly on insertions, rotation both ways, a kept window, filter overrides",
     "LAMAR [003] Sec. 3.4 SKEW rotation", bgp_bins},
    {"cover: ccn_rt bins fire exactly on counted events, each decision, epoch ends, late and ignored events",
     "CCN [004] Sec. 4.4 throttler events", ccn_rt_bins},
    {"cover: ccn_node bins fire exactly on each multiplexer outcome, full queues, stalls, home paths",
     "CCN [004] Sec. 4.2.1 priorities, Sec. 4.5 steps", ccn_node_bins},
    {"cover: lamar_gdu bins fire exactly on each mode x miss kind, hits, evictions, the quality classes",
     "LAMAR [003] Sec. 3.4, 5.1", lamar_gdu_bins},
    {"cover: ct_run counts the bins; 1 cycle reports every hole; the stimulus closes them in 60,000 cycles (the suite's shortest lockstep)",
     "a hole is reported, and the stimulus reaches every bin", stimulus_closes_coverage},
    {NULL, NULL, NULL},
};
