# The store of an inlined helper: its .loc names the helper's line
# (helper.cl:7), shown as the comment above the assembly line.
lds -f ../amdgcn/helper.s --show-lowered
