lds --lang cuda --threads 64 -f - ; echo 'extern: given'; lds --lang cuda --threads 64 -D buf_size=64 -f - < src-extern-size.in2
