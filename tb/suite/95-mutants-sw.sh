# mutants-sw: every mutant of the workload library and the tools' library
# (tb/mutants/work.txt, lib.txt) caught, each a result.  Background, after
# section build, beside section mutants (the models', the RTL's, the hosts'
# and the power flows', after asan): two chains, so the longest is shorter.
section mutants-sw bg build

for b in work lib; do
    needs mutbase_sw; limit 900
    multi "mutants of $b (tb/mutants/$b.txt) each caught" mut "$b"
done
