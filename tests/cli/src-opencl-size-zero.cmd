lds --lang opencl -D s_size=16 -f - < src-opencl-size-zero.stdin
