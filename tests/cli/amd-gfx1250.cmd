# gfx1250: wave32, 320 KiB of LDS in 5 partitions of 64 KiB (the partition conflict between waves is named, not counted), 64 banks (inferred)
lds -a gfx1250 'threads 64; read f32[lane * 2]; read b128 @ lane * 16; ds_load_b64 @ 200000 + lane * 8; write b32 @ 327680 - 4'
lds -a gfx1250 'read f32[81920]'
d=$(mktemp -d) && lds --emit hip --output "$d" -a gfx1250 'read b64 @ lane * 8' >/dev/null && echo "probe: $(grep '^ARCH' "$d/Makefile"), $(grep -o 'acc ^= ds_[a-z]*_8' "$d/probe.hip")"; rm -rf "$d"
d=$(mktemp -d) && printf '#if defined(__gfx1250__) && defined(__GFX12__) && __AMDGCN_WAVEFRONT_SIZE__ == 32\n__global__ void k() { __shared__ float s[64]; s[threadIdx.x * 2] = 0; }\n#endif\n' >"$d/k.hip" && lds -a gfx1250 --threads 32 -f "$d/k.hip" | sed "s|$d|DIR|g"; rm -rf "$d"
