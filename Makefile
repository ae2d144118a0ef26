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
# Where the RTL and the C models are read from: overridden only to build
# deliberately broken copies (scripts/mutants.sh).
VDIR := verilog
MDIR := rtl_model

CC        := gcc
CWARN     := -std=c11 -Wall -Wextra -Werror
CINC      := -I$(MDIR) -Itb/lib
CFLAGS    ?= -O2 -g
LDLIBS    := -lm
SANFLAGS  := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

MODEL_SRC := $(sort $(wildcard $(MDIR)/*.c))
LIB_SRC   := $(sort $(wildcard tb/lib/*.c))
HDRS      := $(wildcard $(MDIR)/*.h tb/lib/*.h)
VSRC      := $(wildcard $(VDIR)/*.v)

# Verilator: -Wall on the generated wrapper + RTL, rand-reset capable
# (--x-initial unique), VCD tracing compiled in for failure windows.
VERILATOR_FLAGS := --cc --exe -Wall --x-assign fast --x-initial unique --trace -y $(abspath $(VDIR))
VL_MAKEFLAGS    := OPT_FAST=-O3 OPT_GLOBAL=-O2
# Verilator's run-time objects (verilated.o ...) are the same for every
# harness (same flags, nothing of the design in them): the first build keeps
# them here and later builds reuse them instead of compiling them again.
VLRT ?= $(B)/vlrt

.PHONY: all help deps build ctwin vsim vectors cosim replay icarus waves area lint \
        unit asan golden docs mutants bench test screenshot clean

all: deps
	@scripts/main.sh

## (default)   make: the main job - deps, build, vectors, lockstep of every block, Icarus replay, summary, area
help:
	@sed -n '/^## /s/^## //p' $(MAKEFILE_LIST)

## deps        install missing Debian packages (verilator iverilog yosys gtkwave libsystemc-dev xvfb)
deps:
	@scripts/deps.sh

# ---------------------------------------------------------------- C side
$(B)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(CINC) -c $< -o $@

$(B)/libct.a: $(patsubst %.c,$(B)/obj/%.o,$(MODEL_SRC) $(LIB_SRC))
	@rm -f $@
	ar rcs $@ $^

$(B)/ctwin: tb/ctwin.c $(B)/libct.a
	$(CC) $(CWARN) $(CFLAGS) $(CINC) $< $(B)/libct.a $(LDLIBS) -o $@

## ctwin       build the C command-line tool build/ctwin (vectors, area, generated HDL)
ctwin: $(B)/ctwin

# ------------------------------------------------- generated HDL per config
# build/gen/<block>/<config>/: wrapper, Icarus testbench, vsim_block.h
$(B)/gen/%/stamp: $(B)/ctwin
	@mkdir -p $(@D)
	$(B)/ctwin hdl $(word 1,$(subst /, ,$*)) $(word 2,$(subst /, ,$*)) $(@D)
	@touch $@

# ------------------------------------------------------------- Verilator
# build/vl/<block>/<config>/obj/vsim
$(B)/vl/%/obj/vsim: $(B)/gen/%/stamp tb/vsim/vsim.cpp $(B)/libct.a $(VSRC)
	@blk=$(word 1,$(subst /, ,$*)); gen=$(B)/gen/$*; \
	mkdir -p $(B)/vl/$*; echo "verilator $$blk ($(word 2,$(subst /, ,$*)))"; \
	obj=$(B)/vl/$*/obj; log=$(B)/vl/$*/build.log; rt="verilated.o verilated_vcd_c.o verilated_threads.o"; \
	{ verilator $(VERILATOR_FLAGS) --Mdir $$obj -o vsim --top-module $${blk}_top \
	    -CFLAGS "-std=c++17 -I$(abspath $(MDIR)) -I$(ABS)/tb/lib -I$(abspath $$gen)" \
	    $$gen/$${blk}_top.v $(VDIR)/$$blk.v $(ABS)/tb/vsim/vsim.cpp $(abspath $(B))/libct.a && \
	  { [ ! -f $(VLRT)/verilated.o ] || { for o in $$rt; do cp $(VLRT)/$$o $$obj/; done; touch $$obj/verilated*.o; }; } && \
	  $(MAKE) -C $$obj -f V$${blk}_top.mk -j 2 $(VL_MAKEFLAGS) vsim && \
	  { [ -f $(VLRT)/verilated.o ] || { mkdir -p $(VLRT) && for o in $$rt; do cp $$obj/$$o $(VLRT)/; done; }; }; \
	} > $$log 2>&1 || { cat $$log; exit 1; }

VSIM = $(B)/vl/$(BLOCK)/$(CONFIG)/obj/vsim
IVSIM = $(B)/iv/$(BLOCK)/$(CONFIG)/sim

## vsim        build the Verilator harness for BLOCK/CONFIG
vsim: $(VSIM)

# ---------------------------------------------------------------- Icarus
$(B)/iv/%/sim: $(B)/gen/%/stamp $(VSRC)
	@mkdir -p $(@D)
	@blk=$(word 1,$(subst /, ,$*)); gen=$(B)/gen/$*; \
	iverilog -g2012 -Wall -y $(VDIR) -o $@ $$gen/$${blk}_tb.v $$gen/$${blk}_top.v $(VDIR)/$$blk.v \
	  2>&1 | tee $(@D)/iverilog.log; \
	if grep -qi 'warning\|error' $(@D)/iverilog.log; then rm -f $@; exit 1; fi

# ------------------------------------------------------------- user jobs
## build       build ctwin and every block's Verilator harness and Icarus testbench, every preset
build: $(B)/ctwin
	@for b in $$($(B)/ctwin blocks); do for c in $$($(B)/ctwin presets $$b); do \
	  $(MAKE) $(B)/vl/$$b/$$c/obj/vsim $(B)/iv/$$b/$$c/sim || exit 1; done; done

## vectors     write golden vectors: BLOCK CONFIG SEED CYCLES [OUT=file]
vectors: $(B)/ctwin
	@mkdir -p $(dir $(OUT))
	$(B)/ctwin gen $(BLOCK) $(CONFIG) $(SEED) $(CYCLES) $(OUT)
	@echo "wrote $(OUT)"

## cosim       live lockstep C model vs Verilator: BLOCK CONFIG SEED CYCLES [PLUSARGS=+verilator+rand+reset+2]
cosim: $(VSIM)
	@mkdir -p waves
	$(VSIM) lockstep $(SEED) $(CYCLES) $(PLUSARGS)

## replay      replay VEC=file under Verilator and Icarus (BLOCK CONFIG must match the file)
replay: $(VSIM) $(IVSIM)
	@test -n "$(VEC)" || { echo "make replay: set VEC=path/to/file.vec"; exit 2; }
	@mkdir -p waves
	$(VSIM) replay $(VEC) $(PLUSARGS)
	vvp -n $(IVSIM) +vec=$(VEC)

## icarus      replay VEC=file under Icarus only
icarus: $(IVSIM)
	vvp -n $(IVSIM) +vec=$(VEC)

## waves       lockstep run dumped to waves/BLOCK_CONFIG_sSEED.vcd (+ waves/BLOCK.gtkw)
waves: $(VSIM)
	@mkdir -p waves
	$(VSIM) lockstep $(SEED) $(CYCLES) --trace waves/$(BLOCK)_$(CONFIG)_s$(SEED).vcd $(PLUSARGS)
	@echo "open: gtkwave waves/$(BLOCK)_$(CONFIG)_s$(SEED).vcd waves/$(BLOCK).gtkw"

## area        storage inventory report (every block, its paper configs; or BLOCK= CONFIG=)
area: $(B)/ctwin
	@if [ "$(origin CONFIG)" = "command line" ]; then $(B)/ctwin area $(BLOCK) $(CONFIG); \
	 elif [ "$(origin BLOCK)" = "command line" ]; then $(B)/ctwin area $(BLOCK); \
	 else $(B)/ctwin area; fi

## lint        verilator -Wall (every preset), iverilog -g2012, yosys latch/loop/flop-count check
lint: $(B)/ctwin
	@scripts/lint.sh

## unit        C unit tests of spec properties
unit: $(B)/unit/test_all
	$(B)/unit/test_all

$(B)/unit/test_all: $(wildcard tb/unit/*.c) $(B)/libct.a
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(CINC) -Itb/unit $(wildcard tb/unit/*.c) $(B)/libct.a $(LDLIBS) -o $@

## asan        C models, vector reader and unit tests under ASan + UBSan
asan:
	@scripts/asan.sh

## golden      regenerate the committed golden vectors in vectors/ (after a deliberate model change)
golden: $(B)/ctwin
	@scripts/golden.sh regen

## docs        regenerate docs/blocks/<block>_interface.md from the descriptions
docs: $(B)/ctwin
	@for b in $$($(B)/ctwin blocks); do $(B)/ctwin doc $$b > docs/blocks/$${b}_interface.md; echo "wrote docs/blocks/$${b}_interface.md"; done

## mutants     deliberately broken RTL and C variants must each be caught
mutants: build
	@scripts/mutants.sh

## bench       throughput of C model, Verilator, lockstep and Icarus (ratios, one run)
bench: build
	@scripts/bench.sh

## screenshot  render a waveform PNG with GTKWave under Xvfb (docs/img/)
screenshot: $(B)/ctwin
	@scripts/screenshot.sh

## test        the full test suite (CI runs this)
test: deps
	@scripts/test.sh

## clean       remove build/ and generated waves
clean:
	rm -rf $(B) waves/*.vcd waves/*.fst waves/*.gtkw waves/*.png
