//@ lang=hlsl
groupshared uint g_Counter;
[numthreads(64, 1, 1)]
void cs_count_survivors(uint gi : SV_GroupIndex, uint3 dtid : SV_DispatchThreadID) {
bool alive = SrcBuffer[dtid.x] > 0;
if (alive) {
InterlockedAdd(g_Counter, 1); // 64 lanes serialise on one address
}
}
