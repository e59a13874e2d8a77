#!/bin/sh
# The PTX reader against the source reader: each test kernel of tests/ptx
# (NAME.cu, and NAME.ptx that nvcc made of it: tests/ptx/README.md) gives
# the same totals read either way, with the same workgroup and values
# (PTX names its parameters NAME_param_N: -D param_N).  Where they
# legitimately differ the test says why and checks the difference is
# exactly that: nvcc merged two 4-byte loads into one ld.shared.v2.f32
# (the PTX numbers are those of the 8-byte accesses), hoisted loop-
# invariant loads out of a loop, or loaded a loop's first condition
# before a loop the source reader skips.  tests/per-line.sh checks the
# same kernels per source line.
. "$srcdir/tests/lib.sh"
dir=$srcdir/tests/ptx
tmp=${TMPDIR:-/tmp}/lds-ptx.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# totals FILE ARGS...: the run's total lines, sorted (shared, then global)
totals() {
    f=$1
    shift
    lds -f "$f" "$@" 2>/dev/null | grep '^total' | sort
}

# same NAME SOURCE-ARGS -- PTX-ARGS
same() {
    name=$1
    shift
    src=
    while [ "$1" != -- ]; do src="$src $1"; shift; done
    shift
    # shellcheck disable=SC2086
    totals "$dir/$name.cu" $src >"$tmp/src"
    totals "$dir/$name.ptx" "$@" >"$tmp/ptx"
    if [ -s "$tmp/src" ] && cmp -s "$tmp/src" "$tmp/ptx"; then
        ok "$name: the PTX gives the source's totals"
    else
        not_ok "$name: the PTX gives the source's totals"
        diff "$tmp/src" "$tmp/ptx" | sed 's/^/# /'
    fi
}

same transpose --threads 32,8 -- --threads 32,8
same reduce --threads 256 -D n=100000 -- --threads 256 -D param_2=100000
same reduce --threads 128 -D n=1000 -- --threads 128 -D param_2=1000
same sgemm --threads 256 -D M=128 -D N=128 -D K=64 -- --threads 256 -D param_1=128 -D param_2=64
same sgemm --threads 256 -D M=128 -D N=64 -D K=48 -- --threads 256 -D param_1=64 -D param_2=48
same ldmatrix --threads 32 -- --threads 32
same ldmatrix --threads 128 -- --threads 128
same cpasync --threads 256 -D rows=64 -- --threads 256 -D param_2=64
same cpasync --threads 256 -D rows=40 -- --threads 256 -D param_2=40
same histogram --threads 256 -D n=4096 -- --threads 256 -D param_2=4096
same predicated --threads 256 -D n=100 -- --threads 256 -D param_1=100
same predicated --threads 64 -D n=7 -- --threads 64 -D param_1=7
same inlined --threads 32,32 -- --threads 32,32

# vectorised: s[2t] and s[2t+1] are one ld.shared.v2.f32 (and one
# st.shared.v2.f32) in the PTX: its numbers are the 8-byte accesses', as
# an lds program of those accesses gives them, and not the source's
printf 'threads 256\narray f32 s[512]\nwrite b64 s[2 * tid.x]\nread b64 s[2 * tid.x]\nwrite global b32 @ (1 << 40) + 4 * tid.x\n' \
    >"$tmp/v2.lds"
totals "$dir/vectorised.ptx" --threads 256 >"$tmp/ptx"
totals "$tmp/v2.lds" >"$tmp/v2"
totals "$dir/vectorised.cu" --threads 256 >"$tmp/src"
check "vectorised: the PTX gives the numbers of its 8-byte accesses" cmp -s "$tmp/ptx" "$tmp/v2"
check "vectorised: which differ from the source's two 4-byte accesses" test -n "$(diff "$tmp/ptx" "$tmp/src")"
check "vectorised: the PTX's accesses are ld/st.shared.v2.f32" \
    test "$(lds -f "$dir/vectorised.ptx" --threads 256 --show-lowered | grep -c 'shared.v2.f32 s\[8 \* tid.x\]')" = 2

# loopparam: nvcc reads tile[j][t % 64] (j < 4) once, before the loop,
# where the source reads it every trip: per wave the PTX makes 1 store,
# 4 + steps loads; the source 1 + 5 * steps
for steps in 1 5 9; do
    n=$(totals "$dir/loopparam.ptx" --threads 256 -D param_1=$steps -D param_2=3 | sed -n 's/^total (generic):.*instructions \([0-9]*\).*/\1/p')
    s=$(totals "$dir/loopparam.cu" --threads 256 -D steps=$steps -D stride=3 | sed -n 's/^total (generic):.*instructions \([0-9]*\).*/\1/p')
    check "loopparam, $steps steps: PTX $n instructions = 8 waves x (5 + $steps), source $s = 8 x (1 + 5 x $steps)" \
        test "$n" = $((8 * (5 + steps))) -a "$s" = $((8 * (1 + 5 * steps)))
done

# loops: the shared-memory totals agree; the PTX loads flags[0], the
# while loop's first test, before the loop, which the source reader
# skips with the loop: one global load instruction more
totals "$dir/loops.cu" --threads 32 -D n=16 >"$tmp/src"
totals "$dir/loops.ptx" --threads 32 -D param_2=16 >"$tmp/ptx"
check "loops: the PTX gives the source's shared-memory totals" \
    test "$(grep -v global "$tmp/src")" = "$(grep -v global "$tmp/ptx")"
gs=$(sed -n 's/^total (global.*instructions \([0-9]*\).*/\1/p' "$tmp/src")
gp=$(sed -n 's/^total (global.*instructions \([0-9]*\).*/\1/p' "$tmp/ptx")
check "loops: the PTX makes one global load more ($gp against $gs)" test "$gp" = $((gs + 1))
# hostile shapes: each answered within a CPU-time cap (a hang is killed),
# with an exit status lds-calc documents and no crash
head='.version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n.reg .pred %%p<2>;\n.reg .b32 %%r<99>;\n.shared .align 4 .b8 s[4096];\nmov.u32 %%r1, %%tid.x;\nmov.u32 %%r2, s;\n'
capped() { (ulimit -t "$(cpu_cap 30)"; lds "$@"); }
{ printf "$head"; awk 'BEGIN { for (i = 0; i < 70000; i++) printf "setp.eq.s32 %%p1, %%r1, %d;\n@%%p1 bra $L__b%d;\n$L__b%d:\n", i, i, i }'
  printf 'ld.shared.u32 %%r3, [%%r2];\nret;\n}\n'; } >"$tmp/blocks.ptx"
capped -f "$tmp/blocks.ptx" --threads 32 >/dev/null 2>"$tmp/err"
check "70001 basic blocks: refused as larger than lds-calc follows" \
    grep -q "error: kernel 'k' is larger than lds-calc follows: 70001 basic blocks" "$tmp/err"
{ printf "$head"; awk 'BEGIN { for (i = 0; i < 100; i++) printf "mov.u32 %%r%d, 0;\n$L__l%d:\n", 3 + i % 90, i
    print "ld.shared.u32 %r95, [%r2];"
    for (i = 99; i >= 0; i--) printf "add.s32 %%r%d, %%r%d, 1;\nsetp.lt.s32 %%p1, %%r%d, 2;\n@%%p1 bra $L__l%d;\n", 3 + i % 90, 3 + i % 90, 3 + i % 90, i }'
  printf 'ret;\n}\n'; } >"$tmp/nested.ptx"
capped -f "$tmp/nested.ptx" --threads 32 >"$tmp/out" 2>&1
check "100 nested loops: the access in the innermost is reported as not modelled" \
    grep -q "ld.shared.u32 %r95, \[%r2\]: not modelled: it is in the loop at" "$tmp/out"
{ printf "$head"; awk 'BEGIN { for (i = 0; i < 3000; i++) printf "mov.u32 %%r3, 0;\n$L__s%d:\nld.shared.u32 %%r4, [%%r2];\nadd.s32 %%r3, %%r3, 1;\nsetp.lt.s32 %%p1, %%r3, 4;\n@%%p1 bra $L__s%d;\n", i, i }'
  printf 'ret;\n}\n'; } >"$tmp/loops.ptx"
capped -f "$tmp/loops.ptx" --threads 32 -q >/dev/null 2>&1
check "3000 loops one after another: followed within the cap" test $? = 0
{ printf "$head"; awk 'BEGIN { for (i = 0; i < 100000; i++) print "add.s32 %r1, %r1, %r1;" }'
  printf 'add.s32 %%r2, %%r2, %%r1;\nld.shared.u32 %%r3, [%%r2];\nret;\n}\n'; } >"$tmp/doubling.ptx"
capped -f "$tmp/doubling.ptx" --threads 32 >"$tmp/out" 2>&1
check "a value doubled 100000 times: past lds-calc's range, the access not modelled" \
    grep -q "not modelled: its address depends on a value beyond lds-calc's range" "$tmp/out"
tap_end
