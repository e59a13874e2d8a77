# The column-sum loop bounded by 'rows' (a kernel argument, by its name in
# the metadata): no -D gives it, so it is listed and the rest reported.
lds -f ../amdgcn/loops.s
