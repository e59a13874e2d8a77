lds -a sm80 -f ../ptx/loopparam.ptx --threads 256; lds -a sm80 -f ../ptx/loopparam.ptx --threads 256 --show-lowered | sed -n "/^if\|skipped/p" | head -3
