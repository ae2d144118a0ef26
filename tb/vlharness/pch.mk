# pch.mk - read after a Verilated model's makefile (make -f V<top>.mk -f
# pch.mk PCH=<dir>/ct_pch.h <dir>/ct_pch.h.gch): the precompiled header
# with the compiler and flags that makefile gives its own objects
# (tb/vlharness/ct_pch.h), less what names one block (the DPI-C build's
# -include V<top>.h and -DCT_DPI_TOP=V<top>: a macro defined otherwise than
# when the header was precompiled makes g++ ignore the precompiled form).
# Written under a temporary name and renamed, so a build running beside it
# sees the whole file or none.
PCH_CPPFLAGS = $(filter-out -include V%.h -DCT_DPI_TOP=%,$(CPPFLAGS))
$(PCH).gch: $(PCH)
	$(CXX) $(CXXFLAGS) $(PCH_CPPFLAGS) $(OPT_FAST) -x c++-header -o $@.tmp$$$$ $< && mv -f $@.tmp$$$$ $@
