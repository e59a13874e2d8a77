#!/bin/sh
# Teaching output: SVG pictures are well-formed XML and render (in a
# headless browser when there is one) to a PNG that is not blank; the
# Markdown report renders with a standard Markdown tool.
. "$srcdir/tests/lib.sh"
tmp=${TMPDIR:-/tmp}/lds-teach.$$
mkdir -p "$tmp"; trap 'rm -rf "$tmp"' EXIT
if [ -z "$PYTHON3" ]; then echo "1..0 # SKIP python3 not found"; exit 0; fi
# xml_ok FILE...: every file is an SVG document with at least one rect;
# prints the ones that are not.  One Python for all of an example's
# pictures: a Python start-up per picture was most of this test's time.
xml_ok() { "$PYTHON3" -c 'import sys, xml.dom.minidom as m
def good(f):
    try:
        r = m.parse(f).documentElement
    except Exception:
        return False
    return r.tagName == "svg" and r.getAttribute("xmlns") == "http://www.w3.org/2000/svg" and bool(r.getElementsByTagName("rect"))
bad = [f for f in sys.argv[1:] if not good(f)]
for f in bad:
    print(f)
sys.exit(1 if bad else 0)' "$@"; }

# every example's pictures parse as SVG
for f in "$srcdir"/examples/*.lds; do
    name=$(basename "$f" .lds)
    lds --format svg --output "$tmp/$name" -f "$f" >/dev/null 2>&1
    n=0
    for s in "$tmp/$name"/*.svg; do
        [ -f "$s" ] && n=$((n + 1))
    done
    # its status, not its output, decides: a Python that fails prints no name
    if [ $n -gt 0 ] && bad=$(xml_ok "$tmp/$name"/*.svg 2>&1); then
        ok "$name: $n SVG pictures parse"
    else
        not_ok "$name: $n pictures; not SVG: $(echo $bad | cut -c1-300)"
    fi
done
# wave64 on 64 banks stays a picture; stable file names
lds --format svg --output "$tmp/w64" 'arch gfx950; read f32[lane * 3]; show phases; read b128 @ lane * 16' >/dev/null
check "stable names: one per access, one per instruction with show" \
    test "$(cd "$tmp/w64" && ls | tr '\n' ' ')" = "L1-access-read-c14.svg L1-access-read-c47-1.svg "
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

# show layout as SVG (Triton's swizzled example 1, 4 x 4 f32: element
# (r, c) on bank 4r + (c ^ r), so row 1 is banks 5 4 7 6; the read gives
# lane l element (l % 4, l / 4): element (0, 1) is lane 4)
tri='layout S = SwizzledSharedLayout(vec=1, per_phase=1, max_phase=4, order=[1,0], shape=[4,4]); array f32 t[4][4] layout S; read t[lane % 4][lane / 4] if lane < 16; show layout t'
lds --format svg --output "$tmp/lay" "$tri" >/dev/null
lay="$tmp/lay/layout-t.svg"
check "show layout: a file beside the access's, named for the array" \
    test "$(cd "$tmp/lay" && ls | tr '\n' ' ')" = "L1-t.svg layout-t.svg "
check "show layout SVG parses" xml_ok "$lay"
check "show layout SVG: one square per element in each grid" test "$(grep -c '<rect [^>]*><title>\[' "$lay")" -eq 32
check "show layout SVG: each square's bank (row 1: 5 4 7 6)" \
    sh -c "grep -c -e '\[1,0\] bank 5<' -e '\[1,1\] bank 4<' -e '\[1,2\] bank 7<' -e '\[1,3\] bank 6<' '$lay' | grep -qx 4"
check "show layout SVG: each square's lane ((0,1): lane 4; (3,3): lane 15)" \
    sh -c "grep -c -e '\[0,1\] lane 4<' -e '\[3,3\] lane 15<' '$lay' | grep -qx 2"
# colour by bank: one colour a bank, a different one for each of the 16
# banks the tile covers, and the key's swatch of bank 5 in the colour of
# the squares on bank 5
fills() { sed -n "s/.*fill=\"\(#[0-9a-f]*\)\"><title>\[[0-9]*,[0-9]*\] $1 \([0-9]*\)<.*/\2 \1/p" "$lay" | sort -u; }
check "show layout SVG: a colour per bank, the same on every square of the bank" \
    sh -c "test \"\$(printf '%s\n' \"$(fills bank)\" | wc -l)\" -eq 16 && test \"\$(printf '%s\n' \"$(fills bank)\" | cut -d' ' -f2 | sort -u | wc -l)\" -eq 16"
bank5=$(fills bank | sed -n 's/^5 //p')
check "show layout SVG: the key shows bank 5 in its squares' colour" \
    sh -c "grep -A1 'width=\"20\" height=\"20\" fill=\"$bank5\"' '$lay' | grep -q '>5</text>'"
check "show layout SVG: a colour per lane" test "$(fills lane | cut -d' ' -f2 | sort -u | wc -l)" -eq 16
lds --format svg --output "$tmp/lay2" 'array f32 t[2][2]; show layout t; read t[0][lane % 2]; show layout t' >/dev/null
check "show layout twice: the second picture is -2, and has the lanes" \
    sh -c "cd '$tmp/lay2' && test \"\$(ls | tr '\n' ' ')\" = 'L1-t.svg layout-t-2.svg layout-t.svg ' && grep -q 'lane 1<' layout-t-2.svg && ! grep -q ' lane ' layout-t.svg"
check "a lone show layout goes to stdout as SVG" \
    sh -c "'$LDS_CALC' --format svg 'array f32 t[2][2]; show layout t' | grep -c '<svg ' | grep -qx 1"
check "the REPL's :layout after :format svg draws SVG" \
    sh -c "printf 'array f32 t[2][4]\n:format svg\n:layout t\n' | '$LDS_CALC' -i 2>/dev/null | grep -q '\[1,3\] bank 7<'"
lds --format markdown "$tri" > "$tmp/lay.md"
check "markdown: show layout as a text grid under Layouts" \
    sh -c "grep -q '^## Layouts' '$tmp/lay.md' && grep -A8 '^### Line 1: \`show layout t\`' '$tmp/lay.md' | grep -q '^1: *5 *4 *7 *6$'"
lds --format markdown --output "$tmp/laymd" "$tri" > "$tmp/lay2.md"
check "markdown with --output links the layout's SVG" grep -q "](.*laymd/layout-t.svg)" "$tmp/lay2.md"
lds --format markdown -f "$srcdir/examples/suggest-transpose.lds" > "$tmp/suggest.md"
check "markdown: suggest's ranking in a fenced block under Layouts to try" \
    sh -c "grep -q '^## Layouts to try' '$tmp/suggest.md' && grep -A5 '^### Line 19: \`suggest t\`' '$tmp/suggest.md' | sed -n '3p;6p' | tr '\n' '|' | grep -qxF '\`\`\`|  1. ck_tile XOR: column ^= row: cycles 64, excess 0, worst 1-way (conflict-free), 4096 B|'"

# render one picture to PNG and check that it is not blank
svg="$tmp/w64/L1-access-read-c14.svg"
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
check "markdown links the pictures" grep -q "](.*md/L12-tile.svg)" "$tmp/report.md"
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
