lds -D PAD=1 'array f32 t[32][32 + PAD]; read t[lane][0]'
