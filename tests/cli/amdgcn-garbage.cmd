# A text that is no AMDGPU assembly: an error at its first such line.
lds -f ../amdgcn/garbage.s
