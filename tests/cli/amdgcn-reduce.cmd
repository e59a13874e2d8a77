# The unrolled tree reduction: each step's accesses run where lid < s (the
# exec mask from v_cmp + s_and_saveexec_b64), so the wave runs 2, 1, 1 ...
# instructions of its 4 and the rest are skipped.
lds -f ../amdgcn/reduce.s
