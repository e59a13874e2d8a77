# Hostile metadata (tests/amdgcn/metadata.s): read what is there, say what is not.
lds -f ../amdgcn/metadata.s --show-lowered
