# lane 1 stepped through words 0..127 beside lane 0 at word 0 (HipKittens' ds_write_b64 bank solver on gfx950), on gfx950 and on gfx942 (which keeps counting every word)
for a in gfx950 gfx942; do for k in read write; do lds -a $a -D w=0..127 --format csv "threads 2; $k b64 @ (lane == 0 ? 0 : w * 4)" | awk -F, -v a=$a -v k=$k 'NR > 1 && $21 > 0 { c = c " " $1 } NR > 1 { u += $23 } END { print a, k, "b64: excess at words" c "; unaligned lanes", u + 0 }'; done; done
# 16 lanes of one phase 32 words apart: every lane misaligned (left out) or every lane aligned (16-way)
lds -a gfx950 'threads 16; write b64 @ lane * 128 + 4; write b64 @ lane * 128; ds_write_b64 @ lane * 128 + 4 if lane % 2' | grep -v '^#'
