lds --lang opencl -D a_size=64 -D b_size=32 -f - < src-opencl-constant.stdin --show-lowered && lds --lang opencl -D a_size=64 -D b_size=32 -f - < src-opencl-constant.stdin
