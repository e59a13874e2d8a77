lds -a sm80 -f ../ttgir/dot_operand.ttgir; lds -f ../ttgir/dot_operand.ttgir --show-lowered
