awk 'BEGIN { printf "print 1 + 2 # "; for (i = 0; i < 1100000; i++) printf "x"; print "" }' | lds -f - 2>&1 | cut -c1-100
