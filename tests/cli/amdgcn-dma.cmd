# Loads into LDS (tests/amdgcn/dma.amdgcn, 128 threads on gfx942: two
# waves).  m0 = v_readfirstlane of (tid.x >> 6) << 10: the wave's lane 0,
# 1024 x wave.  By hand: each wave writes lanes 0..63 at base + 4 i, 256
# contiguous bytes, 2 passes of the 32 banks: 2 cycles a wave, 4 for the
# two, conflict-free.  m0 set from s3, which nothing set: not modelled.
lds -f ../amdgcn/dma.amdgcn -a gfx942 --threads 128
