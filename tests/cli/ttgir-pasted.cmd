lds -q -f ttgir-pasted.stdin
