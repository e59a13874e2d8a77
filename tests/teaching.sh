#!/bin/sh
# Teaching output: SVG pictures are well-formed XML and render (in a
# headless browser when there is one) to a PNG that is not blank; the
# Markdown report renders with a standard Markdown tool.
. "$srcdir/tests/lib.sh"
tmp=${TMPDIR:-/tmp}/lds-teach.$$
mkdir -p "$tmp"; trap 'rm -rf "$tmp"' EXIT
if [ -z "$PYTHON3" ]; then echo "1..0 # SKIP python3 not found"; exit 0; fi
xml_ok() { "$PYTHON3" -c 'import sys, xml.dom.minidom as m
d = m.parse(sys.argv[1]); r = d.documentElement
sys.exit(0 if r.tagName == "svg" and r.getAttribute("xmlns") == "http://www.w3.org/2000/svg" and r.getElementsByTagName("rect") else 1)' "$1"; }

# every example's pictures parse as SVG
for f in "$srcdir"/examples/*.lds; do
    name=$(basename "$f" .lds)
    lds --format svg --output "$tmp/$name" -f "$f" >/dev/null 2>&1
    n=0; bad=0
    for s in "$tmp/$name"/*.svg; do
        [ -f "$s" ] || continue
        n=$((n + 1)); xml_ok "$s" || bad=$((bad + 1))
    done
    if [ $n -gt 0 ] && [ $bad -eq 0 ]; then ok "$name: $n SVG pictures parse"; else not_ok "$name: $n pictures, $bad bad"; fi
done
# wave64 on 64 banks stays a picture; stable file names
lds --format svg --output "$tmp/w64" 'arch gfx950; read f32[lane * 3]; show phases; read b128 @ lane * 16' >/dev/null
check "stable names: one per access, one per instruction with show" \
    test "$(cd "$tmp/w64" && ls | tr '\n' ' ')" = "access1.svg access2-1.svg "
check "a lone picture goes to stdout" sh -c "'$LDS_CALC' --format svg 'f32[lane*4]' > '$tmp/one.svg' && test -s '$tmp/one.svg'"
check "several pictures need --output" sh -c "! '$LDS_CALC' --format svg 'f32[lane]; f32[lane*2]' >/dev/null 2>&1"
# a conflict's words told apart on the picture: lane 4k reads word 32k of
# bank 0 (read f32[lane * 8]: 8 words a bank), digits 0..7 in its cells
lds --format svg 'read f32[lane * 8]' > "$tmp/digits.svg"
check "conflict cells carry the index of their word on the bank" \
    test "$(grep -o 'text-anchor="middle">[0-9]*<' "$tmp/digits.svg" | sort -u | wc -l)" -eq 8
check "a bank's digits follow its words (lane 4 is word 32: 1)" \
    sh -c "grep -A1 'lane 4, word 32, bank 0' '$tmp/digits.svg' | grep -q '>1</text>'"
lds --format svg "read f32[lane + $(printf '0 + %.0s' $(seq 1 120))0]" > "$tmp/long.svg"
check "a long source is cut in the heading, whole in the title" \
    sh -c "grep -q '\\.\\.\\.</text>' '$tmp/long.svg' && grep -q '<title>read f32\\[lane + 0' '$tmp/long.svg'"

# render one picture to PNG and check that it is not blank
svg="$tmp/w64/access1.svg"
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -n "$browser" ]; then
    timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$tmp/chrome" --window-size=900,900 --screenshot="$tmp/shot.png" "file://$svg" >/dev/null 2>&1
    check "renders in a headless browser, not blank" "$PYTHON3" "$srcdir/tests/pngcheck.py" "$tmp/shot.png"
elif command -v rsvg-convert >/dev/null 2>&1; then
    rsvg-convert "$svg" -o "$tmp/shot.png"
    check "renders with rsvg-convert (no browser here), not blank" "$PYTHON3" "$srcdir/tests/pngcheck.py" "$tmp/shot.png"
else
    echo "# no browser or SVG renderer: render check skipped"
fi

# Markdown: renders with a standard tool
lds --format markdown --output "$tmp/md" -f "$srcdir/examples/transpose-32x32.lds" > "$tmp/report.md"
check "markdown has a results table" grep -q '^| line | access | ways' "$tmp/report.md"
check "markdown links the pictures" grep -q "](.*md/access2.svg)" "$tmp/report.md"
check "markdown explains" grep -q '^- R1: phase 0 (lanes 0-31) costs 32 cycles' "$tmp/report.md"
lds --format markdown 'f32[lane*4]' > "$tmp/grid.md"
check "without --output the pictures are ASCII grids" grep -q '    lane   0 #' "$tmp/grid.md"
# gallery titles (make examples-doc): each example's first comment
# paragraph, a whole sentence
bad=0
for f in "$srcdir"/examples/*.lds; do
    t=$(sh "$srcdir/doc/example-title.sh" "$f")
    case "$t" in *.) ;; *) bad=$((bad + 1)); echo "# $f: title '$t'" ;; esac
done
check "every example's title is a whole sentence" test "$bad" -eq 0
# GitHub-flavoured Markdown (tables) is what the report is written for:
# cmark-gfm with its table extension, which the README's test command installs
if command -v cmark-gfm >/dev/null 2>&1; then
    cmark-gfm -e table "$tmp/report.md" > "$tmp/report.html"
    check "renders with cmark-gfm: headings" grep -q '<h2>Results</h2>' "$tmp/report.html"
    check "renders with cmark-gfm: the results are a table" grep -q '<th align="right">ways</th>' "$tmp/report.html"
    check "renders with cmark-gfm: a row per access" test "$(grep -c '<td align="right">' "$tmp/report.html")" -ge 6
    check "renders with cmark-gfm: program block" grep -q '<pre><code>' "$tmp/report.html"
    check "renders with cmark-gfm: images" grep -q '<img src=' "$tmp/report.html"
else
    echo "# no cmark-gfm: render check skipped"
fi
tap_end
