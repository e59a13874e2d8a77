lds -f ../ttgir/matmul_pipelined_sm80.ttgir -a sm80 --format json
