# cachetwin - C reference models, synthesizable RTL and shared golden vectors
# for GPU-cache energy/sharing blocks.  `make help` lists the targets.
#
#   make          main job: deps, build, golden vectors, lockstep co-simulation
#                 of every block, Icarus replay, summary table, area report
#   make test     the full test suite (what CI runs)

SHELL := /bin/bash
.DELETE_ON_ERROR:
.SUFFIXES:
.SECONDARY:
MAKEFLAGS += --no-print-directory

BLOCK    ?= loscache_ctr
CONFIG   ?= small
SEED     ?= 1
CYCLES   ?= 20000
VEC      ?=
PLUSARGS ?=
OUT      ?= vectors/$(BLOCK)/$(CONFIG)_s$(SEED)_n$(CYCLES).vec

B   := build
ABS := $(abspath .)
# FuseSoC finds the cores by walking the tree (fusesoc --cores-root .):
# build/ holds copies of verilog/ (the mutants') and is marked not to be walked
$(shell mkdir -p $(B) && { [ -e $(B)/FUSESOC_IGNORE ] || touch $(B)/FUSESOC_IGNORE; })
# Where the RTL and the C models are read from: overridden only to build
# deliberately broken copies (scripts/mutants.sh).
VDIR := verilog
MDIR := rtl_model
WLDIR := workloads

# The model library is a folder per paper's system under rtl_model/ (ct/ the
# framework, host/ the catalogue and the hosts): blocks are found by folder,
# and a header is included by its bare name, as it is installed.  The model
# library's own objects are compiled without tb/ on the include path: nothing
# under rtl_model/ may include the testbench's files (scripts/layers.py
# checks the whole include graph).
CC        := gcc
CWARN     := -std=c11 -Wall -Wextra -Werror
MODEL_DIRS := $(sort $(dir $(wildcard $(MDIR)/*/*.c $(MDIR)/*/*.h)))
MINC      := $(patsubst %/,-I%,$(MODEL_DIRS))
# the workload library (workloads/: traces, kernels, importers, the
# experiments) sits on the models; the tools (tools/lib: generators and the
# model-on-its-stimulus runner; tools/ctwin: the ctwin command) on both
WLINC     := -I$(WLDIR)
CINC      := $(MINC) $(WLINC) -Itools/lib -Itools/ctwin -Itb/unit
CFLAGS    ?= -O2 -g
LDLIBS    := -lm
# the ASan + UBSan build (make asan, and the mutants of kind asan, which
# start from its objects): -DCT_SCALAR takes the plain-C paths a model keeps
# beside its vector-type ones
SANFLAGS  := -O1 -g -DCT_SCALAR -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

MODEL_SRC := $(sort $(wildcard $(MDIR)/*/*.c))
LIB_SRC   := $(sort $(wildcard tools/lib/*.c))
WL_SRC    := $(sort $(wildcard $(WLDIR)/*.c))
CTWIN_SRC := $(sort $(wildcard tools/ctwin/*.c))
HDRS      := $(wildcard $(MDIR)/*/*.h $(WLDIR)/*.h tools/lib/*.h tools/ctwin/*.h tb/unit/*.h)
# the RTL: verilog/<system>/<module>.v; a block's module is found by name
VSRC      := $(wildcard $(VDIR)/*/*.v)
# Where the builds of that RTL go: the kit's verilog/ into $(B)/vl, $(B)/iv,
# $(B)/sc, $(B)/dpi; any other VDIR into $(B)/rtl/KEY/ (vl, iv, sc, dpi),
# KEY a hash of its HDL files' names and contents (scripts/rtl_key.sh): a
# harness is never reused for other RTL, whatever B is.
RTLKEY    := $(if $(filter verilog,$(VDIR)),,$(shell scripts/rtl_key.sh $(VDIR)))
# A user's own RTL of a block (docs/your-rtl.md; scripts/check_rtl.sh drives
# it): RTL="files" [TOP=module] [MAP=port map] [INC="dirs"] [DEFINES="A=1 B"].
# Its builds go to $(B)/rtl/KEY/, KEY a hash of the files' contents, the map,
# the top, the include folders and defines; its wrapper instantiates the
# map's adapter (ctwin hdl ... MAP TOP), generated per configuration there.
RTL       ?=
TOP       ?=
MAP       ?=
INC       ?=
DEFINES   ?=
ifneq ($(strip $(RTL)),)
RTLKEY    := $(shell scripts/rtl_key.sh --files $(RTL) $(MAP) -- "$(TOP)" "$(INC)" "$(DEFINES)")
endif
RB        := $(if $(RTLKEY),$(B)/rtl/$(RTLKEY),$(B))
# what a reproduce line needs beyond BLOCK CONFIG ... (the harness appends it)
MAKE_VARS := $(strip $(if $(filter-out build,$(B)),B=$(B)) $(if $(filter-out verilog,$(VDIR)),VDIR=$(VDIR)) \
               $(if $(strip $(RTL)),RTL='$(strip $(RTL))') $(if $(TOP),TOP=$(TOP)) $(if $(MAP),MAP=$(MAP)) \
               $(if $(strip $(INC)),INC='$(strip $(INC))') $(if $(strip $(DEFINES)),DEFINES='$(strip $(DEFINES))'))
export CT_MAKE_VARS := $(MAKE_VARS)
VYDIRS    := $(patsubst %/,-y %,$(sort $(dir $(abspath $(VSRC)))))
# vfile BLOCK: the block's RTL file
vfile      = $(firstword $(wildcard $(VDIR)/*/$(1).v))

# Verilator: -Wall on the generated wrapper + RTL, rand-reset capable
# (--x-initial unique), VCD tracing compiled in for failure windows.
VERILATOR_FLAGS := --cc --exe --x-assign fast --x-initial unique --trace
# VM_PARALLEL_BUILDS=0: one translation unit per design (Verilator splits
# the large ones into many, each parsing verilated.h again: twice the CPU
# time for the ata_tags paper harness, on a 2-core machine).
VL_MAKEFLAGS    := OPT_FAST=-O3 OPT_GLOBAL=-O2 VM_PARALLEL_BUILDS=0
# Verilator's run-time objects (verilated.o ...) are the same for every
# harness (same flags, nothing of the design in them): the first build keeps
# them here and later builds reuse them instead of compiling them again.
VLRT ?= $(B)/vlrt
# VLH_O=<other build>/obj/vlharness_design.o: reuse that harness object when this
# build's V<block>_top.h is the same file as the one next to it
# (vlharness_design.cpp sees the design only through that header): a mutated RTL
# keeps its ports, so scripts/mutants.sh rebuilds only the design.  With the
# main model folder (MDIR) the specialised C model next to it (spec.o) is
# reused too.
VLH_O ?=
# COVERAGE=1 (make coverage, make regress CODE_COVERAGE=1, always with its own
# B=): Verilator line and toggle points, gcc --coverage on the C side (-O0:
# counts per source line), the Verilated model at -O1 (its counters are exact
# at any level, and it runs twice as fast as at -O0).
ifeq ($(COVERAGE),1)
CFLAGS          := -O0 -g --coverage
SPEC_OPT        :=
VERILATOR_FLAGS += --coverage-line --coverage-toggle -LDFLAGS --coverage
VL_MAKEFLAGS    := OPT_FAST=-O1 OPT_GLOBAL=-O1 VM_PARALLEL_BUILDS=0
endif

.PHONY: FORCE all help deps deps-test check check-rtl regen build ctwin vlharness wl-lib print-rtl-tree spec-obj vectors cosim replay icarus waves area area-um2 area-paper power power-calibrate sta formal lint randcfg experiments \
        unit asan asan-build golden docs mutants regress fuzz print-fuzz-flags print-sanflags print-mutflags mutbase coverage coverage-screenshot bench profile test screenshot clean lib install uninstall sc-cosim dpi-cosim \
        venv wheel cocotb pyuvm

all: deps
	@scripts/main.sh

## (default)   the main job: deps, build, lockstep of every block and preset, replay under Verilator and Icarus, summary, area
help:
	@sed -n '/^## /s/^## //p' $(MAKEFILE_LIST)

## deps        install missing Debian packages, make the venv and build CACTI (without PyPI it says what it skips)
deps:
	@scripts/deps.sh
	@scripts/venv.sh || echo "deps: no venv: cocotb, pyuvm, FuseSoC and the wheel test are skipped; everything else runs"
	@B=$(B) scripts/power/cacti.sh >/dev/null || echo "deps: no CACTI: make power and its checks are skipped"

## venv        VENV=build/venv: cocotb 1.8.1, pyuvm, FuseSoC, edalize from PyPI, pinned (scripts/requirements.txt)
venv:
	@scripts/venv.sh

## wheel       build/wheel/cachetwin-VERSION-py3-none-PLATFORM.whl: `import cachetwin` with its libcachetwin.so inside
wheel:
	@rm -rf $(B)/wheel && mkdir -p $(B)/wheel && \
	$$(if [ -x $(B)/venv/bin/python ]; then echo $(B)/venv/bin/python; else echo python3; fi) -m pip wheel --no-deps --no-build-isolation --disable-pip-version-check -q -w $(B)/wheel . && ls $(B)/wheel/*.whl

## cocotb      the RTL under cocotb, the C model as scoreboard: BLOCK CONFIG SIM=icarus|verilator [VEC= | SEED CYCLES] [TESTCASE= WAVES=1]
SIM ?= icarus
cocotb:
	@VDIR=$(VDIR) SEED=$(SEED) CYCLES=$(CYCLES) TESTCASE=$(TESTCASE) WAVES=$(or $(WAVES),0) scripts/cocotb.sh $(BLOCK) $(CONFIG) $(SIM) $(VEC)

## pyuvm       the UVM environment of any block (tb/pyuvm/ct_uvm.py), the C model its predictor: BLOCK CONFIG [SEED SIM TESTCASE ITEMS WAVES=1]
pyuvm:
	@VDIR=$(VDIR) COCOTB_MODULE=test_ct_uvm COCOTB_PATH=tb/pyuvm SEED=$(SEED) TESTCASE=$(TESTCASE) CT_ITEMS=$(or $(ITEMS),400) WAVES=$(or $(WAVES),0) \
	  scripts/cocotb.sh $(BLOCK) $(CONFIG) $(SIM)

# ---------------------------------------------------------------- C side
# Each object depends on the headers it includes (gcc -MMD writes them to
# its .d, read back below): a changed header recompiles only its includers
# (a mutated header in scripts/mutants.sh too).  An object without its .d
# (a build older than the .d files) depends on every header.
.SECONDEXPANSION:
$(B)/obj/%.o: %.c $$(if $$(wildcard $$(basename $$@).d),,$$(HDRS))
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) -MMD -MP $(CINC) -c $< -o $@
$(B)/obj/$(MDIR)/%.o: CINC := $(MINC)
$(B)/obj/$(WLDIR)/%.o: CINC := $(MINC) $(WLINC)
include $(wildcard $(patsubst %.c,$(B)/obj/%.d,$(MODEL_SRC) $(LIB_SRC) $(WL_SRC) $(CTWIN_SRC) $(wildcard tb/unit/*.c)))

# (the build's own archive: the models, the tools' library and the workload
# library; what is installed is split: make install)
$(B)/libct.a: $(patsubst %.c,$(B)/obj/%.o,$(MODEL_SRC) $(LIB_SRC) $(WL_SRC))
	@rm -f $@
	ar rcs $@ $^

# (objects of its own: a rebuilt library, a C mutant's, only relinks it)
CTWIN_OBJ := $(patsubst %.c,$(B)/obj/%.o,$(CTWIN_SRC))
$(B)/ctwin: $(CTWIN_OBJ) $(B)/libct.a
	$(CC) $(CFLAGS) $(CTWIN_OBJ) $(B)/libct.a $(LDLIBS) -o $@

## ctwin       build the C command-line tool build/ctwin (vectors, area, generated HDL)
ctwin: $(B)/ctwin

# ------------------------------------------------- generated HDL per config
# build/gen/<block>/<config>/: wrapper, Icarus testbench, vlharness_block.h
# (a user's RTL: $(RB)/gen/, with the map's adapter)
GEN := $(if $(strip $(RTL)),$(RB)/gen,$(B)/gen)
$(GEN)/%/stamp: $(B)/ctwin $(MAP)
	@mkdir -p $(@D)
	$(B)/ctwin hdl $(word 1,$(subst /, ,$*)) $(word 2,$(subst /, ,$*)) $(@D) $(if $(strip $(RTL)),$(or $(MAP),-) $(TOP))
	@touch $@
# What the harness and the testbench are built from besides the wrapper: the
# kit's RTL (the block's file, its submodules found by name, -Wall), or the
# adapter and the user's files with their folders and defines (the user's
# RTL is held to Verilator's default warnings, not to the kit's -Wall)
ifneq ($(strip $(RTL)),)
rtl_srcs = $$gen/ct_$(1)_adapter.v $(abspath $(RTL))
RTL_DEPS := $(RTL) $(MAP)
VL_RTL   := $(addprefix -I,$(abspath $(INC))) $(addprefix -D,$(DEFINES))
IV_RTL   := $(addprefix -I,$(abspath $(INC))) $(addprefix -D,$(DEFINES))
IV_WALL  :=
else
rtl_srcs = $(call vfile,$(1))
RTL_DEPS := $(VSRC)
VL_RTL   := -Wall $(VYDIRS)
IV_RTL   := $(patsubst %/,-y %,$(sort $(dir $(VSRC))))
IV_WALL  := -Wall
endif

# ------------------------------------------------------------- Verilator
# Precompiled Verilator headers (tb/vlharness/ct_pch.h): vl_pch VLRT OBJ MK FLAGS
# makes VLRT/pch/ct_pch.h.gch with the flags of the model makefile MK in OBJ
# when it is missing (the first build of a kind; a failure only costs the
# speed); pch_use VLRT is the sub-make's setting that includes it.
vl_pch = { [ -f $(1)/pch/ct_pch.h.gch ] || { mkdir -p $(1)/pch && cp $(ABS)/tb/vlharness/ct_pch.h $(1)/pch/ && \
	  $(MAKE) -C $(2) -f $(3) -f $(ABS)/tb/vlharness/pch.mk $(4) PCH=$(abspath $(1))/pch/ct_pch.h \
	    $(abspath $(1))/pch/ct_pch.h.gch; } || echo "(no precompiled header: the build parses the headers)"; }
pch_use = USER_CPPFLAGS="-include $(abspath $(1))/pch/ct_pch.h"
# A Verilated model's waveform code at -O0 (vl_cold OBJ MK FLAGS): with
# VM_PARALLEL_BUILDS=0 the model is one translation unit, V<top>__ALL.cpp,
# made here by the model makefile MK and then reordered: the files Verilator
# names __Trace__* (VCD dumping, run only while a VCD is written: a
# failure's window, --trace) go last, between `#pragma GCC push_options` /
# `optimize ("O0")` and `pop_options`.  The per-cycle code and the
# precompiled header keep the build's level.  Those files are about half of
# a large model's source (ccn paper: 1.5 of 2.9 MB) and most of its compile
# time: ccn paper 29 -> 17 CPU-s; the waveforms are byte-identical and the
# lockstep as fast (docs/speed.md).  (Not the *__Slow files: they declare
# per-cycle functions again, which the pragma would then compile at -O0:
# ata_tags paper's lockstep 2.2x slower, measured.)  A file make did not
# write again (Verilator kept its sources) is reordered again, not nested.
VL_COLD_RE := __Trace__
vl_cold = $(MAKE) -C $(1) -f $(2) $(3) $(basename $(2))__ALL.cpp && \
	f=$(1)/$(basename $(2))__ALL.cpp && \
	{ grep -v -e '$(VL_COLD_RE)' -e '^\#pragma GCC' $$f; echo '\#pragma GCC push_options'; echo '\#pragma GCC optimize ("O0")'; \
	  grep '$(VL_COLD_RE)' $$f; echo '\#pragma GCC pop_options'; } > $$f.tmp && mv -f $$f.tmp $$f
# The harness's design-independent part (tb/vlharness/vlharness.cpp: options, sources,
# reports, main; vlharness.h), compiled once per build tree and linked into every
# vlharness: only vlharness_design.cpp is compiled per block and configuration.
VLH_MAIN := $(B)/obj/tb/vlharness/vlharness.o
$(VLH_MAIN): tb/vlharness/vlharness.cpp $$(if $$(wildcard $$(basename $$@).d),,$$(HDRS) tb/vlharness/vlharness.h)
	@mkdir -p $(@D)
	g++ -std=c++17 -Wall -Wextra -Werror -O2 -g -MMD -MP $(CINC) -c $< -o $@
include $(wildcard $(B)/obj/tb/vlharness/vlharness.d)

# The block's C model specialised to the configuration (ct_desc.h CT_SPEC):
# its source compiled with the generated ct_spec.h, and a composition's parts
# (GENDIR/ct_spec_parts, each part's .c with its ct_spec_<part>.h), every
# symbol they define renamed spec_<name> in all of them (the composition's
# calls reach its parts' specialised models) and linked into one object that
# sits beside the generic model of libct.a.  At -O3 (SPEC_OPT; the generic
# library is built at CFLAGS' -O2): loops of a now known length are unrolled
# (shadow_tags paper 103 -> 93 instructions a cycle, ata_tags tiny 1,332 ->
# 1,047: docs/speed.md).
# spec_obj BLOCK GENDIR OBJDIR -> OBJDIR/spec.o
SPEC_OPT ?= -O3
spec_obj = raws= && ok=1 && \
	for p in $(1) $$(cat $(2)/ct_spec_parts 2>/dev/null); do \
	  h=$(2)/ct_spec_$$p.h; [ $$p != $(1) ] || h=$(2)/ct_spec.h; \
	  src=$$(ls $(MDIR)/*/$$p.c) && \
	  $(CC) $(CWARN) $(CFLAGS) $(SPEC_OPT) $(CINC) -include $$h -c $$src -o $(3)/spec_raw_$$p.o || { ok=0; break; }; \
	  raws="$$raws $(3)/spec_raw_$$p.o"; \
	done && [ $$ok = 1 ] && \
	nm -g --defined-only $$raws | awk 'NF == 3 { print $$3, "spec_" $$3 }' > $(3)/spec.syms && \
	for r in $$raws; do objcopy --redefine-syms=$(3)/spec.syms $$r $$r.ren || { ok=0; break; }; done && \
	[ $$ok = 1 ] && ld -r -o $(3)/spec.o $$(for r in $$raws; do echo $$r.ren; done)

# (FuseSoC's Verilator generator, scripts/fusesoc/tb_gen.py) GEN=DIR, an
# absolute folder where `ctwin hdl` wrote ct_spec.h: DIR/spec.o
spec-obj:
	@[ -n "$(BLOCK)" ] && [ -f "$(GEN)/ct_spec.h" ] || { echo "spec-obj: BLOCK= and GEN= (a folder with ct_spec.h) needed" >&2; exit 2; }
	@$(call spec_obj,$(BLOCK),$(GEN),$(GEN))

# build/vl/<block>/<config>/obj/vlharness (RB: build/rtl/KEY for another VDIR)
$(RB)/vl/%/obj/vlharness: $(GEN)/%/stamp tb/vlharness/vlharness_design.cpp tb/vlharness/vlharness.h $(VLH_MAIN) $(B)/libct.a $(RTL_DEPS)
	@blk=$(word 1,$(subst /, ,$*)); gen=$(GEN)/$*; \
	mkdir -p $(RB)/vl/$*; echo "verilator $$blk ($(word 2,$(subst /, ,$*)))"; \
	obj=$(RB)/vl/$*/obj; log=$(RB)/vl/$*/build.log; rt="verilated.o verilated_vcd_c.o verilated_threads.o"; \
	{ mkdir -p $$obj && \
	  { [ -n "$(VLH_O)" ] && [ "$(MDIR)" = rtl_model ] && cp $(dir $(VLH_O))spec.o $$obj/ || \
	    { $(call spec_obj,$$blk,$$gen,$$obj); }; } && \
	  verilator $(VERILATOR_FLAGS) $(VL_RTL) --Mdir $$obj -o vlharness --top-module $${blk}_top \
	    -CFLAGS "-std=c++17 $(ABS_MINC) -I$(abspath $(WLDIR)) -I$(ABS)/tools/lib -I$(abspath $(GEN)/$*)" \
	    $$gen/$${blk}_top.v $(call rtl_srcs,$(word 1,$(subst /, ,$*))) $(ABS)/tb/vlharness/vlharness_design.cpp \
	    $(abspath $(VLH_MAIN)) $(abspath $(RB))/vl/$*/obj/spec.o $(abspath $(B))/libct.a && \
	  { [ ! -f $(VLRT)/verilated.o ] || { for o in $$rt; do cp $(VLRT)/$$o $$obj/; done; touch $$obj/verilated*.o; }; } && \
	  { [ -z "$(VLH_O)" ] || ! cmp -s $(dir $(VLH_O))V$${blk}_top.h $$obj/V$${blk}_top.h || cp $(VLH_O) $$obj/; } && \
	  $(call vl_pch,$(VLRT),$$obj,V$${blk}_top.mk,$(VL_MAKEFLAGS)) && \
	  $(call vl_cold,$$obj,V$${blk}_top.mk,$(VL_MAKEFLAGS)) && \
	  $(MAKE) -C $$obj -f V$${blk}_top.mk -j 2 $(VL_MAKEFLAGS) $(call pch_use,$(VLRT)) vlharness && \
	  { [ -f $(VLRT)/verilated.o ] || { mkdir -p $(VLRT) && for o in $$rt; do cp $$obj/$$o $(VLRT)/; done; }; }; \
	} > $$log 2>&1 || { cat $$log; exit 1; }

VLH = $(RB)/vl/$(BLOCK)/$(CONFIG)/obj/vlharness
ISIM = $(RB)/iv/$(BLOCK)/$(CONFIG)/sim

## vlharness   build the Verilator harness for BLOCK/CONFIG (build/vl/BLOCK/CONFIG/obj/vlharness)
vlharness: $(VLH)

# ---------------------------------------------------------------- Icarus
$(RB)/iv/%/sim: $(GEN)/%/stamp $(RTL_DEPS)
	@mkdir -p $(@D)
	@blk=$(word 1,$(subst /, ,$*)); gen=$(GEN)/$*; \
	iverilog -g2012 $(IV_WALL) $(IV_RTL) -o $@ $$gen/$${blk}_tb.v $$gen/$${blk}_top.v \
	  $(call rtl_srcs,$(word 1,$(subst /, ,$*))) \
	  2>&1 | tee $(@D)/iverilog.log; \
	if [ ! -f $@ ] || grep -qi '$(if $(IV_WALL),warning\|)error' $(@D)/iverilog.log; then rm -f $@; exit 1; fi

# ------------------------------------------------------------- user jobs
## build       build ctwin and every block's Verilator harness and Icarus testbench, every preset
# (the first preset alone: it compiles Verilator's run-time objects into
# $(VLRT) for the others, which then build two at a time)
build: $(B)/ctwin
	@t=$$(for b in $$($(B)/ctwin blocks); do for c in $$($(B)/ctwin presets $$b); do \
	  echo "$(RB)/vl/$$b/$$c/obj/vlharness $(RB)/iv/$$b/$$c/sim"; done; done); \
	head -n 1 <<<"$$t" | xargs $(MAKE) && tail -n +2 <<<"$$t" | xargs -P 2 -L 1 $(MAKE)

## check-rtl   your own RTL of BLOCK against the kit: RTL="files" [TOP= MAP= INC= DEFINES= CONFIG="presets" SEEDS=
##             CYCLES= OUT=]: every committed vector file and lockstep; report and JUnit (docs/your-rtl.md)
check-rtl: $(B)/ctwin
	@[ "$(origin BLOCK)" = "command line" ] && [ -n "$(strip $(RTL))" ] || \
	  { echo "make check-rtl: BLOCK= and RTL= (your files) are needed (docs/your-rtl.md)" >&2; exit 2; }
	@python3 scripts/check_rtl.py --b $(B) --block $(BLOCK) --rtl "$(RTL)" --top "$(TOP)" --map "$(MAP)" \
	  --inc "$(INC)" --defines "$(DEFINES)" $(if $(filter command line,$(origin CONFIG)),--config "$(CONFIG)") \
	  $(if $(filter command line,$(origin CYCLES)),--cycles $(CYCLES)) $(if $(SEEDS),--seeds $(SEEDS)) \
	  $(if $(filter command line,$(origin OUT)),--out $(OUT))

## vectors     write golden vectors: BLOCK CONFIG SEED CYCLES [OUT=file]
vectors: $(B)/ctwin
	@mkdir -p $(dir $(OUT))
	$(B)/ctwin gen $(BLOCK) $(CONFIG) $(SEED) $(CYCLES) $(OUT)
	@echo "wrote $(OUT)"

## cosim       live lockstep C model vs Verilator: BLOCK CONFIG SEED CYCLES [PLUSARGS=+verilator+rand+reset+2]
cosim: $(VLH)
	@mkdir -p waves
	$(VLH) lockstep $(SEED) $(CYCLES) $(PLUSARGS)

## replay      replay VEC=file under Verilator and Icarus (BLOCK CONFIG must match the file)
replay: $(VLH) $(ISIM)
	@test -n "$(VEC)" || { echo "make replay: set VEC=path/to/file.vec"; exit 2; }
	@mkdir -p waves
	$(VLH) replay $(VEC) $(PLUSARGS)
	vvp -n $(ISIM) +vec=$(VEC)

## icarus      replay VEC=file under Icarus only
icarus: $(ISIM)
	vvp -n $(ISIM) +vec=$(VEC)

## waves       lockstep run dumped to waves/BLOCK_CONFIG_sSEED.vcd (+ waves/BLOCK.gtkw)
waves: $(VLH)
	@mkdir -p waves
	$(VLH) lockstep $(SEED) $(CYCLES) --trace waves/$(BLOCK)_$(CONFIG)_s$(SEED).vcd $(PLUSARGS)
	@echo "open: gtkwave waves/$(BLOCK)_$(CONFIG)_s$(SEED).vcd waves/$(BLOCK).gtkw"

## area-um2    standard-cell area of every block's RTL (tiny preset; or BLOCK= CONFIG=): um^2 at 0.18 um and
##             45/40 nm, transistors, um^2 per bit (docs/area.md)
area-um2: $(B)/ctwin
	@B=$(B) scripts/area_um2.sh "$(if $(filter command line,$(origin BLOCK)),$(BLOCK))" "$(if $(filter command line,$(origin CONFIG)),$(CONFIG))"

## formal      prove every block's properties on its RTL (or BLOCK=): certificate, PDR or BMC; every cover
##             reached; traces and new certificates into build/formal/vectors/, UPDATE=1 into vectors/formal/;
##             DEPTH=N bounded runs to N steps; MUTANTS=1 every property broken by a mutant (docs/formal.md)
FORMAL_OUT = $(if $(filter 1,$(UPDATE)),vectors/formal,$(B)/formal/vectors)
formal: $(B)/ctwin
	@scripts/deps.sh --formal
	python3 scripts/formal.py --ctwin $(B)/ctwin --work $(B)/formal/work --vectors $(FORMAL_OUT) $(if $(MUTANTS),--mutants) $(if $(DEPTH),--depth $(DEPTH)) $(if $(filter command line,$(origin BLOCK)),$(BLOCK))
	@[ "$(FORMAL_OUT)" = vectors/formal ] || scripts/formal_diff.sh $(FORMAL_OUT) vectors/formal

## area-paper  the papers' presets in um^2 at 45/40 nm, synthesised or fitted, beside the papers' claims
##             (BLOCK= for one; about 40 min uncached on 2 cores, then cached; docs/area.md)
area-paper: $(B)/ctwin
	@B=$(B) scripts/area_paper.sh $(if $(filter command line,$(origin BLOCK)),$(BLOCK))

## power       every block's storage arrays as the SRAM a chip would use, priced by CACTI 7 (built once from
##             PyPI's hwcomponents-cacti source): energy per access, leakage, access time, area; BLOCK= [CONFIG=]
##             NODE=45,40 FLAVOUR=itrs-hp,itrs-lop TEMP=360 (docs/power.md)
empty :=
space := $(empty) $(empty)
comma := ,
POWER_BLOCKS = $(if $(filter command line,$(origin BLOCK)),$(foreach b,$(BLOCK),$(b)$(if $(filter command line,$(origin CONFIG)),:$(subst $(space),$(comma),$(CONFIG)))),$(shell $(B)/ctwin blocks 2>/dev/null))
power: $(B)/ctwin
	@cacti=$$(B=$(B) scripts/power/cacti.sh) && python3 scripts/power/arrays.py --ctwin $(B)/ctwin --cacti $$cacti \
	  --cache $(B)/power/cacti --node $(if $(NODE),$(NODE),45,40) --flavour $(if $(FLAVOUR),$(FLAVOUR),itrs-hp,itrs-lop) \
	  --temp $(if $(TEMP),$(TEMP),360) $(POWER_BLOCKS)

## sta         static timing and the logic's power of every block's netlist, by OpenSTA on the OSU 0.18 um cells:
##             worst path, FO4, fmax at 45/40 nm against the paper's clock, leakage, dynamic power; BLOCK= [CONFIG=]
##             PAPER=1 (the paper presets or their largest synthesised size) ACTIVITY=0.1; VEC=file (one block:
##             the file replayed on the gate netlist, its energy a cycle from the toggles) (docs/power.md)
sta: $(B)/ctwin
	@B=$(B) scripts/power/sta.sh $(if $(PAPER),--paper) $(if $(ACTIVITY),--activity $(ACTIVITY)) $(if $(VEC),--vec $(VEC)) \
	  $(if $(filter command line,$(origin BLOCK)),$(POWER_BLOCKS))

## power-calibrate  CACTI 7 beside a SPICE characterisation of one small SRAM (OpenRAM's, from its pinned PyPI wheel)
power-calibrate:
	@cacti=$$(B=$(B) scripts/power/cacti.sh) && python3 scripts/power/calibrate.py --cacti $$cacti --cache $(B)/power/cacti

## area        storage inventory report (every block, its paper configs; or BLOCK= CONFIG=)
area: $(B)/ctwin
	@if [ "$(origin CONFIG)" = "command line" ]; then $(B)/ctwin area $(BLOCK) $(CONFIG); \
	 elif [ "$(origin BLOCK)" = "command line" ]; then $(B)/ctwin area $(BLOCK); \
	 else $(B)/ctwin area; fi

## lint        verilator -Wall (every preset), iverilog -g2012, yosys latch/loop/flop-count check
lint: $(B)/ctwin
	@scripts/lint.sh

## randcfg     random legal configurations beyond the presets: lint + C vs RTL (BLOCK= DRAWS=4 SEED=1)
randcfg: $(B)/ctwin
	@DRAWS=$(or $(DRAWS),4) SEED=$(or $(SEED),1) scripts/randcfg.sh $(BLOCK)

## unit        C unit tests of spec properties
unit: $(B)/unit/test_all
	$(B)/unit/test_all

# one object per test file, so a mutant's build (scripts/mutants.sh) can
# reuse them and compile only the file it broke.  Every tb/unit/test_<s>.c
# defines the suite <s>_tests; test_main.c runs the list made here from the
# file names (build/unit/suites.h), so a new test file needs no other edit.
UNIT_SUITES := $(filter-out main,$(patsubst tb/unit/test_%.c,%,$(sort $(wildcard tb/unit/test_*.c))))
$(B)/unit/suites.h: FORCE
	@mkdir -p $(@D); for s in $(UNIT_SUITES); do echo "UT_SUITE($$s)"; done > $@.tmp; \
	cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
$(B)/obj/tb/unit/test_main.o: $(B)/unit/suites.h
$(B)/obj/tb/unit/test_main.o: CINC += -I$(B)/unit
$(B)/unit/test_all: $(patsubst %.c,$(B)/obj/%.o,$(sort $(wildcard tb/unit/*.c))) $(B)/libct.a
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $^ $(LDLIBS) -o $@
FORCE:

## asan        C models, vector reader and unit tests under ASan + UBSan
asan:
	@scripts/asan.sh
# build/asan: ctwin and the unit tests with SANFLAGS
asan-build:
	@$(MAKE) -s B=build/asan CFLAGS="$(SANFLAGS)" build/asan/ctwin build/asan/unit/test_all

# ------------------------------------------------------------- fuzzing
# libFuzzer targets (tb/fuzz/fuzz_<name>.c) under ASan + UBSan, built with
# clang in build/fuzz; docs/fuzzing.md
FUZZ_CC    := clang
FUZZ_FLAGS := -std=c11 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_OBJ   := $(patsubst %.c,$(B)/fuzz/obj/%.o,$(MODEL_SRC) $(LIB_SRC) $(WL_SRC))
FUZZERS    := $(patsubst tb/fuzz/fuzz_%.c,$(B)/fuzz/fuzz_%,$(wildcard tb/fuzz/fuzz_*.c))

$(B)/fuzz/obj/%.o: %.c $(HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link $(CINC) -c $< -o $@

$(B)/fuzz/fuzz_%: tb/fuzz/fuzz_%.c $(FUZZ_OBJ) $(HDRS)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer $(CINC) $< $(FUZZ_OBJ) -lm -o $@

print-fuzz-flags:
	@echo $(FUZZ_FLAGS) $(CINC)
print-sanflags:
	@echo $(SANFLAGS)

## fuzz        libFuzzer on the vector, configuration and trace readers: SECONDS= per target (60)
fuzz:
	@scripts/deps.sh --fuzz
	@$(MAKE) -s $(FUZZERS)
	@scripts/fuzz.sh $(or $(SECONDS),60)

## golden      regenerate the committed golden vectors in vectors/ (after a deliberate model change)
golden: $(B)/ctwin
	@scripts/golden.sh regen

## docs        regenerate what the docs and cores take from the sources: interface pages, FuseSoC cores,
##             property tables, README's target table and floors
docs: $(B)/ctwin lib
	@for b in $$($(B)/ctwin blocks); do $(B)/ctwin doc $$b > docs/blocks/$${b}_interface.md; echo "wrote docs/blocks/$${b}_interface.md"; done
	@python3 scripts/cores.py
	@python3 scripts/formal_pages.py
	@python3 scripts/docs.py targets --write README.md
	@python3 scripts/layers.py --write README.md --write docs/conventions.md | grep -v '^floor'

## regen       BLOCK=: everything generated from a block and the compositions that contain it: the docs,
##             their golden vectors, their formal traces (FORMAL=0: not those); review the diff
regen: $(B)/ctwin
	@[ "$(origin BLOCK)" = "command line" ] || { echo "make regen: name the block: make regen BLOCK=..." >&2; exit 2; }
	@FORMAL=$(or $(FORMAL),1) scripts/regen.sh $(BLOCK)

## mutants     deliberately broken RTL and C variants must each be caught
mutants: build
	@scripts/mutants.sh

## coverage    RTL line/toggle and C line coverage of lockstep runs, merged, HTML in build/coverage/html (SEEDS= CYCLES= BLOCKS= PRESETS=)
coverage:
	@scripts/deps.sh --coverage
	@scripts/coverage.sh

## regress     many seeds in parallel (GNU parallel, ssh or Slurm): SEEDS= [BLOCKS= PRESETS= CYCLES= ENGINE=] (docs/regress.md)
regress: deps
	@scripts/regress.sh

## experiments the per-paper experiments on synthetic sweeps and the 25 benchmark kernels: tables in docs/experiments/, plots in docs/img/exp_*.png (docs/workloads.md, docs/benchmarks.md)
experiments: $(B)/ctwin
	@scripts/deps.sh --experiments
	@scripts/experiments.sh

## bench       throughput of C model, Verilator, lockstep and Icarus (ratios, one run)
bench: build
	@scripts/bench.sh

## profile     instructions per cycle of the C model (callgrind over ctwin speed), per function: BLOCK CONFIG [SEED CYCLES]
profile: $(B)/ctwin
	@scripts/deps.sh --profile
	@scripts/profile.sh $(BLOCK) $(CONFIG) $(SEED) $(CYCLES)

## screenshot  render a waveform PNG with GTKWave under Xvfb (docs/img/)
screenshot: $(B)/ctwin
	@scripts/screenshot.sh

## coverage-screenshot  render the pictures of the code-coverage report (after make coverage; docs/img/)
coverage-screenshot:
	@scripts/deps.sh --screenshot
	@scripts/coverage_screenshot.sh

## test        the whole test suite (CI runs this), after installing what it needs; ONLY=SECTIONS, K=TEXT,
##             LF=1 (the last failures), X=1 (stop at the first), LIST=1, KEEP=1 (docs/testing.md)
test: deps-test
	@scripts/test.sh

## check       the quick tier (under a minute on 2 cores): builds, unit tests, one preset per block (same variables)
check: deps
	@TIER=quick scripts/test.sh

# (make test's installs: what make deps installs, and what only the suite needs)
deps-test:
	@scripts/deps.sh --test
	@scripts/venv.sh || echo "deps: no venv: cocotb, pyuvm, FuseSoC and the wheel test are skipped; everything else runs"
	@B=$(B) scripts/power/cacti.sh >/dev/null || echo "deps: no CACTI: make power and its checks are skipped"

# ------------------------------------------------------- host lockstep
# build/hgen/<block>/<config>/: ctwin host (SystemC shim + sc_main, DPI
# package + testbench, the RTL's -G parameters)
$(B)/hgen/%/stamp: $(B)/ctwin
	@mkdir -p $(@D)
	$(B)/ctwin host $(word 1,$(subst /, ,$*)) $(word 2,$(subst /, ,$*)) $(@D)
	@touch $@

ABS_MINC = $(addprefix -I,$(abspath $(MODEL_DIRS)))
HOST_INC = $(ABS_MINC) -I$(abspath $(MDIR))/host/systemc -I$(ABS)/tools/lib

# Host builds run the SystemC kernel or DPI calls per cycle, which dominate
# their time: -O1 compiles them quickly at the same speed.  Verilator's
# run-time objects are shared between builds as for vlharness (VLRT).
HOST_VL_MAKEFLAGS ?= OPT_FAST=-O1 OPT_GLOBAL=-O1 VM_PARALLEL_BUILDS=0
# vl_host KIND TOP OBJ LOG RUNTIME-OBJECTS VERILATOR-ARGS...: one host build
vl_host = mkdir -p $(dir $(4)); echo "verilator $(1) $$blk ($(word 2,$(subst /, ,$*)))"; \
	{ verilator $(6) --Mdir $(3) && \
	  { [ ! -f $(VLRT)-$(1)/verilated.o ] || { for o in $(5); do cp $(VLRT)-$(1)/$$o $(3)/; done; touch $(3)/verilated*.o; }; } && \
	  $(call vl_pch,$(VLRT)-$(1),$(3),V$(2).mk,$(HOST_VL_MAKEFLAGS)) && \
	  $(MAKE) -C $(3) -f V$(2).mk -j 2 $(HOST_VL_MAKEFLAGS) $(call pch_use,$(VLRT)-$(1)) $(notdir $(@)) && \
	  { [ -f $(VLRT)-$(1)/verilated.o ] || { mkdir -p $(VLRT)-$(1) && for o in $(5); do cp $(3)/$$o $(VLRT)-$(1)/; done; }; }; \
	} > $(4) 2>&1 || { cat $(4); exit 1; }

# SystemC lockstep: the RTL under verilator --sc and the C model's shim
$(RB)/sc/%/obj/sctb: $(B)/hgen/%/stamp $(B)/libct.a $(VSRC) $(MDIR)/host/systemc/cachetwin_sc.h
	@blk=$(word 1,$(subst /, ,$*)); gen=$(abspath $(B)/hgen/$*); \
	$(call vl_host,sc,$$blk,$(RB)/sc/$*/obj,$(RB)/sc/$*/build.log,verilated.o verilated_threads.o,\
	  --sc --exe -Wall $(VYDIRS) -o sctb --top-module $$blk -f $$gen/params.f \
	  -CFLAGS "-std=c++17 $(HOST_INC) -I$$gen" $(call vfile,$(word 1,$(subst /, ,$*))) $$gen/sctb_main.cpp $(abspath $(B))/libct.a)

# DPI-C lockstep: an SV testbench with the RTL and the C model as a scoreboard
$(RB)/dpi/%/obj/dpitb: $(B)/hgen/%/stamp $(B)/libct.a $(VSRC) $(MDIR)/host/cachetwin_dpi.sv tb/host/dpi_main.cpp
	@blk=$(word 1,$(subst /, ,$*)); gen=$(abspath $(B)/hgen/$*); \
	$(call vl_host,dpi,$${blk}_dpi_tb,$(RB)/dpi/$*/obj,$(RB)/dpi/$*/build.log,\
	  verilated.o verilated_dpi.o verilated_threads.o verilated_timing.o,\
	  --cc --exe --timing -Wall $(VYDIRS) -o dpitb --top-module $${blk}_dpi_tb \
	  -CFLAGS "-std=c++20 -include V$${blk}_dpi_tb.h -DCT_DPI_TOP=V$${blk}_dpi_tb" \
	  $(MDIR)/host/cachetwin_dpi.sv $$gen/$${blk}_dpi.sv $(call vfile,$(word 1,$(subst /, ,$*))) $$gen/$${blk}_dpi_tb.sv \
	  $(ABS)/tb/host/dpi_main.cpp $(abspath $(B))/libct.a)

SCTB  = $(RB)/sc/$(BLOCK)/$(CONFIG)/obj/sctb
DPITB = $(RB)/dpi/$(BLOCK)/$(CONFIG)/obj/dpitb

## sc-cosim    SystemC lockstep: verilator --sc RTL vs the C model's SystemC shim, BLOCK CONFIG SEED CYCLES
sc-cosim: $(SCTB)
	SC_COPYRIGHT_MESSAGE=DISABLE $(SCTB) $(SEED) $(CYCLES)

## dpi-cosim   SV testbench: the RTL checked against the C model through DPI-C, BLOCK CONFIG SEED CYCLES
dpi-cosim: $(DPITB)
	$(DPITB) +seed=$(SEED) +cycles=$(CYCLES)

# --------------------------------------------------------- the library
# libcachetwin.{a,so}: the C models, their stimulus, the by-name API
# (rtl_model/host/cachetwin.h), the vector reader/writer and the DPI-C glue,
# built position-independent in build/pic.  Installed headers: every public
# header of rtl_model/, rtl_model/host/ and tools/lib/ (not the stimulus
# helpers), the generated SystemC shims of every preset, the SV packages.
VERSION  := $(shell sed -n 's/^\#define CACHETWIN_VERSION "\([0-9.]*\)".*/\1/p' rtl_model/host/cachetwin.h)
SOMAJOR  := $(firstword $(subst ., ,$(VERSION)))
PREFIX   ?= /usr/local
DESTDIR  ?=
LIBDIR   ?= $(PREFIX)/lib
INCDIR   ?= $(PREFIX)/include
BINDIR   ?= $(PREFIX)/bin
DATADIR  ?= $(PREFIX)/share
PRIV_HDRS := ct_script.h ct_rng.h ct_recent.h ct_cov.h ct_asan.h $(notdir $(wildcard rtl_model/*/*_core.h))
PUB_HDRS := $(filter-out $(addprefix %/,$(PRIV_HDRS)),$(wildcard rtl_model/*/*.h tools/lib/*.h))
PIC_OBJ  := $(patsubst %.c,$(B)/pic/%.o,$(MODEL_SRC) $(LIB_SRC))
SONAME   := libcachetwin.so.$(SOMAJOR)

$(B)/pic/%.o: %.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) -fPIC $(CINC) -c $< -o $@
$(B)/pic/$(MDIR)/%.o: CINC := $(MINC)
$(B)/pic/$(WLDIR)/%.o: CINC := $(MINC) $(WLINC)

$(B)/lib/libcachetwin.a: $(PIC_OBJ)
	@mkdir -p $(@D); rm -f $@
	ar rcs $@ $^

$(B)/lib/libcachetwin.so.$(VERSION): $(PIC_OBJ)
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-soname,$(SONAME) -o $@ $^ $(LDLIBS)
	ln -sf libcachetwin.so.$(VERSION) $(B)/lib/$(SONAME)
	ln -sf $(SONAME) $(B)/lib/libcachetwin.so

## lib         build/lib/libcachetwin.a and libcachetwin.so (soname libcachetwin.so.MAJOR)
lib: $(B)/lib/libcachetwin.a $(B)/lib/libcachetwin.so.$(VERSION)

# The workload library (workloads/) is a library of its own on top of the
# models: libcachetwin-workloads.{a,so}, installed only when asked for
# (make install WORKLOADS=1).
WL_PIC   := $(patsubst %.c,$(B)/pic/%.o,$(WL_SRC))
WL_SONAME := libcachetwin-workloads.so.$(SOMAJOR)
$(B)/lib/libcachetwin-workloads.a: $(WL_PIC)
	@mkdir -p $(@D); rm -f $@
	ar rcs $@ $^
$(B)/lib/libcachetwin-workloads.so.$(VERSION): $(WL_PIC) $(B)/lib/libcachetwin.so.$(VERSION)
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-soname,$(WL_SONAME) -Wl,-rpath,'$$ORIGIN' -o $@ $(WL_PIC) -L$(B)/lib -lcachetwin $(LDLIBS)
	ln -sf libcachetwin-workloads.so.$(VERSION) $(B)/lib/$(WL_SONAME)
	ln -sf $(WL_SONAME) $(B)/lib/libcachetwin-workloads.so
## wl-lib      build/lib/libcachetwin-workloads.{a,so}: the trace reader, kernels, importers, experiments
wl-lib: $(B)/lib/libcachetwin-workloads.a $(B)/lib/libcachetwin-workloads.so.$(VERSION)

# The C-side mutants of a .c file (scripts/mutants.sh) run ctwin and the unit
# tests linked against libcachetwin.so (build/mutbase/), with their one
# mutated file, compiled alone into a shared object with MUTFLAGS, loaded
# over it (LD_PRELOAD: every function and datum the file defines is the
# mutant's, for the callers in the library too): no copy of the library, no
# archive, no link per mutant.
MUTBASE  := $(B)/mutbase
MUTLIB   := -L$(B)/lib -Wl,-rpath,$(abspath $(B)/lib) -lcachetwin-workloads -lcachetwin $(LDLIBS)
MUTFLAGS := $(CWARN) -O0 -g -fPIC -shared $(MINC) $(WLINC) -Itools/lib
MUTSO    := $(B)/lib/libcachetwin.so.$(VERSION) $(B)/lib/libcachetwin-workloads.so.$(VERSION)
$(MUTBASE)/test_all: $(patsubst %.c,$(B)/obj/%.o,$(sort $(wildcard tb/unit/*.c))) $(MUTSO)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(filter %.o,$^) $(MUTLIB) -o $@
$(MUTBASE)/ctwin: $(CTWIN_OBJ) $(MUTSO)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CTWIN_OBJ) $(MUTLIB) -o $@
mutbase: $(MUTBASE)/test_all $(MUTBASE)/ctwin
print-mutflags:
	@echo $(MUTFLAGS) -- $(MUTLIB)

# the SystemC shims and SV packages of every block (and preset) to install
$(B)/host/stamp: $(B)/ctwin rtl_model/host/cachetwin_dpi.sv
	@rm -rf $(@D); mkdir -p $(@D)/systemc $(@D)/sv
	@for b in $$($(B)/ctwin blocks); do $(B)/ctwin dpi-pkg $$b > $(@D)/sv/$${b}_dpi.sv || exit 1; \
	  for c in $$($(B)/ctwin presets $$b); do \
	    $(B)/ctwin sc $$b $$c > $(@D)/systemc/ct_$${b}_$$c.h || exit 1; done; done
	@cp rtl_model/host/cachetwin_dpi.sv $(@D)/sv/
	@touch $@

define PC_BODY
prefix=$(PREFIX)
exec_prefix=$${prefix}
libdir=$(patsubst $(PREFIX)%,$${exec_prefix}%,$(LIBDIR))
includedir=$(patsubst $(PREFIX)%,$${prefix}%,$(INCDIR))
endef
export PC_BODY

## install     PREFIX=/usr/local [DESTDIR=]: libraries, headers, pkg-config files, ctwin, SystemC shims, SV
##             packages, Python package, the RTL, golden vectors, block pages, DPI main; WORKLOADS=1 the workload library too
install: lib $(B)/host/stamp $(if $(WORKLOADS),wl-lib)
	@set -e; d="$(DESTDIR)"; \
	install -d "$$d$(LIBDIR)/pkgconfig" "$$d$(INCDIR)/cachetwin/systemc" "$$d$(BINDIR)" "$$d$(DATADIR)/cachetwin/sv" "$$d$(DATADIR)/cachetwin/python/cachetwin"; \
	install -m 644 $(B)/lib/libcachetwin.a "$$d$(LIBDIR)/"; \
	install -m 755 $(B)/lib/libcachetwin.so.$(VERSION) "$$d$(LIBDIR)/"; \
	ln -sf libcachetwin.so.$(VERSION) "$$d$(LIBDIR)/$(SONAME)"; \
	ln -sf $(SONAME) "$$d$(LIBDIR)/libcachetwin.so"; \
	install -m 644 $(PUB_HDRS) "$$d$(INCDIR)/cachetwin/"; \
	install -m 644 $(B)/host/systemc/*.h rtl_model/host/systemc/*.h "$$d$(INCDIR)/cachetwin/systemc/"; \
	install -m 644 $(B)/host/sv/*.sv "$$d$(DATADIR)/cachetwin/sv/"; \
	install -m 644 rtl_model/host/python/cachetwin/*.py rtl_model/host/python/cachetwin/py.typed \
	  "$$d$(DATADIR)/cachetwin/python/cachetwin/"; \
	install -m 755 $(B)/ctwin "$$d$(BINDIR)/ctwin"; \
	for f in verilog/*/*.v verilog/*/*.svh $$(find vectors -name '*.vec') docs/blocks/*.md docs/vector-format.md; do \
	  install -D -m 644 "$$f" "$$d$(DATADIR)/cachetwin/$${f#docs/}"; done; \
	install -D -m 644 tb/host/dpi_main.cpp "$$d$(DATADIR)/cachetwin/dpi/dpi_main.cpp"; \
	python3 scripts/cores.py --install "$$d$(DATADIR)/cachetwin/verilog"; \
	{ echo "$$PC_BODY"; echo; echo "Name: cachetwin"; \
	  echo "Description: C reference models of GPU-cache energy and sharing blocks"; \
	  echo "Version: $(VERSION)"; echo 'Libs: -L$${libdir} -lcachetwin'; echo "Libs.private: -lm"; \
	  echo 'Cflags: -I$${includedir}/cachetwin -I$${includedir}'; } > "$$d$(LIBDIR)/pkgconfig/cachetwin.pc"; \
	{ echo "$$PC_BODY"; echo 'datadir=$(patsubst $(PREFIX)%,$${prefix}%,$(DATADIR))'; \
	  echo 'verilogdir=$${datadir}/cachetwin/verilog'; echo 'vectordir=$${datadir}/cachetwin/vectors'; \
	  echo 'blockdocdir=$${datadir}/cachetwin/blocks'; echo 'dpidir=$${datadir}/cachetwin/dpi'; \
	  echo 'svdir=$${datadir}/cachetwin/sv'; echo; echo "Name: cachetwin-rtl"; \
	  echo "Description: the cachetwin RTL (verilogdir, by system), golden vectors (vectordir), block pages"; \
	  echo "Version: $(VERSION)"; } > "$$d$(LIBDIR)/pkgconfig/cachetwin-rtl.pc"; \
	{ echo "$$PC_BODY"; echo; echo "Name: cachetwin-systemc"; \
	  echo "Description: the cachetwin C models as SystemC modules (C++17)"; \
	  echo "Version: $(VERSION)"; echo "Requires: cachetwin systemc"; \
	  echo 'Cflags: -std=c++17 -I$${includedir}/cachetwin/systemc'; } > "$$d$(LIBDIR)/pkgconfig/cachetwin-systemc.pc"; \
	if [ -n "$(WORKLOADS)" ]; then \
	  install -m 644 $(B)/lib/libcachetwin-workloads.a workloads/*.h "$$d$(LIBDIR)/"; \
	  mv "$$d$(LIBDIR)"/wl_*.h "$$d$(INCDIR)/cachetwin/"; \
	  install -m 755 $(B)/lib/libcachetwin-workloads.so.$(VERSION) "$$d$(LIBDIR)/"; \
	  ln -sf libcachetwin-workloads.so.$(VERSION) "$$d$(LIBDIR)/$(WL_SONAME)"; \
	  ln -sf $(WL_SONAME) "$$d$(LIBDIR)/libcachetwin-workloads.so"; \
	  { echo "$$PC_BODY"; echo; echo "Name: cachetwin-workloads"; \
	    echo "Description: GPU memory traces, synthetic kernels, importers and the papers' experiments"; \
	    echo "Version: $(VERSION)"; echo "Requires: cachetwin"; echo 'Libs: -L$${libdir} -lcachetwin-workloads'; \
	    echo 'Cflags: -I$${includedir}/cachetwin'; } > "$$d$(LIBDIR)/pkgconfig/cachetwin-workloads.pc"; \
	fi; \
	echo "installed cachetwin $(VERSION) in $$d$(PREFIX)"

## uninstall   remove what make install PREFIX= [DESTDIR=] put there
uninstall:
	@d="$(DESTDIR)"; rm -rf "$$d$(INCDIR)/cachetwin" "$$d$(DATADIR)/cachetwin"; \
	rm -f "$$d$(LIBDIR)"/libcachetwin.* "$$d$(LIBDIR)"/libcachetwin-workloads.* "$$d$(LIBDIR)/pkgconfig/cachetwin.pc" \
	  "$$d$(LIBDIR)/pkgconfig/cachetwin-systemc.pc" "$$d$(LIBDIR)/pkgconfig/cachetwin-workloads.pc" \
	  "$$d$(LIBDIR)/pkgconfig/cachetwin-rtl.pc" "$$d$(BINDIR)/ctwin"; \
	echo "removed cachetwin from $$d$(PREFIX)"

## clean       remove build/ and generated waves
clean:
	rm -rf $(B) waves/*.vcd waves/*.fst waves/*.gtkw waves/*.png

# (scripts) the folder the RTL of VDIR builds into: B, or B/rtl/KEY
print-rtl-tree:
	@echo $(RB)
