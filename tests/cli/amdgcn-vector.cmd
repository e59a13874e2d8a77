# buf[2 lid] and buf[2 lid + 1] merged by the compiler into one
# ds_read2_b32 offset1:1: the vectorised numbers, where the source path
# counts two b32 reads (2-way each: lanes 16 apart share a bank).
# By hand: the read2 is 8 contiguous bytes a lane at 8 lid, 512 bytes for
# the wave, 128 bytes (32 banks) a cycle: 4 cycles, conflict-free; the two
# stores are one ds_write2st64_b32 of words lid and lid + 64 (offset1:1 is
# 64 words), which share a bank in every lane: 2-way, 8 cycles for 4.
lds -f ../amdgcn/vector.s
