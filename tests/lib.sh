# tests/lib.sh - TAP helpers for the script tests (sourced).
: "${LDS_CALC:?LDS_CALC must name the lds-calc binary}"
: "${srcdir:=.}"
tap_n=0
tap_failed=0
ok() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $*"; }
# (a test may set tap_dump to a command whose output, as TAP comments,
# shows what a failed check saw)
not_ok() {
    tap_n=$((tap_n + 1)); tap_failed=$((tap_failed + 1)); echo "not ok $tap_n - $*"
    [ -z "${tap_dump:-}" ] || $tap_dump 2>&1 | sed 's/^/# /'
}
# check DESCRIPTION COMMAND...: ok if the command succeeds
check() { d=$1; shift; if "$@"; then ok "$d"; else not_ok "$d"; fi; }
# run lds-calc; under make check-valgrind one run in LDS_VALGRIND_EVERY
# (default 4) of the script runs under $LDS_VALGRIND, the others as they
# are, so that every check is still made while valgrind's start-up is paid
# a quarter as often (tests/vgsample.py does the same for the Python
# tests).  The runs are counted in a file, so that those in subshells
# count too ($$ is the script's there).  LDS_VALGRIND_EVERY=1: all.
lds_runs_file=${TMPDIR:-/tmp}/lds-runs.$$
lds() {
    if [ -n "$LDS_VALGRIND" ]; then
        lds_k=$(cat "$lds_runs_file" 2>/dev/null || echo 0)
        echo $((lds_k + 1)) >"$lds_runs_file"
        if [ $((lds_k % ${LDS_VALGRIND_EVERY:-4})) -eq 0 ]; then
            $LDS_VALGRIND "$LDS_CALC" "$@"
            return
        fi
    fi
    "$LDS_CALC" "$@"
}
tap_end() { rm -f "$lds_runs_file"; echo "1..$tap_n"; [ "$tap_failed" -eq 0 ]; }
# slow_start: true where every lds-calc run starts slowly (under valgrind,
# about 0.7 s; a sanitizer build, 0.15 s): tests that repeat one path
# many times run a sample of their cases there (HACKING.md lists them)
slow_start() { [ -n "$LDS_VALGRIND" ] || [ "${LDS_SANITIZED:-0}" != 0 ]; }
# cpu_cap SECONDS: a CPU-time cap for one lds-calc run, scaled for the
# build: a cap says "this never hangs", and valgrind runs the same work
# 10 to 50 times slower (a run near 2 s takes 16.6 s there on some
# machines), a sanitizer build 2 to 4 times; a cap that holds on one host
# and not another would make a flaky landing gate.  Bound work with
# steps or memory where it must be tight; this is only for hangs.
cpu_cap() {
    if [ -n "$LDS_VALGRIND" ]; then echo $(($1 * 30))
    elif [ "${LDS_SANITIZED:-0}" != 0 ]; then echo $(($1 * 5))
    else echo "$1"; fi
}
# after_cpu PID SECONDS: wait until process PID has run SECONDS of CPU
# time (user and system, from /proc), has ended, or 120 s have passed, so
# that a signal sent next finds it past its start however loaded the
# machine (under valgrind, start-up alone can take seconds).  Without
# /proc, sleep SECONDS.
after_cpu() {
    [ -r "/proc/$1/stat" ] || { sleep "$2"; return; }
    ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)
    waited=0
    while [ $waited -lt 1200 ] && [ -r "/proc/$1/stat" ]; do
        # utime and stime: fields 14 and 15, the 12th and 13th after the
        # command name's ")" (a name may hold spaces)
        sed 's/.*) //' "/proc/$1/stat" 2>/dev/null \
            | awk -v t="$ticks" -v s="$2" '{ exit !(($12 + $13) / t >= s) }' && return
        sleep 0.1
        waited=$((waited + 1))
    done
}
