# regress: make regress (docs/regress.md) through GNU parallel on this
# machine: the summary, the progress line, JUnit, merged functional coverage
# and code coverage, failures with their reproduce command, refusals.  (The
# same job list as a Slurm array: the background section slurm.)
section regress

rg() { env SEEDS=3 CYCLES=5000 VCYCLES=300 ICARUS_EVERY=2 "$@" scripts/regress.sh; }
rg_main() { once rg_main rg OUT="$tmp/rg" BLOCKS="loscache_ctr ata_tags" PRESETS=small; }
rg_pass() {
    local out rc=0
    out=$(rg_main 2>&1) || rc=$?
    echo "$out"
    [ "$rc" = 0 ] && grep -q '^loscache_ctr  small         3      3      0  -$' <<<"$out" &&
        grep -q '^regress: 6 jobs, 6 passed, 0 failed' <<<"$out" && [ -z "$(ls -A "$tmp/rg/jobs")" ] &&
        grep -q '^regress: 6/6 jobs done, 0 failed, [0-9]* s elapsed, ~0 s remaining' <<<"$out" &&
        grep -q icarus-replay "$tmp/rg/res/ata_tags.small.s3.res" && ! grep -q icarus-replay "$tmp/rg/res/ata_tags.small.s2.res"
}
needs harness:loscache_ctr/small harness:ata_tags/small
check "make regress: 6 jobs pass through GNU parallel, progress line, Icarus on seeds 1 and 3 (ICARUS_EVERY=2), no files left" rg_pass
rg_junit() { rg_main >/dev/null; python3 -c "
import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
print('junit', len(r.findall('testsuite')), len(r.findall('testsuite/testcase')), r.get('failures'))" "$tmp/rg/junit.xml"; }
needs harness:loscache_ctr/small harness:ata_tags/small
expect "make regress: its JUnit file holds 2 suites, 6 testcases, 0 failures" 0 "junit 2 6 0" rg_junit
# the job list runs seed by seed across the presets (the progress estimate's fair sample)
rg_order() { rg_main >/dev/null; tr '\n' '|' < "$tmp/rg/jobs.txt"; }
needs harness:loscache_ctr/small harness:ata_tags/small
expect "make regress: the job list is seed by seed across the presets" 0 \
    "loscache_ctr small 1|ata_tags small 1|loscache_ctr small 2|ata_tags small 2|loscache_ctr small 3|ata_tags small 3|" rg_order
# the merged coverage is the sum of the C model's own reports per seed
rg_cov() {
    local out want sd
    out=$(rg_main 2>&1)
    want=$(for sd in 1 2 3; do "$CT" report ata_tags small "$sd" 5000; done |
           awk '/^coverage: none/ {for (i = 2; i < NF; i++) if ($i == "local-only") n += $(i + 1)} END {print n}')
    echo "want local-only $want"; grep -A3 '^functional' <<<"$out"
    grep -q "^ata_tags      small         3 seeds: .* local-only $want .*; no holes$" <<<"$out"
}
needs harness:loscache_ctr/small harness:ata_tags/small
check "make regress: merged coverage = the sum of ctwin report over the seeds, no holes" rg_cov
# (in the coverage section's build, build/cov-test, once that section is
# done: its coverage-instrumented library, Verilator run-time objects and
# precompiled header are this one's; regress clears the counts it leaves)
rg_code_cov() {
    local out rc=0
    out=$(CODE_COVERAGE=1 B=build/cov-test rg OUT="$tmp/rgc" BLOCKS=bgp PRESETS=small SEEDS=2 2>&1) || rc=$?
    echo "$out"
    [ "$rc" = 0 ] && grep -q '^PASS coverage bgp: every RTL line and toggle point covered' <<<"$out" &&
        [ -s "$tmp/rgc/coverage/html/index.html" ] && [ "$(ls "$tmp/rgc/coverage/dat" | wc -l)" = 4 ]
}
needs bg:coverage
check "make regress CODE_COVERAGE=1: 2 jobs on a coverage build, 4 runs' counts (lockstep + replay) merged, HTML, bgp.v fully covered" rg_code_cov
rg_lost() { rg_main >/dev/null; cp -r "$tmp/rg" "$tmp/rg_lost"; rm "$tmp/rg_lost/res/loscache_ctr.small.s2.res"
            python3 scripts/regress/report.py "$tmp/rg_lost"; }
needs harness:loscache_ctr/small harness:ata_tags/small
expect "make regress: a job that wrote no result fails the regression" 1 "seed 2: no result" rg_lost
needs harness:sleep_fsm/hdg
expect "make regress: a coverage hole over all seeds fails it (sleep_fsm hdg, 30 cycles)" 1 "; holes: " \
    rg OUT="$tmp/rgh" BLOCKS=sleep_fsm PRESETS=hdg CYCLES=30
# a broken RTL (a loscache_ctr mutant) regressed through VDIR= (VLRT=: the
# main build's Verilator run-time objects and precompiled headers, same flags)
rg_broken() {
    local out rc=0
    cp -r verilog "$tmp/rgv" && rtl_mutant loscache_ctr no_reset_on_fill "$tmp/rgv/loscache/loscache_ctr.v" || return 9
    out=$(rg OUT="$tmp/rgf" VLRT="$PWD/build/vlrt" VDIR="$tmp/rgv" BLOCKS=loscache_ctr PRESETS=small 2>&1) || rc=$?
    echo "$out"
    [ "$rc" = 1 ] && grep -qF "loscache_ctr  small         3      0      3  seed 1: make cosim BLOCK=loscache_ctr CONFIG=small SEED=1 CYCLES=5000 PLUSARGS='+verilator+rand+reset+1' VDIR=$tmp/rgv" <<<"$out" &&
        ls "$tmp/rgf/jobs/loscache_ctr.small.s1/"*_fail.vcd >/dev/null 2>&1 &&
        grep -q '<failure message="failed: lockstep; reproduce: make cosim' "$tmp/rgf/junit.xml" &&
        grep -q 'MISMATCH verilator loscache_ctr' "$tmp/rgf/junit.xml"
}
needs harness:loscache_ctr/small
check "make regress: a broken RTL fails it: first failing seed with its reproduce command, waveform kept, JUnit <failure> with the report" rg_broken
rg_ssh() { echo : > "$tmp/sshlogins"   # GNU parallel's name for this machine
           rg OUT="$tmp/rgssh" ENGINE=ssh SSHLOGINFILE="$tmp/sshlogins" BLOCKS=bgp PRESETS=small; }
needs harness:bgp/small
expect "make regress ENGINE=ssh: the job list through parallel --sshloginfile (this machine as the farm)" 0 \
    "regress: 3 jobs, 3 passed, 0 failed" rg_ssh
expect "make regress refuses ENGINE=ssh without a login file" 2 "ENGINE=ssh needs SSHLOGINFILE" rg ENGINE=ssh SSHLOGINFILE=
expect "make regress refuses SEEDS=x" 2 "SEEDS='x'" rg SEEDS=x
expect "make regress refuses an unknown block" 2 "unknown block 'nosuch'" rg BLOCKS=nosuch
expect "make regress refuses an unknown preset" 2 "PRESETS: 'huge' is not a preset" rg BLOCKS=loscache_ctr PRESETS=huge
expect "make regress refuses an unknown engine" 2 "ENGINE='pbs'" rg ENGINE=pbs
# no Slurm cluster is a setup error before any job, not 'no result' for each
fx_sbatch() { command -v sbatch >/dev/null || { echo "sbatch is not installed (Debian: slurm-client)"; return 3; }; }
rg_no_conf() { rg ENGINE=slurm SLURM_CONF="$tmp/none.conf"; }
needs sbatch
expect "make regress ENGINE=slurm without a Slurm configuration: a setup error naming it and the way to a one-node cluster" 2 \
    "ENGINE=slurm: no Slurm configuration ($tmp/none.conf is missing; SLURM_CONF names another); a one-node cluster" rg_no_conf
rg_down() { printf 'ClusterName=x\nSlurmctldHost=localhost(127.0.0.1)\nSlurmctldPort=1\nAuthType=auth/none\nNodeName=localhost CPUs=1\nPartitionName=p Nodes=ALL Default=YES\n' > "$tmp/down.conf"
    rg ENGINE=slurm SLURM_CONF="$tmp/down.conf"; }
needs sbatch
expect "make regress ENGINE=slurm with no controller answering: a setup error with scontrol's word" 2 \
    "ENGINE=slurm: no Slurm controller answers (SLURM_CONF=$tmp/down.conf; scontrol ping: Slurmctld(primary) at" rg_down
