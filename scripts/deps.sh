#!/usr/bin/env bash
# deps.sh - install what cachetwin needs from Debian's packages, where it is
# missing, and check the versions the kit was built against (Debian 12:
# verilator 5.006, iverilog 11, yosys 0.23, libsystemc-dev 2.3.4).
# As root with apt-get it installs; otherwise it prints the command.
#   deps.sh --test   also what only `make test` needs: Slurm and munge, for
#                    the single-node cluster that runs make regress ENGINE=slurm,
#                    and what --fuzz and --coverage need
#   deps.sh --fuzz   also clang and its libFuzzer run time (make fuzz)
#   deps.sh --coverage  also lcov (make coverage: genhtml)
#   deps.sh --screenshot  also wkhtmltopdf (make coverage-screenshot)
#   deps.sh --profile  also valgrind (make profile: callgrind)
#   deps.sh --formal   also z3 and cvc4, the SMT solvers yosys-smtbmc drives (make formal)
#   deps.sh --experiments  also gnuplot (make experiments: the plots)
#   deps.sh --power  also opensta, the static timing and power tool (make sta)
# DEPS_CHECK=1: install nothing; name what is missing and exit 1 (the test
# suite's own check: make deps installs)
set -euo pipefail

have() { command -v "$1" >/dev/null 2>&1; }
need=()
have gcc       || need+=(gcc)
have g++       || need+=(g++)
have make      || need+=(make)
have verilator || need+=(verilator)
have iverilog  || need+=(iverilog)
have yosys     || need+=(yosys)
have gtkwave   || need+=(gtkwave)
have xvfb-run  || need+=(xvfb)
have pkg-config || need+=(pkg-config)   # the install test builds examples with it
have python3   || need+=(python3)      # the Python host (standard library only)
# make regress: GNU parallel runs the jobs (moreutils has another "parallel")
{ have parallel && parallel --version 2>/dev/null | grep -q 'GNU parallel'; } || need+=(parallel)
have readelf   || need+=(binutils)
[ -f /usr/include/systemc.h ] || need+=(libsystemc-dev)
# given OPTION...: the option deps.sh was called with is one of these
opt=${1:-}
given() { local o; for o; do [ "$opt" = "$o" ] && return 0; done; return 1; }
if given --test; then
    have slurmctld && have slurmd || need+=(slurm-wlm)
    have munged    || need+=(munge)
    [ -x /usr/bin/time ] || need+=(time)   # the suite's CPU per background job
fi
given --test --coverage && { have genhtml || need+=(lcov); }
given --screenshot && { have wkhtmltoimage || need+=(wkhtmltopdf); }
given --test --profile && { have valgrind || need+=(valgrind); }
given --test --formal && { have z3 || need+=(z3); have cvc4 || need+=(cvc4); }
given --test --experiments && { have gnuplot || need+=(gnuplot-nox); }
given --test --power && { have sta || need+=(opensta); }
if given --test --fuzz; then
    have clang || need+=(clang)
    # libFuzzer's run time is only a Recommends of clang
    compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null ||
        need+=("libclang-rt-$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | grep . || echo 14)-dev")
fi

if ((${#need[@]})) && [ -n "${DEPS_CHECK:-}" ]; then
    echo "deps: missing Debian packages: ${need[*]} (make deps installs them)" >&2
    exit 1
fi
if ((${#need[@]})); then
    if have apt-get && [ "$(id -u)" = 0 ]; then
        echo "deps: installing ${need[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    elif have apt-get && have sudo; then
        echo "deps: installing ${need[*]} (sudo)"
        sudo apt-get update -qq
        sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    else
        echo "deps: missing: ${need[*]}" >&2
        echo "deps: on Debian/Ubuntu: apt-get install ${need[*]}" >&2
        exit 1
    fi
fi

for t in gcc g++ make verilator iverilog yosys gtkwave xvfb-run pkg-config python3 parallel readelf; do
    have "$t" || { echo "deps: $t is still missing after installing; install it and retry" >&2; exit 1; }
done

# version floor: major.minor compared numerically
atleast() { # name have want
    if [ -z "$2" ] || [ "$(printf '%s\n%s\n' "$3" "$2" | sort -V | head -n1)" != "$3" ]; then
        echo "deps: $1 $2 is older than the $3 this kit needs" >&2
        exit 1
    fi
}
atleast verilator "$(verilator --version | awk '{print $2}')" 5.006
# (iverilog's whole answer is read: cut short by head, it dies of SIGPIPE and
# leaves its command file in /tmp)
atleast iverilog  "$(iverilog -V 2>&1 | awk 'NR == 1 {print $4}')" 11.0
atleast yosys     "$(yosys -V | awk '{print $2}')" 0.23
