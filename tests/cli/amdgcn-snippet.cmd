# A pasted snippet on gfx942 (wave64, one wave: v0 = tid.x = lane).
# By hand (32 banks x 4 B):
# - ds_read_b128 at 16 lane: 1024 contiguous bytes, 128 bytes (32 banks)
#   a cycle: 8 cycles, conflict-free.
# - ds_add_rtn_u32 at 4 (lane & 3): the wave's two halves of 32 lanes each
#   put 8 lanes on each of 4 words, and an atomic never merges lanes on
#   one word: 8-way, 2 x 8 = 16 cycles for an ideal 2.
# - ds_swizzle_b32: not modelled, by name; ds_read_b32 through
#   v_cvt_f32_u32: not modelled, naming the instruction and its line.
lds -f ../amdgcn/snippet.amdgcn -a gfx942
