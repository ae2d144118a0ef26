#!/usr/bin/env bash
# slurm_local.sh start|stop DIR [MAX_ARRAY_SIZE] - a single-node Slurm cluster on
# this machine, for `make test` (the ENGINE=slurm path of make regress) or to
# try make regress ENGINE=slurm without a cluster: munged (unless one already
# answers), slurmctld and slurmd on localhost, on two TCP ports free when it
# starts (two clusters can run side by side), state, logs and DIR/slurm.conf
# under DIR.  Use it with SLURM_CONF=DIR/slurm.conf.
# Needs root (munged --force, slurmd) and Debian's slurm-wlm and munge.
# start waits until the node is idle (exit 1 with the logs if it is not in
# 20 s); stop ends what start started.
set -uo pipefail
cmd=${1:-} dir=${2:-}
[[ $cmd = start || $cmd = stop ]] && [ -n "$dir" ] || { echo "usage: slurm_local.sh start|stop DIR [MAX_ARRAY_SIZE]" >&2; exit 2; }
mkdir -p "$dir" && dir=$(cd "$dir" && pwd)
conf=$dir/slurm.conf
export SLURM_CONF=$conf

stop() {
    local f
    for f in slurmd slurmctld munged; do
        [ -f "$dir/$f.pid" ] && kill "$(cat "$dir/$f.pid")" 2>/dev/null
    done
    sleep 1
    for f in slurmd slurmctld munged; do
        [ -f "$dir/$f.pid" ] && kill -9 "$(cat "$dir/$f.pid")" 2>/dev/null
        rm -f "$dir/$f.pid"
    done
    return 0
}
if [ "$cmd" = stop ]; then stop; exit 0; fi

for t in munged slurmctld slurmd sbatch sinfo; do
    command -v "$t" >/dev/null || { echo "slurm_local: $t not found (Debian: slurm-wlm munge)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "slurm_local: needs root (munged --force, slurmd)" >&2; exit 1; }
mkdir -p "$dir/state" "$dir/spool"
host=$(hostname)
# two ports no one listens on now (the kernel's choice of a free one)
read -r cport dport < <(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
cat > "$conf" <<EOF
# single-node Slurm of scripts/slurm_local.sh
ClusterName=cachetwin
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldPort=$cport
SlurmdPort=$dport
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
# no cgroups: processes tracked by parent pid, no task binding
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MaxArraySize=${3:-1001}
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
# munge: a running munged (a machine that has one) is used as it is
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
    mkdir -p /run/munge
    munged --force --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" 2>>"$dir/munged.log" ||
        { echo "slurm_local: munged did not start:" >&2; tail -n 5 "$dir/munged.log" >&2; exit 1; }
fi
slurmctld -f "$conf" -i 2>>"$dir/slurmctld.log" && slurmd -f "$conf" 2>>"$dir/slurmd.log" ||
    { echo "slurm_local: slurmctld/slurmd did not start" >&2; tail -n 5 "$dir"/slurm*.log >&2; stop; exit 1; }
for _ in $(seq 40); do
    sinfo -h -o %T 2>/dev/null | grep -qx idle && { echo "slurm_local: node $host idle (SLURM_CONF=$conf)"; exit 0; }
    sleep 0.5
done
echo "slurm_local: the node did not become idle in 20 s" >&2
sinfo >&2; tail -n 5 "$dir"/slurm*.log >&2
stop; exit 1
