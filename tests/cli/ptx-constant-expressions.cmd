lds -f ../ptx/constexpr.ptx --show-lowered; lds -f ../ptx/constexpr.ptx; lds -f ../ptx/constexpr-bad.ptx
