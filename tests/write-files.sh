#!/bin/sh
# The files lds-calc writes into a directory (--output's SVG and
# Markdown pictures, show layout's, --emit's probe): each is written
# beside its name and renamed into place (src/outfile.h).  Whatever is
# planted at a name - a hard link to another file, a symbolic link, a
# FIFO, a directory - is never written through, never chmod-ed, never
# opened; a link or a FIFO is refused with a message and exit 2, a hard
# link's file keeps its content and mode while the name gets a file of
# its own; nothing is left beside the names.
. "$srcdir/tests/lib.sh"

tmp=${TMPDIR:-/tmp}/lds-write.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# run ARGS...: lds-calc, at most 30 s of wall time (a FIFO opened for
# writing would block it for ever: timeout ends it, status 124)
run() {
    timeout 30 $LDS_VALGRIND "$LDS_CALC" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    echo $? >"$tmp/status"
}
status_is() { [ "$(cat "$tmp/status")" = "$1" ]; }
err_has() { grep -qF -- "$1" "$tmp/err"; }
result() { if [ "$3" -eq 0 ]; then ok "$1 $2"; else not_ok "$1 $2"; sed 's/^/# /' "$tmp/err" | head -5; fi; }
# victim: a file outside the directory, its content and mode checked after
victim() { rm -f "$tmp/victim"; echo secret >"$tmp/victim"; chmod 600 "$tmp/victim"; }
victim_intact() { [ "$(cat "$tmp/victim")" = secret ] && [ "$(stat -c %a "$tmp/victim")" = 600 ]; }
inode() { stat -c %i "$1"; }
# nothing but the names lds-calc writes: no temporary left in dir
clean() { [ -z "$(ls -A "$1" | grep '^\.')" ]; }
fresh() { rm -rf "$tmp/d"; mkdir -p "$tmp/d"; }

svg='read f32[lane * 2]'
layout='array f32 A[32][32]
read A[lane][0]
show layout A'
probe='arch sm90
read f32[lane]'

# ---- a hard link planted at each kind of name: the linked file untouched
for case in "svg|L1-access.svg|--format svg --output D|$svg" \
            "markdown|L1-access.svg|--format markdown --output D|$svg" \
            "layout|layout-A.svg|--format markdown --output D|$layout" \
            "emit run.sh|run.sh|--emit cuda --output D|$probe" \
            "emit probe.cu|probe.cu|--emit cuda --output D|$probe"; do
    what=${case%%|*}; rest=${case#*|}; name=${rest%%|*}; rest=${rest#*|}; opts=${rest%%|*}; prog=${rest#*|}
    fresh; victim
    ln "$tmp/victim" "$tmp/d/$name"
    # shellcheck disable=SC2086
    run $(echo "$opts" | sed "s|D|$tmp/d|") "$prog"
    status_is 0 && victim_intact && [ "$(inode "$tmp/d/$name")" != "$(inode "$tmp/victim")" ] \
        && [ "$(cat "$tmp/d/$name")" != secret ] && clean "$tmp/d"
    result "$what:" "a hard link at $name: the linked file keeps its content and mode, the name gets its own" $?
done
fresh; victim
ln "$tmp/victim" "$tmp/d/run.sh"
run --emit cuda --output "$tmp/d" "$probe"
[ "$(stat -c %a "$tmp/d/run.sh")" = 755 ] && victim_intact
result "emit:" "run.sh is 0755, its planted hard link's file still 0600" $?

# ---- a FIFO: refused at once, never opened (which would block)
for case in "svg|L1-access.svg|--format svg --output D|$svg" \
            "layout|layout-A.svg|--format markdown --output D|$layout" \
            "emit|Makefile|--emit cuda --output D|$probe"; do
    what=${case%%|*}; rest=${case#*|}; name=${rest%%|*}; rest=${rest#*|}; opts=${rest%%|*}; prog=${rest#*|}
    fresh
    mkfifo "$tmp/d/$name"
    # shellcheck disable=SC2086
    run $(echo "$opts" | sed "s|D|$tmp/d|") "$prog"
    status_is 2 && err_has "$name: a FIFO, not a regular file: not written" && [ -p "$tmp/d/$name" ] && clean "$tmp/d"
    result "$what:" "a FIFO at $name: refused with exit 2 (no hang), left as it is" $?
done

# ---- a symbolic link, dangling or not, and a directory: refused
fresh; victim
ln -s "$tmp/victim" "$tmp/d/L1-access.svg"
run --format svg --output "$tmp/d" "$svg"
status_is 2 && err_has "L1-access.svg: a symbolic link, not a regular file" && victim_intact && [ -L "$tmp/d/L1-access.svg" ]
result "svg:" "a symbolic link at L1-access.svg: refused, its target untouched" $?
fresh
ln -s "$tmp/nowhere" "$tmp/d/expected.csv"
run --emit cuda --output "$tmp/d" "$probe"
status_is 2 && err_has "expected.csv: a symbolic link" && [ ! -e "$tmp/nowhere" ] && clean "$tmp/d"
result "emit:" "a dangling symbolic link: refused, its target not created" $?
fresh
mkdir "$tmp/d/L1-access.svg"
run --format svg --output "$tmp/d" "$svg"
status_is 2 && err_has "L1-access.svg: a directory, not a regular file" && [ -d "$tmp/d/L1-access.svg" ]
result "svg:" "a directory at L1-access.svg: refused" $?

# ---- a regular file: replaced (a second run writes the same bytes)
fresh
run --format svg --output "$tmp/d" "$svg"
cp "$tmp/d/L1-access.svg" "$tmp/first.svg"
echo stale >"$tmp/d/L1-access.svg"
run --format svg --output "$tmp/d" "$svg"
status_is 0 && cmp -s "$tmp/first.svg" "$tmp/d/L1-access.svg" && clean "$tmp/d"
result "svg:" "a regular file at the name is replaced by the new picture" $?
tap_end
