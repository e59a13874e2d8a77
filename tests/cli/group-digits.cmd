lds --group-digits 'threads 1024; groups 1000000; read f32[lane*2]'
