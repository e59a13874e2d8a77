lds -f ../amdgcn/matmul.s -D n=256 --show-lowered
