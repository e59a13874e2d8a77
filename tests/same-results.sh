#!/bin/sh
# One run path: the same program gives byte-identical results (standard
# output and exit status) through lds-calc reading it (on standard input,
# so that its source is <stdin> in all three), through `lds-calc -i` fed
# it on standard input, and through the REPL at a terminal (tmux; its
# prompts go to standard error), for every format and every gate option.
. "$srcdir/tests/lib.sh"
tmp=${TMPDIR:-/tmp}/lds-same.$$
mkdir -p "$tmp/state"
sock="$tmp/tmux.sock"
T() { tmux -S "$sock" "$@"; }
cleanup() { command -v tmux >/dev/null 2>&1 && T kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

programs='arch sm80; array f32 t[32][32]; read t[lane][0]; read t[0][lane]
read f32[lane * 2]; expect ways == 2; read f32[lane * 4] for k in 0..4
arch gfx942; ds_read_b128 @ lane * 16; write f16[lane * 3] if lane < 40'
formats="text json csv markdown svg"
gates="none --fail-on-conflict --max-ways=2 -q"
# Where runs start slowly (slow_start), each format is run with one gate,
# the gate turning with the format and the program, so that every format
# and every gate still meet every path (the plain build runs every pair).
sample=0
slow_start && sample=1

# the REPL at a terminal: start it with stdout to a file, type, quit
repl_run() {   # OUT STATUS-FILE PROGRAM OPTIONS...
    out=$1; stfile=$2; prog=$3; shift 3
    T kill-session -t s 2>/dev/null
    rm -f "$stfile"
    T new-session -d -s s -x 200 -y 50 "env NO_COLOR=1 XDG_STATE_HOME='$tmp/state' $LDS_VALGRIND '$LDS_CALC' -i $* > '$out'; echo \$? > '$stfile'"
    i=0; while [ $i -lt 100 ] && ! T capture-pane -p -t s 2>/dev/null | grep -qF 'lds>'; do sleep 0.1; i=$((i + 1)); done
    T send-keys -t s -l -- "$prog"
    T send-keys -t s Enter
    T send-keys -t s -l ":quit"
    T send-keys -t s Enter
    i=0; while [ $i -lt 100 ] && [ ! -s "$stfile" ]; do sleep 0.1; i=$((i + 1)); done
}

have_tmux=0
command -v tmux >/dev/null 2>&1 && have_tmux=1
n=0
printf '%s\n' "$programs" | while IFS= read -r prog; do
    n=$((n + 1))
    fno=0
    for f in $formats; do
        fno=$((fno + 1)); gno=0
        for g in $gates; do
            gno=$((gno + 1))
            [ $sample = 0 ] || [ $(((fno + n) % 4)) -eq $((gno - 1)) ] || continue
            opts="--format=$f"
            [ "$g" = none ] || opts="$opts $g"
            [ "$f" = svg ] && opts="$opts --output=$tmp/svg-$n"
            printf '%s\n' "$prog" | lds $opts >"$tmp/a.out" 2>/dev/null; echo $? >"$tmp/a.st"
            printf '%s\n' "$prog" | lds -i $opts >"$tmp/b.out" 2>/dev/null; echo $? >"$tmp/b.st"
            what="program $n, $opts"
            if cmp -s "$tmp/a.out" "$tmp/b.out" && cmp -s "$tmp/a.st" "$tmp/b.st"; then
                ok "$what: lds-calc -i on stdin"
            else
                not_ok "$what: lds-calc -i on stdin (status $(cat "$tmp/a.st") vs $(cat "$tmp/b.st"))"
                diff "$tmp/a.out" "$tmp/b.out" | head -5 | sed 's/^/# /'
            fi
            [ $have_tmux = 1 ] || continue
            repl_run "$tmp/c.out" "$tmp/c.st" "$prog" $opts
            if cmp -s "$tmp/a.out" "$tmp/c.out" && cmp -s "$tmp/a.st" "$tmp/c.st"; then
                ok "$what: the REPL at a terminal"
            else
                not_ok "$what: the REPL at a terminal (status $(cat "$tmp/a.st") vs $(cat "$tmp/c.st" 2>/dev/null))"
                diff "$tmp/a.out" "$tmp/c.out" | head -5 | sed 's/^/# /'
            fi
        done
    done
    echo "# $n" >"$tmp/count"
done >"$tmp/tap"
cat "$tmp/tap"
fails=$(grep -c '^not ok' "$tmp/tap")
echo "1..$(grep -c '^\(not \)\?ok' "$tmp/tap")"
[ "$fails" -eq 0 ]
