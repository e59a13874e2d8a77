lds 'def f(i) = i*2; array f32 t[32] layout f; read t[lane]'
