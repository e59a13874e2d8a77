lds -a sm80 -f ../ttgir/dot_operand.ttgir --format sarif
