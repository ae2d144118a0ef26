# lib.sh - the test suite's runner (sourced by scripts/test.sh; docs/testing.md).
#
# A section file (tb/suite/NN-name.sh) registers checks; it does no work at
# its top level.  The runner collects every section, selects checks, then
# runs the selected ones section by section:
#
#   section NAME [bg AFTER]    starts a section; `bg AFTER`: it runs in the
#                              background at low priority, started once the
#                              foreground section AFTER is done ("start": at
#                              once), and its results are reported at the end
#   check NAME CMD...          passes when CMD exits 0
#   expect NAME RC FRAG CMD... passes when CMD exits RC and prints FRAG
#   multi NAME CMD...          CMD prints "PASS x" / "FAIL x" lines, each a
#                              result "x"; passes when CMD exits 0, no FAIL
#   before a registration (each applies to the next one only):
#   needs X...                 what the check needs first: harness:B/C (the
#                              Verilator harness and Icarus testbench of a
#                              preset), make:TARGET, bg:SECTION (that
#                              background section done), or NAME (the
#                              fixture function fx_NAME, run once; exit 3:
#                              the check is skipped, saying why)
#   provides X                 when it passes, the need X is met (a build)
#   mark quick                 the check belongs to the quick tier (make check)
#   limit SECONDS              its time limit (default CT_LIMIT, 600 s)
#   par_begin / par_end        the checks between run two at a time
#
# Selection (make test / scripts/test.sh; docs/testing.md):
#   ONLY="sec ..."  those sections; K=TEXT checks whose "section: name" holds
#   TEXT; LF=1 the checks that failed last time; TIER=quick; X=1 stop at the
#   first failure; LIST=1 list the selected checks, run nothing.
#
# Every check runs in a subshell with a watchdog: past its limit it is
# killed with every process it started and fails, named.  Each result is a
# line of $CT_RES (status, section, name, seconds, command, where, output
# file); at the end the runner prints the failures with their command and a
# rerun line, writes the JUnit file and the list of failures, and keeps the
# scratch folder when anything failed.

# ---------------------------------------------------------------- registry
T_sec=(); T_name=(); T_kind=(); T_rc=(); T_frag=(); T_cmd=(); T_needs=()
T_mark=(); T_limit=(); T_par=(); T_where=(); T_provides=()
S_name=(); S_bg=(); S_after=(); S_file=()
declare -A T_seen=()
_needs=; _mark=; _limit=; _provides=; _par=; _par_n=0; _cur_sec=; _cur_file=
CT_LIMIT=${CT_LIMIT:-600}

suite_die() { echo "test suite: $*" >&2; exit 2; }

section() {
    _cur_sec=$1
    S_name+=("$1"); S_file+=("$_cur_file")
    if [ "${2:-}" = bg ]; then S_bg+=(1); S_after+=("${3:-start}"); else S_bg+=(0); S_after+=(""); fi
}
needs() { _needs+="${_needs:+ }$*"; }
provides() { _provides=$1; }
mark()  { _mark+="${_mark:+ }$*"; }
limit() { _limit=$1; }
par_begin() { _par_n=$((_par_n + 1)); _par=$_par_n; }
par_end()   { _par=; }

# _reg KIND NAME RC FRAG CMD...: one check
_reg() {
    local kind=$1 name=$2 rc=$3 frag=$4; shift 4
    [ -n "$_cur_sec" ] || suite_die "$_cur_file: a check before the section line"
    [ $# -gt 0 ] || suite_die "$_cur_file: check '$name' has no command"
    [[ $name = ...* || $name = "" ]] && suite_die "$_cur_file: check name '$name' does not say what it checks"
    [ -z "${T_seen["$name"]:-}" ] || suite_die "$_cur_file: check name '$name' is taken (${T_seen["$name"]})"
    T_seen["$name"]="$_cur_sec"
    T_sec+=("$_cur_sec"); T_name+=("$name"); T_kind+=("$kind"); T_rc+=("$rc"); T_frag+=("$frag")
    T_cmd+=("$(printf '%q ' "$@")"); T_needs+=("$_needs"); T_mark+=("$_mark")
    T_limit+=("${_limit:-$CT_LIMIT}"); T_par+=("$_par"); T_provides+=("$_provides")
    # (where: the section file's line, also for a check a helper registers)
    local k w=
    for k in "${!BASH_SOURCE[@]}"; do
        [[ ${BASH_SOURCE[$k]} = *tb/suite/[0-9]*.sh ]] && { w="${BASH_SOURCE[$k]#"$PWD/"}:${BASH_LINENO[$((k - 1))]}"; break; }
    done
    T_where+=("$w")
    _needs=; _mark=; _limit=; _provides=
}
check()  { local n=$1; shift; _reg check "$n" 0 "" "$@"; }
expect() { local n=$1 rc=$2 frag=$3; shift 3; _reg expect "$n" "$rc" "$frag" "$@"; }
multi()  { local n=$1; shift; _reg multi "$n" 0 "" "$@"; }

# ---------------------------------------------------------------- selection
# selected I: 0 when check I is selected
declare -A LF_SET=()
selected() {
    local i=$1
    if [ -n "${ONLY:-}" ]; then
        [[ " ${ONLY//,/ } " = *" ${T_sec[$i]} "* ]] || return 1
    fi
    if [ -n "${K:-}" ]; then
        [[ "${T_sec[$i]}: ${T_name[$i]}" = *"$K"* ]] || return 1
    fi
    if [ -n "${TIER:-}" ]; then
        [[ " ${T_mark[$i]} " = *" $TIER "* ]] || return 1
    fi
    if [ -n "${LF:-}" ] && [ "$LF" != 0 ]; then
        [ -n "${LF_SET["${T_sec[$i]}"$'\t'"${T_name[$i]}"]:-}" ] || return 1
    fi
    return 0
}

# sq TEXT: TEXT in single quotes for a shell ('\'' for a quote inside)
sq() { local q="'\''"; printf "'%s'" "${1//\'/$q}"; }

# ---------------------------------------------------------------- running
# killtree PID: PID and every process below it, TERM then KILL
killtree() {
    local pids
    pids=$(ps -e -o pid=,ppid= | awk -v r="$1" '{ kid[$2] = kid[$2] " " $1 }
        END { q[1] = r; n = 1; for (i = 1; i <= n; i++) { print q[i]; m = split(kid[q[i]], k, " ");
              for (j = 1; j <= m; j++) q[++n] = k[j] } }')
    # shellcheck disable=SC2086
    kill -TERM $pids 2>/dev/null; sleep 1; kill -KILL $pids 2>/dev/null
}

declare -A NEED_DONE=()
# resolve_needs I: 0 ready; 3 skip (why in $need_why); else failed (why in $need_why)
resolve_needs() {
    local n rc out
    need_why=
    for n in ${T_needs[$1]}; do
        if [ -n "${NEED_DONE[$n]:-}" ]; then
            rc=${NEED_DONE[$n]%%:*}
            [ "$rc" = 0 ] && continue
            need_why=${NEED_DONE[$n]#*:}; return "$rc"
        fi
        rc=0
        case $n in
            harness:*) out=$(make -s "$(vlh "${n#harness:}")" "$(isim "${n#harness:}")" 2>&1) || rc=$? ;;
            make:*)    out=$(make -s "${n#make:}" 2>&1) || rc=$? ;;
            bg:ALL)    local b; out=; for b in "${!BG_PID[@]}"; do bg_wait "$b"; done ;;
            bg:*)      out=$(bg_wait "${n#bg:}" 2>&1) || rc=$? ;;
            *)         declare -F "fx_$n" >/dev/null || suite_die "no fixture fx_$n (needed by '${T_name[$1]}')"
                       out=$("fx_$n" 2>&1) || rc=$? ;;
        esac
        [ "$rc" = 3 ] || [ "$rc" = 0 ] || rc=1
        NEED_DONE[$n]="$rc:$n: $(tail -n 20 <<<"$out")"
        echo "${NEED_DONE[$n]%%$'\n'*}" >> "$tmp/needs.done"
        [ "$rc" = 0 ] || { need_why=${NEED_DONE[$n]#*:}; return "$rc"; }
    done
    return 0
}
# mark_done NEED: a need met by a check (the build section's builds)
mark_done() { NEED_DONE[$1]="0:$1"; echo "0:$1" >> "$tmp/needs.done"; }

# start_check I: runs check I in the background ($job_pid, $job_out)
start_check() {
    local i=$1
    job_out=$tmp/out/$i.txt
    ( eval "${T_cmd[$i]}" ) > "$job_out" 2>&1 < /dev/null &
    job_pid=$!
    ( read -r -t "${T_limit[$i]}" <> "$tmp/wd.fifo"; echo "${T_limit[$i]}" > "$job_out.limit"; killtree "$job_pid" ) \
        > /dev/null 2>&1 &
    job_wd=$!
}
# finish_check I PID WD OUT T0: waits for it, judges and records it
finish_check() {
    local i=$1 pid=$2 wd=$3 out=$4 t0=$5 rc=0 st=PASS why="" secs
    wait "$pid" || rc=$?
    kill "$wd" 2>/dev/null; wait "$wd" 2>/dev/null
    secs=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
    if [ -f "$out.limit" ]; then
        st=FAIL; why="time limit $(cat "$out.limit") s reached: killed"
    else
        case ${T_kind[$i]} in
            check)  [ "$rc" = 0 ] || { st=FAIL; why="exit $rc"; } ;;
            expect) if [ "$rc" != "${T_rc[$i]}" ]; then st=FAIL; why="exit $rc, want ${T_rc[$i]}"
                    elif [ -n "${T_frag[$i]}" ] && ! grep -qF -- "${T_frag[$i]}" "$out"; then
                        st=FAIL; why="output lacks '${T_frag[$i]}'"; fi ;;
            multi)  local l
                    while IFS= read -r l; do
                        case $l in
                            "PASS "*) record PASS "$i" "${l#PASS }" 0 "" ;;
                            "FAIL "*) record FAIL "$i" "${l#FAIL }" 0 "$out" "reported by ${T_name[$i]}" ;;
                        esac
                    done < <(grep -a -E '^(PASS|FAIL) ' "$out")
                    [ "$rc" = 0 ] || { st=FAIL; why="exit $rc"; }
                    grep -qa '^FAIL ' "$out" && { st=FAIL; why="${why:+$why; }a result failed"; } ;;
        esac
    fi
    record "$st" "$i" "${T_name[$i]}" "$secs" "$out" "$why"
}
# record STATUS I NAME SECONDS OUTFILE [WHY]: one result line, printed
record() {
    local st=$1 i=$2 name=$3 secs=$4 out=$5 why=${6:-}
    last_st=$st
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$st" "${T_sec[$i]}" "$name" "$secs" "${T_cmd[$i]}" \
        "${T_where[$i]}" "$out" "$why" >> "$CT_RES"
    case $st in
        PASS) echo "PASS $name" ;;
        SKIP) echo "SKIP $name: $why" ;;
        FAIL) echo "FAIL $name${why:+ ($why)}"
              echo "  command: ${T_cmd[$i]}"
              echo "  defined: ${T_where[$i]}"
              echo "  rerun:   make test ONLY=${T_sec[$i]} K=$(sq "${T_name[$i]}")"
              [ -s "$out" ] && tail -n 30 "$out" | sed 's/^/  | /'
              n_fail=$((n_fail + 1))
              if [ -n "${X:-}" ] && [ "$X" != 0 ]; then stop_now=1; fi ;;
    esac
    if [ "$st" = PASS ] && [ "${T_kind[$i]}" != multi ] && [ -n "$out" ]; then rm -f "$out" "$out.limit"; fi
}

# run_one I: a check in the foreground (its needs first)
run_one() {
    local i=$1 rc=0
    resolve_needs "$i" || rc=$?
    if [ "$rc" = 3 ]; then record SKIP "$i" "${T_name[$i]}" 0 "" "$need_why"; return; fi
    if [ "$rc" != 0 ]; then
        printf '%s\n' "$need_why" > "$tmp/out/$i.txt"
        record FAIL "$i" "${T_name[$i]}" 0 "$tmp/out/$i.txt" "a need failed: ${need_why%%$'\n'*}"; return
    fi
    local t0=$EPOCHREALTIME
    start_check "$i"
    finish_check "$i" "$job_pid" "$job_wd" "$job_out" "$t0"
    provided "$i"
}
# provided I: a passing check that provides a need marks it met
provided() { [ "$last_st" = PASS ] && [ -n "${T_provides[$1]}" ] && mark_done "${T_provides[$1]}"; return 0; }

# run_par I...: checks two at a time, results in their order
run_par() {
    local i j live=() pids=() wds=() outs=() t0s=() order=() rc
    for i; do
        rc=0; resolve_needs "$i" || rc=$?
        if [ "$rc" = 3 ]; then record SKIP "$i" "${T_name[$i]}" 0 "" "$need_why"; continue; fi
        if [ "$rc" != 0 ]; then
            printf '%s\n' "$need_why" > "$tmp/out/$i.txt"
            record FAIL "$i" "${T_name[$i]}" 0 "$tmp/out/$i.txt" "a need failed: ${need_why%%$'\n'*}"; continue
        fi
        t0s[$i]=$EPOCHREALTIME
        start_check "$i"
        pids[$i]=$job_pid; wds[$i]=$job_wd; outs[$i]=$job_out; order+=("$i")
        live=(); for j in "${order[@]}"; do kill -0 "${pids[$j]}" 2>/dev/null && live+=("${pids[$j]}"); done
        [ ${#live[@]} -ge "${CT_PAR:-2}" ] && wait -n "${live[@]}" 2>/dev/null
    done
    for i in "${order[@]}"; do
        finish_check "$i" "${pids[$i]}" "${wds[$i]}" "${outs[$i]}" "${t0s[$i]}"; provided "$i"
    done
}

# run_section NAME: its selected checks in order, parallel groups two at a time
run_section() {
    local s=$1 i g grp=()
    for i in "${!T_sec[@]}"; do
        [ "${T_sec[$i]}" = "$s" ] && [ -n "${SEL[$i]:-}" ] || continue
        [ -n "${stop_now:-}" ] && return
        g=${T_par[$i]}
        if [ -n "$g" ]; then
            if [ ${#grp[@]} -gt 0 ] && [ "${T_par[${grp[0]}]}" != "$g" ]; then run_par "${grp[@]}"; grp=(); fi
            grp+=("$i"); continue
        fi
        [ ${#grp[@]} -gt 0 ] && { run_par "${grp[@]}"; grp=(); }
        run_one "$i"
    done
    [ ${#grp[@]} -gt 0 ] && run_par "${grp[@]}"
    return 0
}

# ------------------------------------------------------- background sections
# bg_start NAME: the section's checks in a child of this script, nice 10
declare -A BG_PID=()
bg_start() {
    local s=$1
    [ -n "${BG_PID[$s]:-}" ] && return
    echo "(section $s runs in the background; its results come at the end)"
    ( /usr/bin/time -f '%U %S' -o "$tmp/bg/$s.time" nice -n 10 env CT_SUITE_CHILD="$s" CT_SUITE_TMP="$tmp" \
          CT_RES="$tmp/bg/$s.res" "$SUITE_SELF" > "$tmp/bg/$s.out" 2>&1
      echo $? > "$tmp/bg/$s.rc"; echo "$SECONDS" > "$tmp/bg/$s.done" ) &
    BG_PID[$s]=$!
}
# bg_wait NAME: waits for a background section started by this run (0 when
# it is not running in this run)
bg_wait() {
    local s=$1
    if [ -n "${CT_SUITE_CHILD:-}" ]; then   # (a child: poll the file its parent's job writes)
        [ -d "$tmp/bg" ] || return 0
        grep -qx "$s" "$tmp/bg/started" 2>/dev/null || return 0
        while [ ! -s "$tmp/bg/$s.done" ]; do sleep 1; done; return 0
    fi
    [ -n "${BG_PID[$s]:-}" ] || return 0
    wait "${BG_PID[$s]}" 2>/dev/null
    return 0
}

# ---------------------------------------------------------------- accounting
# cpu_cs: CPU (user + system, centiseconds) of this shell and its reaped children
cpu_cs() { local f; f=($(cut -d' ' -f14-17 /proc/$$/stat)); echo $(( (f[0]+f[1]+f[2]+f[3]) * 100 / $(getconf CLK_TCK) )); }
# bg_cpu_cs NAME: a finished background section's CPU (centiseconds)
bg_cpu_cs() { awk '$1 ~ /^[0-9.]+$/ { c = ($1 + $2) * 100 } END { printf "%d\n", c }' "$tmp/bg/$1.time" 2>/dev/null; }

# ------------------------------------------------------------------ scratch
# The scratch folder: in memory (/dev/shm) where it has 4 GB free and runs
# programs, unless TMPDIR names one (the suite's thousands of small files
# cost system time on a disk); kept when a check failed.
make_scratch() {
    local shm=
    [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] &&
        [ "$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $4}')" -gt 4000000 ] 2>/dev/null && shm=/dev/shm
    # (no -p: $TMPDIR, else /tmp; never the working folder)
    if [ -n "$shm" ]; then tmp=$(mktemp -d -p "$shm" cachetwin-test.XXXXXX)
    else tmp=$(mktemp -d --tmpdir cachetwin-test.XXXXXX); fi
    if [ -n "$shm" ] && ! { printf '#!/bin/sh\n' > "$tmp/x" && chmod +x "$tmp/x" && "$tmp/x"; } 2>/dev/null; then
        rm -rf "$tmp"; tmp=$(mktemp -d cachetwin-test.XXXXXX --tmpdir)
    fi
}

# --------------------------------------------------------------------- main
suite_main() {
    local f i s k n_sel=0
    SUITE_SELF=${SUITE_SELF:-$0}
    if [ -n "${CT_SUITE_CHILD:-}" ]; then tmp=$CT_SUITE_TMP
    else
        make_scratch
        mkdir -p "$tmp/out" "$tmp/bg" && mkfifo "$tmp/wd.fifo" && : > "$tmp/needs.done"
        CT_RES=$tmp/results.tsv; : > "$CT_RES"
        git status --porcelain --untracked-files=all > "$tmp/status.start" 2>&1
    fi
    # the programs the suite runs make their scratch files in it too
    export TMPDIR=$tmp CT_RES
    n_fail=0; stop_now=
    # (CT_SUITE_FILES: only these section files are read; a run of one
    # section that needs no other, as make mutants' script kind runs it)
    for f in ${CT_SUITE_FILES:-tb/suite/[0-9]*.sh}; do _cur_file=$f; . "$f"; done
    # needs met earlier in this run (a child inherits its parent's)
    while IFS= read -r f; do NEED_DONE[${f#*:}]=$f; done < <(grep -a '^0:' "$tmp/needs.done" 2>/dev/null)
    if [ -n "${LF:-}" ] && [ "$LF" != 0 ]; then
        [ -s build/test/last-failed ] || { echo "LF=1: no failures recorded (build/test/last-failed)"; return 0; }
        while IFS= read -r f; do LF_SET["$f"]=1; done < build/test/last-failed
    fi
    if [ -n "${ONLY:-}" ]; then
        for s in ${ONLY//,/ }; do
            [[ " ${S_name[*]} " = *" $s "* ]] || { echo "test suite: ONLY: no section '$s' (sections: ${S_name[*]})"; return 2; }
        done
    fi
    declare -gA SEL=()
    for i in "${!T_sec[@]}"; do
        selected "$i" && { SEL[$i]=1; n_sel=$((n_sel + 1)); }
    done
    if [ -n "${LIST:-}" ] && [ "$LIST" != 0 ]; then
        for k in "${!S_name[@]}"; do
            s=${S_name[$k]}; local lines=""
            for i in "${!T_sec[@]}"; do
                [ "${T_sec[$i]}" = "$s" ] && [ -n "${SEL[$i]:-}" ] &&
                    lines+="  ${T_name[$i]}${T_mark[$i]:+   [${T_mark[$i]}]}"$'\n'
            done
            [ -n "$lines" ] || continue
            local how=""; [ "${S_bg[$k]}" = 1 ] && how=" (background, after ${S_after[$k]})"
            echo "$s$how  ($(grep -c . <<<"$lines") checks, ${S_file[$k]})"
            printf '%s' "$lines"
        done
        echo "$n_sel checks selected"
        rm -rf "$tmp"; return 0
    fi
    if [ -n "${CT_SUITE_CHILD:-}" ]; then
        run_section "$CT_SUITE_CHILD"
        [ "$n_fail" = 0 ]; return
    fi
    [ "$n_sel" -gt 0 ] || { echo "test suite: no check selected (ONLY='${ONLY:-}' K='${K:-}' TIER='${TIER:-}')"; rm -rf "$tmp"; return 2; }
    echo "test suite: $n_sel checks selected; scratch $tmp"
    declare -A has=()
    for i in "${!SEL[@]}"; do has[${T_sec[$i]}]=1; done
    local bgs=() sec_t=() sec_c=() sec_run=() t0 c0 c1 bgc_seen=0 bgc
    : > "$tmp/bg/started"
    start_bgs() { # AFTER: the background sections waiting for AFTER
        local j
        for j in "${!S_name[@]}"; do
            [ "${S_bg[$j]}" = 1 ] && [ "${S_after[$j]}" = "$1" ] && [ -n "${has[${S_name[$j]}]:-}" ] || continue
            echo "${S_name[$j]}" >> "$tmp/bg/started"; bgs+=("${S_name[$j]}"); bg_start "${S_name[$j]}"
        done
    }
    start_bgs start
    for k in "${!S_name[@]}"; do
        s=${S_name[$k]}
        if [ "${S_bg[$k]}" = 0 ] && [ -n "${has[$s]:-}" ] && [ -z "$stop_now" ]; then
            echo; echo "== $s   (${SECONDS} s into the suite)"
            t0=$SECONDS; c0=$(cpu_cs)
            run_section "$s"
            c1=$(cpu_cs); bgc=0
            for f in "${bgs[@]}"; do [ -s "$tmp/bg/$f.done" ] && bgc=$((bgc + $(bg_cpu_cs "$f"))); done
            sec_run+=("$s"); sec_t+=($((SECONDS - t0))); sec_c+=($((c1 - c0 - (bgc - bgc_seen))))
            bgc_seen=$bgc
        fi
        start_bgs "$s"
    done
    for s in "${bgs[@]}"; do
        bg_wait "$s"
        echo; echo "== $s   (background, done at $(cat "$tmp/bg/$s.done") s)"
        grep -a -v -E '^(test suite: [0-9]+ checks selected|\(section )' "$tmp/bg/$s.out"
        cat "$tmp/bg/$s.res" >> "$CT_RES" 2>/dev/null
        f=$(grep -c '^FAIL' "$tmp/bg/$s.res" 2>/dev/null); n_fail=$((n_fail + ${f:-0}))
        if [ "$(cat "$tmp/bg/$s.rc")" != 0 ] && [ "${f:-0}" = 0 ]; then
            printf 'FAIL\t%s\t%s\t0\t\t\t\t%s\n' "$s" "section $s ran to its end" "exit $(cat "$tmp/bg/$s.rc")" >> "$CT_RES"
            echo "FAIL section $s ran to its end (exit $(cat "$tmp/bg/$s.rc"))"; n_fail=$((n_fail + 1))
        fi
    done
    suite_summary "${#sec_run[@]}" "${sec_run[@]}" "${sec_t[@]}" "${sec_c[@]}" "${bgs[@]}"
}

# suite_summary N FG-NAMES... FG-WALLS... FG-CPUS... BG-NAMES...: the time
# table, the failures with their rerun lines, JUnit, the last failures
suite_summary() {
    local n=$1; shift
    local names=("${@:1:$n}") walls=("${@:$((n + 1)):$n}") cpus=("${@:$((2 * n + 1)):$n}") bgn=("${@:$((3 * n + 1))}")
    local i s st npass nfail nskip
    echo; echo "== where the time went (wall s, CPU s; a section's CPU excludes the background sections)"
    for i in "${!names[@]}"; do
        printf '  %-14s %5d s  CPU %7.1f s\n' "${names[$i]}" "${walls[$i]}" "$(awk -v c="${cpus[$i]}" 'BEGIN{print c/100}')"
    done
    for s in "${bgn[@]}"; do
        printf '  %-14s background, done at %4d s  CPU %7.1f s\n' "$s" "$(cat "$tmp/bg/$s.done")" \
            "$(awk -v c="$(bg_cpu_cs "$s")" 'BEGIN{print c/100}')"
    done
    printf '  %-14s %5d s  CPU %7.1f s\n' total "$SECONDS" "$(awk -v c="$(cpu_cs)" 'BEGIN{print c/100}')"
    npass=$(grep -c '^PASS' "$CT_RES"); nfail=$(grep -c '^FAIL' "$CT_RES"); nskip=$(grep -c '^SKIP' "$CT_RES")
    local state=${CT_SUITE_STATE:-build/test}   # (a mutant's run keeps its own)
    mkdir -p "$state"
    python3 tb/suite/junit.py "$CT_RES" "${JUNIT:-$state/junit.xml}" "$SECONDS" || echo "test suite: JUnit not written"
    if [ "$nfail" -gt 0 ]; then
        echo
        awk -F'\t' '$1 == "FAIL" { print "failed: " $2 ": " $3 ($8 != "" ? " (" $8 ")" : "") }' "$CT_RES"
        awk -F'\t' '$1 == "FAIL" { print $2 "\t" $3 }' "$CT_RES" | sort -u > "$state/last-failed"
        echo "rerun the failures: make test LF=1"
        echo "scratch kept (outputs, waveforms): $tmp"
    else
        # (a selection that passed leaves the record of failures of a wider run alone)
        [ -z "${ONLY:-}${K:-}${TIER:-}" ] || [ -n "${LF:-}" ] && : > "$state/last-failed"
        [ -n "${KEEP:-}" ] && [ "$KEEP" != 0 ] && echo "scratch kept: $tmp" || rm -rf "$tmp"
    fi
    echo "JUnit: ${JUNIT:-$state/junit.xml}"
    echo "suite time: ${SECONDS} s"
    echo "$npass passed, $nfail failed${nskip:+, $nskip skipped}"
    [ "$nfail" = 0 ]
}

# once NAME CMD...: runs CMD the first time a check asks for NAME in this run
# and gives every later caller the same output and exit code (checks that
# judge one run of a tool from several sides)
once() {
    local n=$1 d=$tmp/once; shift
    mkdir -p "$d"
    (
        flock 9
        if [ ! -f "$d/$n.rc" ]; then
            local rc=0; "$@" > "$d/$n.out" 2>&1 || rc=$?; echo "$rc" > "$d/$n.rc"
        fi
    ) 9> "$d/$n.lock"
    cat "$d/$n.out"; return "$(cat "$d/$n.rc")"
}
