//@ lang=hlsl
// Structure-of-arrays: field 0 lives in its own contiguous block. Lane i
// reads address i — banks 0..31 — one cycle, no conflict.
groupshared float g_Field0[64];
groupshared float g_Field1[64];
groupshared float g_Field2[64];
groupshared float g_Field3[64];

[numthreads(64, 1, 1)]
void cs_soa_field0(uint gi : SV_GroupIndex) {
    g_Field0[gi] = (float)gi;
    GroupMemoryBarrierWithGroupSync();
    float v = g_Field0[gi];
    Out[gi] = v * 2.0;
}
