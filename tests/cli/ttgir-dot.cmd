lds -a sm80 -f ../ttgir/dot_operand.ttgir; lds -f ../ttgir/dot_operand.ttgir --show-lowered; lds -f ../ttgir/dot_operand.ttgir -a sm80 --format json
