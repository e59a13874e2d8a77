# The column sum's loop over 'rows' (kernel argument 2, by name): clang
# unrolled it by 8 (two ds_read2_b64 a trip) with a remainder loop; both
# are rebuilt from their s_cbranch_scc back edges, their trips counted
# from rows: 64 / 8 = 8 trips of the first, rows & 7 = 0 of the second.
lds -f ../amdgcn/loops.s -D rows=64 --show-lowered
