lds --lang opencl --format diagnostics -f - < src-opencl-fix.stdin
