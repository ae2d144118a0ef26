/*
 * cachetwin_sc.h - what every generated SystemC shim (ct_<block>_<config>.h,
 * written by `ctwin sc`) shares: the conversion between SystemC port values
 * and the models' little-endian uint64_t words, and the base class holding
 * one C model made by name (cachetwin.h).
 *
 * Port types are the ones `verilator --sc` gives the RTL's ports (bool for 1
 * bit, uint32_t up to 32, uint64_t up to 64, sc_bv<N> beyond), so a SystemC
 * testbench switches between the C model and the Verilated RTL by changing
 * the type of one instance.  Semantics are the RTL's: the state changes on the
 * rising edge of clk_i, the outputs follow the inputs combinationally between
 * edges (one SC_METHOD on both clock edges and every input, as Verilator's).
 * C++17 (Debian's libsystemc is built for it).
 */
#ifndef CACHETWIN_SC_H
#define CACHETWIN_SC_H

#include <systemc.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cachetwin.h"

namespace cachetwin {

/* value -> words (masked to `width` bits), words -> value */
inline void to_words(bool v, uint64_t *w, unsigned) { w[0] = v ? 1 : 0; }
inline void to_words(uint32_t v, uint64_t *w, unsigned width) { w[0] = v & ct_mask(width); }
inline void to_words(uint64_t v, uint64_t *w, unsigned width) { w[0] = v & ct_mask(width); }
template <int N> inline void to_words(const sc_dt::sc_bv<N> &v, uint64_t *w, unsigned)
{
    for (int k = 0; k < (N + 63) / 64; k++)
        w[k] = 0;
    for (int j = 0; j < (N + 31) / 32; j++)
        w[j / 2] |= (uint64_t)v.get_word(j) << (32 * (j % 2));
}
inline void from_words(const uint64_t *w, bool &v) { v = (w[0] & 1) != 0; }
inline void from_words(const uint64_t *w, uint32_t &v) { v = (uint32_t)w[0]; }
inline void from_words(const uint64_t *w, uint64_t &v) { v = w[0]; }
template <int N> inline void from_words(const uint64_t *w, sc_dt::sc_bv<N> &v)
{
    for (int j = 0; j < (N + 31) / 32; j++)
        v.set_word(j, (sc_dt::sc_digit)(w[j / 2] >> (32 * (j % 2))));
}

/* One C model of `block` in configuration `config`; a configuration whose port
 * widths differ from the ones the generated ports were made for is fatal. */
class model_base : public sc_core::sc_module {
  public:
    ct_model_t *model() const { return m_; }
    /* What the model measured over the run (ct_model_report). */
    int report(FILE *f) const { return ct_model_report(m_, f); }

  protected:
    model_base(sc_core::sc_module_name n, const char *block, const char *config)
        : sc_core::sc_module(n)
    {
        char err[CT_ERRLEN];
        m_ = ct_model_new(block, config, err, sizeof err);
        if (!m_)
            SC_REPORT_FATAL("cachetwin", err);
        in_.assign(ct_model_words(m_, CT_DIR_IN), 0);
        out_.assign(ct_model_words(m_, CT_DIR_OUT), 0);
    }
    ~model_base() override { ct_model_free(m_); }
    /* port i of dir must be `width` bits wide in this configuration */
    void expect_width(int dir, unsigned i, unsigned width) const
    {
        if (ct_model_port_width(m_, dir, i) != width) {
            std::string e = std::string(ct_model_block(m_)) + " port " +
                            ct_model_port_name(m_, dir, i) + " is " +
                            std::to_string(ct_model_port_width(m_, dir, i)) +
                            " bits in configuration '" + ct_model_config(m_) +
                            "', but this shim was generated for " + std::to_string(width);
            SC_REPORT_FATAL("cachetwin", e.c_str());
        }
    }
    ct_model_t *m_;
    std::vector<uint64_t> in_, out_;
};

} // namespace cachetwin

#endif
