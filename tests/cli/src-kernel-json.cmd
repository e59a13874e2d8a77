lds --lang cuda --threads 32 --arch sm80 --format json -f - < src-kernel-footprints.stdin
