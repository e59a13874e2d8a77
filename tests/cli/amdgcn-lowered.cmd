lds -f ../amdgcn/transpose.s --show-lowered
