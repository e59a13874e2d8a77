lds 'read f32[((float4 *)lane)]'
