#!/usr/bin/env bash
# formal_diff.sh NEW COMMITTED - what make formal wrote (NEW, build/formal/vectors)
# beside the committed traces and certificates (COMMITTED, vectors/formal):
# the files that are new or differ, and how to take them (make formal UPDATE=1).
# A cover trace is the solver's choice of a path to the cover: another
# machine or solver version may choose another, equally valid, one.
set -uo pipefail
new=$1 old=$2
[ -d "$new" ] || { echo "formal: nothing written to $new"; exit 0; }
n=0
while IFS= read -r f; do
    rel=${f#"$new"/}
    if [ ! -e "$old/$rel" ]; then echo "formal: new     $old/$rel"; n=$((n + 1))
    elif ! cmp -s "$f" "$old/$rel"; then echo "formal: differs $old/$rel"; n=$((n + 1)); fi
done < <(find "$new" -type f | sort)
if [ "$n" = 0 ]; then echo "formal: every trace and certificate written is the committed one"
else echo "formal: $n files written to $new differ from $old (make formal UPDATE=1 writes them there)"; fi
