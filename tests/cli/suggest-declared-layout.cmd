lds 'threads 256' 'layout SA = (128,8):(1,129)' 'array f32 A[128][8] layout SA' 'write A[tid / 8 + 32 * i][tid % 8] for i in 0..4' 'suggest A'
