#!/usr/bin/env bash
# test.sh [OPTIONS] - the test suite: `make test` (CI), `make check` (the
# quick tier).  Sections of checks live in tb/suite/NN-name.sh, the runner
# in tb/suite/lib.sh (docs/testing.md).
#   --only SECTION[,SECTION]  those sections           (make test ONLY=...)
#   -k TEXT                   checks whose "section: name" holds TEXT (K=...)
#   --lf                      the checks that failed last time (LF=1)
#   -x                        stop at the first failure (X=1)
#   --quick                   the quick tier (TIER=quick, make check)
#   --list                    list the selected checks, run nothing (LIST=1)
#   --keep                    keep the scratch folder even when all pass (KEEP=1)
# CT_SUITE_FILES=FILES reads only those section files (a section that needs
# no other; make mutants' script kind), CT_SUITE_STATE=DIR keeps the run's
# JUnit and last failures there instead of build/test.
# Exit 0 when every selected check passed, 1 when one failed, 2 for a bad
# option or a missing tool (named).
set -uo pipefail
cd "$(dirname "$0")/.."
while [ $# -gt 0 ]; do
    case $1 in
        --only) ONLY=$2; shift ;;
        -k) K=$2; shift ;;
        --lf) LF=1 ;;
        -x) X=1 ;;
        --quick) TIER=quick ;;
        --list) LIST=1 ;;
        --keep) KEEP=1 ;;
        *) echo "test.sh: unknown option '$1' (--only SECTIONS, -k TEXT, --lf, -x, --quick, --list, --keep)" >&2; exit 2 ;;
    esac
    shift
done
# what the suite needs installed (make deps installs it): named, not installed here
if [ -z "${CT_SUITE_CHILD:-}" ] && [ -z "${LIST:-}" ]; then
    DEPS_CHECK=1 scripts/deps.sh --test || exit 2
fi
# the catalogue (ctwin) names the blocks and presets the sections loop over
if [ -z "${CT_SUITE_CHILD:-}" ] && ! out=$(make -s build/ctwin 2>&1); then
    echo "$out"; echo "test suite: build/ctwin does not build: no check can be collected"; exit 1
fi
. scripts/rtl.sh
. tb/suite/lib.sh
. tb/suite/fixtures.sh
SUITE_SELF=$PWD/scripts/test.sh
suite_main
