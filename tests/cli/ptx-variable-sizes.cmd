lds -f ../ptx/sizes.ptx --show-lowered | grep "^array"
