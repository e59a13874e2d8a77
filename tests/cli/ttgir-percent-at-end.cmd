lds -f - < ttgir-percent-at-end.stdin
