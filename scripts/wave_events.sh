#!/usr/bin/env bash
# wave_events.sh VCD FROM_NS TO_NS NAME=VALUE... - checks that a waveform
# window shows the events a caption promises: each top-level signal NAME
# takes VALUE (decimal) at some time in [FROM_NS, TO_NS).  Prints the
# missing ones and exits 1 when any is missing (0 when all are seen).
set -euo pipefail
vcd=$1 from=$2 to=$3; shift 3
awk -v from="$from" -v to="$to" -v want="$*" '
function bin2dec(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 2 + (substr(s, i, 1) == "1"); return v }
function look(   k) { for (k in need) if ((need[k] in cur) && cur[need[k]] == val[k]) seen[k] = 1 }
BEGIN { n = split(want, w, " "); for (k = 1; k <= n; k++) { split(w[k], p, "="); name[k] = p[1]; val[k] = p[2] + 0 } t = 0 }
/^ *\$var / { if (!($5 in id)) id[$5] = $4; next }
/^\$enddefinitions/ { for (k = 1; k <= n; k++) { if (!(name[k] in id)) { print "no signal " name[k] " in the dump"; bad = 1 } need[k] = id[name[k]] } next }
/^#/ { nt = substr($0, 2) + 0; if (nt > from && t < to) look(); t = nt; next }
/^b/ { cur[$2] = bin2dec(substr($1, 2)); next }
/^[01xz]/ { cur[substr($0, 2)] = (substr($0, 1, 1) == "1"); next }
END { if (t < to) look(); for (k = 1; k <= n; k++) if (!seen[k]) { print "not in " from ".." to " ns: " name[k] "=" val[k]; bad = 1 } exit bad }
' "$vcd"
