# clang's transpose (tests/amdgcn/transpose.cl) for gfx90a: the packed
# work-item ids (v_and 0x3ff, v_bfe 10 10), ds_write_b32 offset:, and
# ds_read2_b32 of two rows 8 apart (offset1:8, in 4-byte units).  The
# target picks the profile.  By hand, the 4 ds_write_b32 at 4 x + 132 y
# (+ 1056 k): one row of 32 words a half wave, 33 words apart: 1-way.
lds -f ../amdgcn/transpose.s -D width=1024
