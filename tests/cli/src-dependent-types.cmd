lds --lang cuda --threads 32 -D T=float -f - < src-dependent-types.stdin; lds --lang cuda --threads 32 -D T=float -D vec4::Type=float4 -f - < src-dependent-types.stdin
