lds --lang opencl -D off.y=64 -f - < src-opencl-vectors.stdin; lds --lang opencl -D off.y=64 -D off.x=32 -f - < src-opencl-vectors.stdin
