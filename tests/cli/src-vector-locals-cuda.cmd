lds -f - --lang cuda --threads 32,2 < src-vector-locals-cuda.stdin
