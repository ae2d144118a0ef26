/*
 * ct_pch.h - the Verilator (and SystemC) headers every Verilated build of
 * the kit parses: the harness (vlharness), the SystemC and DPI-C lockstep builds,
 * cocotb's Verilator builds (with -DCT_PCH_VPI: and the VPI header).
 * The first build of a kind compiles this header once, with that kind's
 * exact flags, into <vlrt>/pch/ct_pch.h.gch (tb/vlharness/pch.mk); every later
 * build of the kind gets -include <vlrt>/pch/ct_pch.h and g++ reads the
 * precompiled form instead of parsing these headers again in each of its
 * translation units.  Where the precompiled form does not fit (other flags),
 * g++ parses this file as text: the build is the same, only slower.
 */
#ifndef CT_PCH_H
#define CT_PCH_H
#if VM_SC
#include <systemc.h>
#include <verilated_sc.h>
#endif
#include <verilated.h>
#ifdef CT_PCH_VPI
#include <verilated_vpi.h>   /* cocotb's Verilator builds (scripts/cocotb.sh) */
#endif
#if VM_TRACE
#include <verilated_vcd_c.h>
#endif
#endif
