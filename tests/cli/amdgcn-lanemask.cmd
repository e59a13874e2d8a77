# Lanes striding over n (tests/amdgcn/clear.cl): clang's loop runs while
# exec has a lane (s_andn2_b64 exec, exec, s[4:5]; s_cbranch_execnz), each
# lane leaving when tid.x + 64 k >= n: rebuilt with (n - 1) / 64 + 1 trips,
# a lane's trip k guarded by n >= tid.x + 64 k + 1 (n = 100: lanes 0..35
# two trips, 36..63 one).  The store under if (lid < 32) is guarded by the
# exec mask v_cmp + s_and_saveexec_b64 made.
lds -f ../amdgcn/clear.s -D n=100 --show-lowered
