# -a names another profile than the file's target: a warning, -a's numbers.
lds -f ../amdgcn/helper.s -a gfx942
