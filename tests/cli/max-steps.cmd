lds 'threads 1024; groups 100000; read f32[(tid * k * group) % 1024] for k in 0..100000'
