//@ lang=hlsl
groupshared float g_Tile[32][32];
[numthreads(32, 1, 1)]
void cs_transpose(uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
g_Tile[gi][dtid.x] = SrcBuffer[dtid.y * 32 + dtid.x];
GroupMemoryBarrierWithGroupSync();
DstBuffer[dtid.x * 32 + dtid.y] = g_Tile[dtid.x][gi];
}
