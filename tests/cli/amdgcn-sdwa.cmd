# The bin (lid * stride) & 255: clang keeps the & 255 as an SDWA select
# (v_lshlrev_b32_sdwa ... src1_sel:BYTE_0); with stride 5 (63 x 5 = 315)
# the select is not a no-op, and the lowered address keeps it.
lds -f ../amdgcn/histogram.s -D stride=5 --show-lowered
