lds --lang cuda -f -; lds --lang cuda --threads 16,16 -f - < src-launch-bounds.in2
