//@ lang=hlsl
// Each thread holds 4 floats; reading field 0 across the wave puts every lane
// on the same bank quartet. 4-way conflict, 4x slowdown on this access.
groupshared float g_PerThread[64 * 4];

[numthreads(64, 1, 1)]
void cs_aos_field0(uint gi : SV_GroupIndex) {
    g_PerThread[gi * 4 + 0] = (float)gi;
    GroupMemoryBarrierWithGroupSync();
    // Lane i reads address (i * 4) — banks 0, 4, 8, 12, 16, 20, 24, 28
    // (8 distinct banks across 32 lanes), 4-way conflict.
    float v = g_PerThread[gi * 4 + 0];
    Out[gi] = v * 2.0;
}
