lds --show phases 'array f32 t[32][32]; read t[lane % 8 * 4][k] for k in 0..10'
