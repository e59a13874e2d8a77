lds --lang ptx -f - ; lds --lang ptx -D dyn_size=256 --show-lowered -f ptx-extern-shared.stdin; lds --lang ptx -D dyn_size=256 -f ptx-extern-shared.stdin
