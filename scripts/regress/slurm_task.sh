#!/usr/bin/env bash
# regress/slurm_task.sh - one task of the Slurm array that scripts/regress.sh
# submits (ENGINE=slurm): runs lines SLURM_ARRAY_TASK_ID, +STRIDE, ... of
# OUT/jobs.txt through scripts/regress/job.sh.  sbatch starts it in the tree
# (--chdir), with OUT CYCLES VCYCLES ICARUS_EVERY STRIDE exported.
#SBATCH --job-name=cachetwin-regress
set -uo pipefail
: "${SLURM_ARRAY_TASK_ID:?not started by sbatch --array}" "${OUT:?}" "${STRIDE:?}"
rc=0
n=$(wc -l < "$OUT/jobs.txt")
for ((i = SLURM_ARRAY_TASK_ID; i <= n; i += STRIDE)); do
    read -r b c s < <(sed -n "${i}p" "$OUT/jobs.txt")
    scripts/regress/job.sh "$b" "$c" "$s" || rc=1
done
exit $rc
