# Xe-HPC: 64 banks of 8 bytes (Intel engineers, intel-xpu-backend-for-triton#2769/#2797; the oneAPI guide says 4 bytes): two lanes on one 8-byte word share it, 64 x 8 bytes apart conflict; b64 needs 8-byte alignment there
lds -a xe-hpc 'read f32[lane]; read f32[lane * 2]; read f32[lane * 128]; read f32[lane * 130]; write b128 @ lane * 16'
lds -a xe-hpc 'read b64 @ lane * 8 + 4'
