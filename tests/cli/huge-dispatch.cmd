lds 'arch sm90; threads 1024; groups 1000000000; read f32[tid * 2 % 64] for k in 0..1000000000000'
