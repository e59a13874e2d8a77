lds --lang opencl -f - < src-opencl-no-kernel.stdin
