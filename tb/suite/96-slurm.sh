# slurm: make regress ENGINE=slurm on a single-node Slurm cluster the check
# starts and stops itself (scripts/slurm_local.sh): MaxArraySize=4, so 6 jobs
# run as 3 array tasks of 2 jobs each.  Its daemons' start and the
# scheduling are mostly waiting: it runs in the background, beside the
# hosts section.
section slurm bg regress

slurm_regress() {
    local out rc=0
    scripts/slurm_local.sh start "$tmp/slurm" 4 2>&1 || { echo "single-node Slurm did not start (scripts/slurm_local.sh)"; return 1; }
    out=$(SLURM_CONF=$tmp/slurm/slurm.conf SEEDS=3 CYCLES=5000 VCYCLES=300 ICARUS_EVERY=2 OUT="$tmp/rgs" ENGINE=slurm \
          BLOCKS=loscache_ctr PRESETS="small tiny" scripts/regress.sh 2>&1) || rc=$?
    scripts/slurm_local.sh stop "$tmp/slurm"
    echo "$out"; cat "$tmp/rgs/engine.log" 2>/dev/null
    [ "$rc" = 0 ] && grep -q '^regress: 6 jobs, 6 passed, 0 failed' <<<"$out" && [ "$(ls "$tmp/rgs/slurm" | wc -l)" = 3 ]
}
needs harness:loscache_ctr/small harness:loscache_ctr/tiny
check "make regress ENGINE=slurm: one array job on a single-node Slurm (munge, slurmctld, slurmd), 3 tasks x 2 jobs" slurm_regress
