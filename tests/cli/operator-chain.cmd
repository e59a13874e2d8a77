awk 'BEGIN { printf "print 1"; for (i = 0; i < 600000; i++) printf " +0"; print "" }' | lds -f - 2>&1 | cut -c1-100
