lds -f ../amdgcn/none.s
