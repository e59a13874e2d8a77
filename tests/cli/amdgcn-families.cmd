# The transpose load (gfx950: 8 bytes a lane at 8 lane, its offset
# added), gfx11 spellings (ds_load_b32, ds_store_b64, ds_load_2addr_b32),
# and ds_bpermute_b32, which moves data between lanes through the LDS
# hardware: a record not modelled, by name.
lds -f ../amdgcn/families.amdgcn -a gfx950 --show-lowered
