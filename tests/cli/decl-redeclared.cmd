lds 'array f32 t[32]; array f32 t[64]; read t[lane]'
