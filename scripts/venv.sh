#!/usr/bin/env bash
# venv.sh - the kit's Python virtual environment: cocotb, pyuvm, FuseSoC and
# edalize at the versions pinned in scripts/requirements.txt, from PyPI, into
# VENV (default build/venv), never into the system Python.  A venv already
# made from the same requirements file is kept (its stamp holds the file's
# checksum).
#   venv.sh          make it if missing; exit 3, saying why, when it cannot
#                    be made (no PyPI, no venv module): the callers skip
#                    what needs it and say so
#   venv.sh --path   print the venv's directory
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-build/venv}
[ "${1:-}" = --path ] && { echo "$VENV"; exit 0; }
req=scripts/requirements.txt
sum=$(sha256sum "$req" | cut -c1-16)
# the kit's own package in the venv: a .pth naming this tree's
# rtl_model/host/python (import cachetwin finds build/lib/libcachetwin.so
# beside it), so cocotb's own makefiles run a test that imports cachetwin
link_pkg() {
    local sp
    sp=$("$VENV/bin/python3" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' 2>/dev/null) &&
        echo "$PWD/rtl_model/host/python" > "$sp/cachetwin-kit.pth"
}
[ -f "$VENV/ct-stamp" ] && [ "$(cat "$VENV/ct-stamp")" = "$sum" ] && { link_pkg; exit 0; }
# one maker at a time (two `make cocotb` at once on a fresh tree): the
# second waits, then finds the venv made
mkdir -p "$(dirname "$VENV")"
exec 9>"$VENV.lock"
flock 9
[ -f "$VENV/ct-stamp" ] && [ "$(cat "$VENV/ct-stamp")" = "$sum" ] && { link_pkg; exit 0; }

py=$(command -v python3) || { echo "venv: SKIP: no python3" >&2; exit 3; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rm -rf "$VENV"
if ! "$py" -m venv "$VENV" >"$log" 2>&1; then
    # Debian's own python3 makes venvs only with python3-venv installed
    if [ "$py" = /usr/bin/python3 ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv >/dev/null 2>&1
    fi
    rm -rf "$VENV"
    "$py" -m venv "$VENV" >"$log" 2>&1 || {
        echo "venv: SKIP: '$py -m venv' failed (Debian: apt-get install python3-venv):" >&2
        sed 's/^/  /' "$log" | tail -3 >&2
        rm -rf "$VENV"; exit 3; }
fi
echo "venv: installing the pinned Python tools into $VENV (scripts/requirements.txt)"
if ! "$VENV/bin/pip" install --disable-pip-version-check --retries 1 --timeout 20 -q -r "$req" >"$log" 2>&1; then
    echo "venv: SKIP: pip could not install scripts/requirements.txt (no PyPI from this machine?):" >&2
    grep -v '^\s*$' "$log" | tail -3 | sed 's/^/  /' >&2
    rm -rf "$VENV"; exit 3
fi
link_pkg
echo "$sum" >"$VENV/ct-stamp"
echo "venv: made; its tools (fusesoc, cocotb-config, mypy) and python (with cachetwin) are in $VENV/bin:" \
     "export PATH=$(cd "$VENV" && pwd)/bin:\$PATH"
