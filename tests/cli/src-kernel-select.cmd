lds --lang cuda --threads 32 --kernel second -f -; lds --lang cuda --threads 32 --kernel third -f - < src-kernel-select.in2
