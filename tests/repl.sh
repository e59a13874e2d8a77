#!/bin/sh
# The REPL, driven through a terminal (tmux) as a person would, asserting
# on what the screen shows.  History and completion are checked when the
# build has line editing (lds-calc --version says which).
. "$srcdir/tests/lib.sh"
if ! command -v tmux >/dev/null 2>&1; then
    echo "1..0 # SKIP tmux not found"
    exit 0
fi
tmp=${TMPDIR:-/tmp}/lds-repl.$$
mkdir -p "$tmp/state"
sock="$tmp/tmux.sock"
editing=$("$LDS_CALC" --version | sed -n 's/^line editing: //p')
T() { tmux -S "$sock" "$@"; }
cleanup() { T kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
screen() { T capture-pane -p -J -t r -S -200; }
tap_dump=screen   # a failed check shows the screen
# poll: run a test (the words after TENTHS) every tenth of a second until
# it holds, for at most TENTHS tenths
poll() {
    limit=$1; shift
    # valgrind runs the REPL tens of times slower, more on a loaded
    # machine: a wait that passes returns at once, so only a failure
    # waits the longer limit
    [ -z "$LDS_VALGRIND" ] || limit=$((limit * 5))
    i=0
    while [ $i -lt "$limit" ]; do
        "$@" && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
shows() { screen | grep -qF -- "$1"; }
# (capture-pane -J keeps trailing spaces: the prompt line is "lds> ")
at_prompt() { [ "$(screen | sed 's/[[:space:]]*$//; /^$/d' | tail -n 1)" = "lds>" ]; }
shows_lines() { [ "$(screen | grep -cxF -- "$1")" -ge "$2" ]; }
# wait until the screen shows TEXT (fixed string), up to 10 s (or the
# tenths of a second given)
wait_for() { poll "${2:-100}" shows "$1"; }
# wait until the last line on the screen is an empty prompt: the REPL is
# reading a new entry
wait_prompt() { poll 100 at_prompt; }
# wait until the screen has N lines that are exactly TEXT
wait_lines() { poll 100 shows_lines "$1" "$2"; }
type_line() { T send-keys -t r -l -- "$1"; T send-keys -t r Enter; }
# A session that lives as long as the test: tmux ends its server when the
# last session goes, and a new-session sent while the server is going
# fails ("server exited unexpectedly") - one start in ten on a loaded
# machine, which then failed every check after it.
T new-session -d -s keeper "sleep 3600"
start() {   # start the REPL with extra environment
    T kill-session -t r 2>/dev/null
    if ! T new-session -d -s r -x 200 -y 50 "env NO_COLOR=1 XDG_STATE_HOME='$tmp/state' $* $LDS_VALGRIND '$LDS_CALC'; echo REPL-EXITED \$?; sleep 30"; then
        echo "# tmux could not start the REPL's session" >&2
        return 1
    fi
    wait_for "lds> "
}

check "banner names the version and profile" start
check "banner text" wait_for "profile generic (32 banks, wave32)"

type_line "array f32 tile[32][32]"
type_line "read tile[lane][0]"
check "unpadded column read is 32-way" wait_for "2: read tile[lane][0]: 32-way, cycles 32, ideal 1, excess 31"
type_line "array f32 tile[32][33]"
type_line "read tile[lane][0]"
check "padded column read is conflict-free" wait_for "4: read tile[lane][0]: 1-way (conflict-free)"
type_line "read tile[lane][33]"
check "an error shows its caret, its input's line and no program name" wait_for "5:17: error: index 33 is out of range for dimension 2 of 'tile' (0..32) (lane 0)"
type_line "print 6 * 7"
check "the session carries on after an error" wait_for "42"
type_line "for k in 0..2 {"
check "an open block asks for more" wait_for "...> "
type_line "read tile[k][lane]"
type_line "}"
check "a block spanning lines runs, numbered by the line it is on" wait_for "8: read tile[k][lane]: 1-way (conflict-free), cycles 2"
# Ctrl-C in the middle of multi-line input abandons it, not the session
type_line "for k in 0..2 {"
T send-keys -t r -l "read f32[k"
T send-keys -t r C-c
# (a key typed in the same instant as a Ctrl-C may fall either side of
# it: the next line waits for the fresh prompt, as a person would)
wait_prompt
type_line "print 100 + 23"
check "Ctrl-C drops the unfinished input" wait_for "123"
# Ctrl-C during a long statement stops it, back to the prompt at once
# (a statement within --max-ops: one past it stops by itself at once)
type_line "read f32[gcd(lane * k * k, 997)] for k in 0..1000000"
sleep 1.5
check "a long statement shows its progress" wait_for "instructions" 30
T send-keys -t r C-c
if [ -z "$LDS_VALGRIND" ]; then
    check "Ctrl-C stops a long statement within a second" wait_for "error: interrupted" 10
else
    check "Ctrl-C stops a long statement" wait_for "error: interrupted"
fi
type_line "print 6 * 8"
check "the session carries on after Ctrl-C" wait_for "48"
type_line ":vars"
check ":vars lists the arrays" wait_for "array f32 tile[32][33] at 4096"
type_line ":save $tmp/session.lds"
check ":save writes the session" wait_for "saved"
if [ "$editing" != none ]; then
    wait_prompt
    type_line "print 111"
    wait_prompt
    type_line "print 222"
    wait_prompt
    T send-keys -t r Up Up
    T send-keys -t r Enter
    check "history recalls an earlier line ($editing)" wait_lines 111 2
    # Each completion is typed at an idle prompt (typed-ahead keys reach
    # the terminal before the line editor has it, which under valgrind on
    # a slow machine lost a Tab), and the completed text is awaited on the
    # screen rather than slept for.
    wait_prompt
    T send-keys -t r -l "print til"
    T send-keys -t r Tab
    wait_for "lds> print tile" >/dev/null
    T send-keys -t r -l ".x"
    T send-keys -t r Enter
    check "Tab completes a session name ($editing)" wait_for "print tile.x"
    # completion by context: a statement word at the start, a show level
    # after show, a profile after arch
    wait_prompt
    T send-keys -t r -l "gro"
    T send-keys -t r Tab
    check "Tab completes a statement at the start ($editing)" wait_for "lds> groups"
    T send-keys -t r -l " 2"
    T send-keys -t r Enter
    wait_prompt
    T send-keys -t r -l "show gr"
    T send-keys -t r Tab
    check "Tab completes a show level after show ($editing)" wait_for "lds> show grid"
    T send-keys -t r Enter
    wait_prompt
    T send-keys -t r -l "arch xe2-h"
    T send-keys -t r Tab
    check "Tab completes a profile after arch ($editing)" wait_for "lds> arch xe2-hpg"
    T send-keys -t r Enter
    wait_prompt
    type_line "arch generic"
fi
if [ "$editing" != none ]; then
    # history is appended entry by entry: there before the REPL ends
    check "history is appended as each entry is made" grep -qx 'print 222' "$tmp/state/lds-calc/history"
fi
# a very long line
long=$(awk 'BEGIN { printf "print 0"; for (i = 0; i < 2000; i++) printf "+1"; print "" }')
type_line "$long"
check "a long line is refused with a message" wait_for "levels deep"
type_line ":quit"
check ":quit leaves with status 0" wait_for "REPL-EXITED 0"

# :save then :load reproduces the same reports
check "the REPL starts again for :load" start
type_line ":load $tmp/session.lds"
check ":load replays the saved session" wait_for "read tile[k][lane]: 1-way (conflict-free), cycles 2"
check ":load reports the 32-way read too" wait_for "32-way, cycles 32"
T send-keys -t r C-d
check "Ctrl-D leaves" wait_for "REPL-EXITED 0"

# a :load whose tenth line is wrong: the first nine take effect
{ for i in 1 2 3 4 5 6 7 8; do echo "let v$i = $i"; done; echo "let nine = 9"; echo "print nosuch"; echo "let eleven = 11"; } > "$tmp/bad.lds"
check "the REPL starts again for a bad :load" start
type_line ":load $tmp/bad.lds"
check ":load names the failing line" wait_for "10:7: error: unknown name 'nosuch'"
type_line "print nine * v8"
check "lines before the error took effect" wait_for "72"
type_line "print eleven"
check "lines after the error did not" wait_for "unknown name 'eleven'"
type_line ":quit"
wait_for "REPL-EXITED" >/dev/null

if [ "$editing" != none ]; then
    # a killed REPL keeps what was typed; a long history is trimmed to the
    # newest 1000 entries (a new file renamed over the old)
    rm -rf "$tmp/state/lds-calc"
    mkdir -p "$tmp/state/lds-calc"
    i=0; while [ $i -lt 2500 ]; do echo "print $i"; i=$((i + 1)); done >"$tmp/state/lds-calc/history"
    check "the REPL starts again with a long history" start
    type_line "print 4242"
    # the answer on a line of its own and a new prompt: the entry is in the
    # history (the typed line alone shows 4242 before the REPL has read it)
    wait_lines "4242" 1 && wait_prompt
    T send-keys -t r Up Up
    T send-keys -t r Enter
    check "the newest old entry comes back first" wait_for "2499"
    T kill-session -t r
    check "a kill keeps the last entry" grep -qx 'print 4242' "$tmp/state/lds-calc/history"
    check "the history holds at most 1000 + new entries" test "$(wc -l < "$tmp/state/lds-calc/history")" -le 1003
    check "the oldest entries went" sh -c "! grep -qx 'print 0' '$tmp/state/lds-calc/history'"
fi
# an unreadable history file does not stop the REPL
mkdir -p "$tmp/state/lds-calc"
rm -f "$tmp/state/lds-calc/history"
mkdir "$tmp/state/lds-calc/history"   # a directory: cannot be read or written
check "the REPL starts with an unreadable history" start
type_line "print 5 * 5"
check "unreadable history: the REPL still works" wait_for "25"
type_line ":quit"
check "unreadable history: clean exit" wait_for "REPL-EXITED 0"

# the REPL as a calculator: bare expressions, help/quit without a colon,
# continuation that stops when a line cannot continue the input, and
# Ctrl-D at the continuation prompt
check "the REPL starts again as a calculator" start
type_line "6 * 7 + 1"
check "a bare expression prints its value" wait_for "43"
type_line "help"
check "help without a colon" wait_for "Commands (help, quit and exit work without the colon)"
type_line "array f32 T[32][32]"
type_line "read T[lane][0"
check "an open bracket asks for more" wait_for "...> "
type_line "array f32 P[32][33]"
check "a line that cannot continue it is reported at once" wait_for "error: expected ']' after an index, found 'array'"
type_line "read T[lane][0"
wait_for "...> " >/dev/null
T send-keys -t r C-d
check "Ctrl-D at the continuation prompt says what it dropped" wait_for "discarded 1 unfinished line from line"
type_line "__shared__ float S[32][33]; x = S[lane][0];"
check "a kernel line runs after it" wait_for "x = S[lane][0]: 1-way (conflict-free)"
type_line "quit"
check "quit without a colon leaves" wait_for "REPL-EXITED 0"
tap_end
