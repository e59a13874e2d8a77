#!/bin/sh
# The AMDGPU assembly reader against the source reader: each test kernel
# of tests/amdgcn (NAME.cl, and NAME.s that clang made of it for gfx90a:
# tests/amdgcn/README.md) read either way on gfx90a: the LDS totals and
# the global ones.  Where they legitimately differ the test says why and
# checks the difference is exactly that.
. "$srcdir/tests/lib.sh"
dir=$srcdir/tests/amdgcn
tmp=${TMPDIR:-/tmp}/lds-amdgcn.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# src_lds ARGS...: lds-calc's text with the source file a record names
# left out of its place ('../amdgcn/k.cl:15:36: read:' is '15:36: read:'):
# the assembly path places records at their .loc in the source file,
# which the source path, reading that file, does not name
src_lds() { lds "$@" | sed 's#^[^ :]*\.\(cl\|hip\):\([0-9]\)#\2#'; }

# total KIND FILE ARGS...: the run's total line of LDS (KIND lds, its
# profile's name left out) or of global memory (KIND global)
total() {
    kind=$1 f=$2
    shift 2
    lds -a gfx90a -f "$f" "$@" 2>/dev/null | grep '^total' | if [ "$kind" = global ]; then grep '^total (global'; else
        grep -v global | sed 's/^total ([a-z0-9]*):/total:/'; fi
}
lds_total() { total lds "$@"; }
global_total() { total global "$@"; }

# per_line FILE ARGS...: each record as "LINE KIND NUMBERS", sorted (the
# column left out: clang's .loc columns are not the source reader's)
per_line() {
    f=$1
    shift
    src_lds -a "${PROFILE:-gfx90a}" -f "$f" "$@" 2>/dev/null | sed -n 's/^\([0-9]*\):[0-9]*: \([a-z]*\): .*: \(global, .*\|[0-9]*-way.*\|not modelled.*\)$/\1 \2 \3/p' | sort
}

# same_lines NAME ARGS...: the assembly's records are the source's, line by
# line (NAME.s, or $ASM: another compilation of NAME.cl)
same_lines() {
    name=$1
    shift
    per_line "$dir/$name.cl" "$@" >"$tmp/src"
    per_line "$dir/${ASM:-$name}.s" "$@" >"$tmp/asm"
    if [ -s "$tmp/src" ] && cmp -s "$tmp/src" "$tmp/asm"; then
        ok "$name ${ASM:+($ASM.s, $PROFILE) }$*: the assembly's records are the source's, line by line ($(wc -l <"$tmp/src") records)"
    else
        not_ok "$name ${ASM:+($ASM.s, $PROFILE) }$*: the assembly's records are the source's, line by line"
        diff "$tmp/src" "$tmp/asm" | sed 's/^/# /'
    fi
}

# same_in KIND NAME ARGS...: the assembly's KIND total is the source's
same_in() {
    kind=$1 name=$2
    shift 2
    a=$(total "$kind" "$dir/$name.cl" "$@")
    b=$(total "$kind" "$dir/$name.s" "$@")
    check "$name: the assembly gives the source's $kind totals ($a)" test -n "$a" -a "$a" = "$b"
}
same() { same_in lds "$@"; }
same_global() { same_in global "$@"; }

# helper: one store through an inlined helper, one transposed read.  The
# assembly's .loc places the inlined store at the helper's own line (6),
# where the source reader places it at the call (14, the helper's line a
# note): the same records with line 6 read as 14.
same helper
per_line "$dir/helper.cl" >"$tmp/src"
per_line "$dir/helper.s" | sed 's/^6 /14 /' | sort >"$tmp/asm"
check "helper: line by line, the inlined store at the helper's line" test -s "$tmp/src" -a "$(cat "$tmp/src")" = "$(cat "$tmp/asm")"
check "helper: the inlined store is at helper.cl:6 in the assembly" test -n "$(per_line "$dir/helper.s" | grep '^6 write 1-way')"

# HIP (transpose_hip.hip): the metadata names no argument (width is
# arg2); __launch_bounds__ gives no 2-D shape (--threads); the same global
# totals as the source, and the same LDS ones as the OpenCL transpose's
# assembly (the column reads merged the same way).
a=$(total global "$dir/transpose_hip.hip" --threads 32,8 -D width=1024)
b=$(total global "$dir/transpose_hip.s" --threads 32,8 -D arg2=1024)
c=$(total lds "$dir/transpose_hip.s" --threads 32,8 -D arg2=1024)
d=$(total lds "$dir/transpose.s" -D width=1024)
check "transpose_hip: the source's global totals, the OpenCL assembly's LDS ones ($b / $c)" \
    test -n "$a" -a "$a" = "$b" -a -n "$c" -a "$c" = "$d"

# clear: a loop whose lanes leave at different trips (an exec-mask loop in
# the assembly) and a store under if (lid < 32): the source's totals for
# n = 40 (one trip, lanes 40.. idle), 100 (two trips, the second for lanes
# 0..35) and 1000 (16 trips).
for n in 40 100 1000; do
    same_lines clear -D n=$n
done
# the same kernel for gfx1030 (wave32: s_and_saveexec_b32, lane masks in
# single SGPRs), on rdna2
for n in 40 100 1000; do
    PROFILE=rdna2 ASM=clear_gfx1030 same_lines clear -D n=$n
done

# every kernel's global accesses: the 64-bit address arithmetic (a pair's
# halves added with their carry, a sign-extended index shifted) gives the
# source's addresses
same_global helper
same_global reduce
same_global vector
same_global transpose -D width=1024
same_global loops -D rows=64
same_global matmul -D n=256
same_global histogram -D stride=4

# vector: buf[2 lid] and buf[2 lid + 1] are one ds_read2_b32 offset1:1 in
# the assembly, and the two stores one ds_write2st64_b32: the same
# cycles (each pair served as one 8-byte access takes what the two 4-byte
# ones take), half the instructions.
a=$(lds_total "$dir/vector.cl")
b=$(lds_total "$dir/vector.s")
check "vector: same cycles, half the instructions ($a / $b)" \
    test "$a" = "total: cycles 12, ideal 8, excess 4, instructions 4" -a \
         "$b" = "total: cycles 12, ideal 8, excess 4, instructions 2"

# transpose: the column reads tile[x][y + j] for j = 0, 8, 16, 24 are two
# ds_read2_b32 (offset1:8, offset0:16 offset1:24) in the assembly, each
# served in b64 phases: the padding that makes each b32 read 1-way does not
# keep the pairs apart (2-way), where the source path counts four 1-way
# b32 reads.
b=$(src_lds -f "$dir/transpose.s" -D width=1024 2>/dev/null | grep -c '^15:36: read:.*2-way')
a=$(lds -a gfx90a -f "$dir/transpose.cl" -D width=1024 2>/dev/null | grep -c '15:36: read:.*1-way')
check "transpose: the merged column reads are 2-way (2 of them), the source's 1-way" test "$a" = 1 -a "$b" = 2

# histogram: the same atomic (ds_add_u32 on (lid * 4) & 255: 4-way) both ways
a=$(lds -a gfx90a -f "$dir/histogram.cl" -D stride=4 2>/dev/null | grep -c '^14:16: atomic:.*4-way')
b=$(src_lds -f "$dir/histogram.s" -D stride=4 2>/dev/null | grep -c '^14:[0-9]*: atomic:.*4-way')
check "histogram: the bin atomic is 4-way both ways" test "$a" = 1 -a "$b" = 1
# reduce: each step's part[lid] += part[lid + s] reads part[lid] again in
# the source, but the compiler keeps part[lid] in a register from the
# first store on (only this lane writes it): the assembly's totals are the
# source's less that read (13:13, 12 cycles in 9 instructions).
a=$(lds_total "$dir/reduce.cl")
b=$(lds_total "$dir/reduce.s")
r=$(lds -a gfx90a -f "$dir/reduce.cl" 2>/dev/null | grep '^13:13: read:')
check "reduce: the source's totals less the re-read of part[lid] ($a / $b / $r)" \
    test "$a" = "total: cycles 45, ideal 45, excess 0, instructions 32, skipped 72" -a \
         "$b" = "total: cycles 33, ideal 33, excess 0, instructions 23, skipped 49" -a -n "$(echo "$r" | grep 'cycles 12,.*instructions 9, skipped 23')"

# colsum (rows = 64): the stores are paired into ds_write2_b32 (the same
# bytes: 64 b32 stores of the source, 32 b64-phased pairs), the column
# reads tile[lid][k .. k + 7] merged into two ds_read2_b64 a trip of the
# rebuilt loop (8 trips): 16 instructions where the source has 64.
b=$(src_lds -f "$dir/loops.s" -D rows=64 2>/dev/null | grep -c '^14:16: read:.*4-way.*instructions 8$')
a=$(lds -a gfx90a -f "$dir/loops.cl" -D rows=64 2>/dev/null | grep -c '^14:16: read:.*instructions 64$')
check "colsum: the loop over rows rebuilt, 8 trips of two ds_read2_b64 (the source: 64 b32 reads)" test "$a" = 1 -a "$b" = 2
# matmul (n = 256: 16 trips of the tile loop, rebuilt from its back edge
# with n / 16 trips): the same cycles; the unrolled k loop's 16 reads of
# as[ty][k] are four ds_read2_b64 and its 16 of bs[k][tx] eight
# ds_read2_b32, so 896 instructions where the source counts 2176.
a=$(lds_total "$dir/matmul.cl" -D n=256)
b=$(lds_total "$dir/matmul.s" -D n=256)
check "matmul: the same cycles, merged reads ($a / $b)" \
    test "${a%%, instructions*}" = "total: cycles 4352, ideal 4352, excess 0" -a "${b%%, instructions*}" = "${a%%, instructions*}" -a \
         -n "$(echo "$b" | grep 'instructions 896,')" -a -n "$(echo "$a" | grep 'instructions 2176,')"
tap_end
