# Offsets an LDS instruction cannot have (offset: is 16 bits, offset0 and
# offset1 8): records not modelled, saying so, never wrapped.
lds -f ../amdgcn/offsets.amdgcn -a gfx942
