# A fix for compiled code, in the elements the source reads (by hand):
# transposeNaive reads float tile[32][32] by column, tile[x][y + j]: 32
# lanes 128 bytes apart, one bank: 32-way.  The PTX's array is its 4096
# bytes; the access reads 4-byte floats, so the fix counts floats: one
# float of padding every 32 (tile[i + i / 32], i the float's index: a row
# pitch of 33 words, coprime with 32 banks) makes it conflict-free, in
# 4220 bytes = 1055 floats.
lds -f ../ptx/transpose.ptx --kernel transposeNaive --threads 32,8 --format diagnostics 2>&1 | sed -n '1,4p'
