lds "print $(printf '(%.0s' $(seq 300))1$(printf ')%.0s' $(seq 300))"
