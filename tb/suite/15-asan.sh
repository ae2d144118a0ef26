# asan: the C side (models, vector reader, unit tests) under AddressSanitizer
# and UndefinedBehaviorSanitizer.  Its build is also where the mutants of kind
# asan start (section mutants starts once this one is done).
section asan

provides make:asan-build
check "build the C side under ASan + UBSan (make asan-build)" make -s -j2 asan-build
check "C side under ASan + UBSan (make asan)" scripts/asan.sh
