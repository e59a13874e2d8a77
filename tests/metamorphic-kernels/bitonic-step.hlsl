// lds-calc: -D g_level=4 -D g_levelMask=4
// One step of a bitonic sort through groupshared memory, in the style of
// the DirectX compute samples' sort.  Written for lds-calc's metamorphic
// tests.
#define BITONIC_BLOCK_SIZE 512

cbuffer CB : register(b0)
{
    uint g_level;
    uint g_levelMask;
};

StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> Data : register(u0);

groupshared uint shared_data[BITONIC_BLOCK_SIZE];

[numthreads(BITONIC_BLOCK_SIZE, 1, 1)]
void BitonicSort(uint3 Gid : SV_GroupID, uint3 DTid : SV_DispatchThreadID, uint3 GTid : SV_GroupThreadID, uint GI : SV_GroupIndex)
{
    shared_data[GI] = Data[DTid.x];
    GroupMemoryBarrierWithGroupSync();
    for (uint j = g_level >> 1; j > 0; j >>= 1) {
        uint result = ((shared_data[GI & ~j] <= shared_data[GI | j]) == (bool)(g_levelMask & DTid.x))
                          ? shared_data[GI ^ j] : shared_data[GI];
        GroupMemoryBarrierWithGroupSync();
        shared_data[GI] = result;
        GroupMemoryBarrierWithGroupSync();
    }
    Data[DTid.x] = shared_data[GI];
}
