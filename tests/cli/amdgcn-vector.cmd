# buf[2 lid] and buf[2 lid + 1] merged by the compiler into one
# ds_read2_b32 offset1:1: the vectorised numbers (a b64-phased access, 1-way),
# where the source path counts two b32 reads (2-way each: lanes 16 apart
# share a bank).  The two stores are one ds_write2st64_b32.
lds -f ../amdgcn/vector.s
