# HIP compiled by clang (tests/amdgcn/transpose_hip.hip): the metadata names
# no argument, so the third (int width) is arg2; the kernel's name is the
# mangled symbol's; __launch_bounds__(256) gives no shape for a kernel of
# x and y ids, so --threads gives it.
lds -f ../amdgcn/transpose_hip.s -D arg2=1024 --threads 32,8
