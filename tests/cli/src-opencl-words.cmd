lds --lang opencl -a gfx942 -D n=4096 -f - < src-opencl-words.stdin
