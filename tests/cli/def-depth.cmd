awk 'BEGIN { printf "def f0(x) = x + 1;"; for (i = 1; i <= 2100; i++) printf " def f%d(x) = f%d(x) + 1;", i, i - 1; print " print f2100(0)" }' | lds -f - 2>&1 | cut -c1-120
