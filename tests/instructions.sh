#!/bin/sh
# The instruction statements (lds(5), INSTRUCTIONS): tests/instructions.lds
# holds one access per family with its numbers worked out by hand in its
# comments and checked by its expect lines; then the messages.
. "$srcdir/tests/lib.sh"
check "every instruction's hand-derived numbers" lds -q -f "$srcdir/tests/instructions.lds"
check "a misspelt instruction is named, with the closest" \
    sh -c "'$LDS_CALC' 'ds_raed_b128 @ lane' 2>&1 | grep -qF \"unknown statement or instruction 'ds_raed_b128'; did you mean 'ds_read_b128'?\""
check "ldmatrix's note says how it is modelled" \
    sh -c "'$LDS_CALC' 'arch sm80; ldmatrix.x4 @ lane * 16' | grep -q 'note: ldmatrix: 16-byte rows whose addresses lanes 0-31 give'"
check "ldmatrix.x3 does not exist" sh -c "! '$LDS_CALC' 'ldmatrix.x3 @ lane * 16' 2>/dev/null"
check "a transpose load of 6-bit data needs 16-byte-aligned addresses" \
    sh -c "'$LDS_CALC' 'arch gfx950; ds_read_b96_tr_b6 @ lane * 12' 2>&1 | grep -qF 'address 12 is not aligned to 16 bytes, as this instruction needs (lane 1)'"
check "a transpose load's note says it is inferred" \
    sh -c "'$LDS_CALC' 'arch gfx950; ds_read_b64_tr_b8 @ lane * 8' | grep -q 'note: ds_read_b64_tr_b8: each lane reads 8 bytes .* (inferred: not measured here)'"
# A load into LDS is the ds_write of its width over base + lane x width,
# wave by wave (lds(5), INSTRUCTIONS): every number of the two agrees; its
# confidence is its own (inferred), and it says so.
same_cycles() {
    a=$(lds --format csv "$1" | tail -1 | cut -d, -f2,9-14,16-23)
    b=$(lds --format csv "$2" | tail -1 | cut -d, -f2,9-14,16-23)
    case $a in ok,*) [ "$a" = "$b" ] ;; *) false ;; esac   # both ran, the same numbers
}
check "global_load_lds_dwordx4 is ds_write_b128 at base + 16 lane, wave by wave" same_cycles \
    'arch gfx950; threads 256; global_load_lds_dwordx4 @ 1040 * wave + 48' \
    'arch gfx950; threads 256; ds_write_b128 @ 1040 * wave + 48 + lane * 16'
check "... and buffer_load_ushort lds ds_write_b16 at base + 2 lane" same_cycles \
    'arch gfx942; buffer_load_ushort lds @ 6' 'arch gfx942; ds_write_b16 @ 6 + lane * 2'
check "... and is labelled inferred in every format" \
    sh -c "'$LDS_CALC' --format csv 'arch gfx942; buffer_load_ushort lds @ 6' | tail -1 | cut -d, -f15 | grep -qx inferred"
check "a load into LDS says how it is counted" \
    sh -c "'$LDS_CALC' 'arch gfx950; global_load_lds_dwordx4 @ 0' | grep -q 'note: a load into LDS: .*phases of the DMA write path being unpublished (inferred); 12 and 16 bytes a lane: gfx950 only'"
check "its base is the wave's: one that names the lane is refused, with the fix" \
    sh -c "'$LDS_CALC' 'arch gfx942; threads 256; global_load_lds_dword @ tid / 64 * 256' 2>&1 | grep -qF 'written without lane or tid (wave * 256, not tid / 64 * 256)'"
check "... as is an element for a base" \
    sh -c "'$LDS_CALC' 'arch gfx942; array f32 T[64]; global_load_lds_dword T[0]' 2>&1 | grep -qF 'give the base (global_load_lds_dword @ BASE), not an element'"
check "... and a width the DMA does not load" \
    sh -c "'$LDS_CALC' 'arch gfx942; buffer_load_dwordx2 lds @ 0' 2>&1 | grep -qF 'a buffer_load of 1, 2, 4, 12 or 16 bytes a lane'"
check "without the lds word a buffer_load stays a global read" \
    sh -c "'$LDS_CALC' 'arch gfx942; buffer_load_dword @ lane * 4' | grep -q 'global loads *buffer_load_dword'"
# Nsight counts ldmatrix, stmatrix and cp.async apart from plain loads
# and stores in its instruction counters; the hardware l1tex counters put
# ldmatrix under ld and stmatrix under st, and do not see cp.async, which
# only the SASS-level ldgsts counters count (measurements/h200-sm90).
# counter_rows PROGRAM PATTERN COUNT: COUNT CSV rows of --format counters
# match PATTERN.
counter_rows() {
    [ "$(lds --format counters "$1" | tr -d '\r' | grep -c "$2")" -eq "$3" ]
}
# ldmatrix.x1 on one bank: 8 wavefronts for 1, 7 conflicts (the access and
# the total).
check "ldmatrix's conflicts land in the l1tex op_ld counter" \
    counter_rows 'arch sm80; array f16 A[64][64]; ldmatrix.x1 A[lane][0]' \
    ',l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld\.sum,7$' 2
check "ldmatrix's instructions are op_ldsm's, not a plain load's" \
    counter_rows 'arch sm80; ldmatrix.x4 @ lane * 16' 'smsp__inst_executed_op_ldsm_pred_on_any\.sum,1$' 2
# cp.async b128 at 16 l: 4 distinct 128-byte lines; a b32 store: 1.
check "cp.async's totals are op_ldgsts's, a plain store's op_st's" \
    counter_rows 'arch sm80; cp.async b128 @ lane * 16; write @ lane * 4' \
    '^0,total,.*\(wavefronts_mem_shared_op_ldgsts\.sum,4\|wavefronts_mem_shared_op_st\.sum,1\)$' 2
check "stmatrix's instructions in op_shared_stsm (the name Nsight Compute 2025.3 has)" \
    counter_rows 'arch sm90; stmatrix.x2 @ lane * 16' '^0,1,.*,smsp__inst_executed_op_shared_stsm_pred_on_any\.sum,1$' 1
# every Nsight name lds-calc predicts is one Nsight Compute 2025.3.1 has:
# tests/probe-data/ncu-metrics.txt lists the metrics the H200 run collected
# (measurements/h200-sm90/ncu-raw.csv, which measure.sh chose from
# `ncu --query-metrics`)
names=$(lds --format counters 'arch sm90; read f32[lane]; write f32[lane]; atomic f32[lane]; ldmatrix.x4 @ lane * 16;
                                stmatrix.x4 @ lane * 16; cp.async b128 @ lane * 16; ATOMS.ADD.64 @ lane * 8' |
        tr -d '\r' | cut -d, -f9 | grep '\.sum$' | sort -u)
missing=""
for n in $names; do grep -qxF "$n" "$srcdir/tests/probe-data/ncu-metrics.txt" || missing="$missing $n"; done
check "every predicted Nsight metric is one Nsight Compute has${missing:+ (not:$missing)}" test -z "$missing"
check "the names cover the three kinds and the three apart ops" test "$(echo "$names" | wc -l)" -ge 12
tap_end
