lds --lang cuda --threads 32 --show-lowered -f - < src-inline-ld-st.stdin; lds --lang cuda --threads 32 -f - < src-inline-ld-st.stdin
