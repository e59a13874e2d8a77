lds --lang opencl --show-lowered -f - < src-opencl-swizzles.stdin && lds --lang opencl -f - < src-opencl-swizzles.stdin
