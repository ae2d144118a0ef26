# liberty.sh - sourced by area_um2.sh and area_paper.sh: sets B (build) and
# LIB (default $B/tech/osu018_stdcells.lib) and, for the default, puts the OSU
# 0.18 um liberty of Debian's qflow-tech-osu018 there (apt-get download +
# dpkg -x, no install: the package would pull all of qflow), with the cells'
# Verilog models beside it (osu018_stdcells.v: make sta's gate-level runs).
# A failure is reported by the synthesis script, which names the package.
B=${B:-build}
LIB=${LIB:-$B/tech/osu018_stdcells.lib}
fetch_liberty() {
    [ "$LIB" = "$B/tech/osu018_stdcells.lib" ] || return 0
    [ -f "$LIB" ] && [ -f "$B/tech/osu018_stdcells.v" ] && return 0   # area_um2.py names what is missing
    local t; t=$(mktemp -d)
    # a fresh machine may have no package lists yet: update them (as root or
    # through sudo, as deps.sh installs) and try once more
    download() { (cd "$t" && apt-get download qflow-tech-osu018 >/dev/null 2>&1); }
    if ! download; then
        if [ "$(id -u)" = 0 ]; then apt-get update -qq >/dev/null 2>&1 || true
        elif command -v sudo >/dev/null; then sudo -n apt-get update -qq >/dev/null 2>&1 || true; fi
        download || true
    fi
    if compgen -G "$t/qflow-tech-osu018_*.deb" >/dev/null &&
       dpkg -x "$t"/qflow-tech-osu018_*.deb "$t/x"; then
        mkdir -p "$B/tech"
        cp "$t/x/usr/share/qflow/tech/osu018/osu018_stdcells.lib" "$LIB"
        cp "$t/x/usr/share/qflow/tech/osu018/osu018_stdcells.v" "$B/tech/osu018_stdcells.v"
    else
        echo "area_um2: could not fetch Debian's package qflow-tech-osu018 (apt-get download)" >&2
    fi
    rm -rf "$t"
}
fetch_liberty
