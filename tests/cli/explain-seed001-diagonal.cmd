lds --explain 'threads 32; groupshared float g_Tile[32][32]; read g_Tile[SV_DispatchThreadID.x][SV_GroupIndex]; read g_Tile[SV_GroupIndex][0]'
