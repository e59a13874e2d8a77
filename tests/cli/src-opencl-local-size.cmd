lds --lang opencl -f - < src-opencl-local-size.stdin
