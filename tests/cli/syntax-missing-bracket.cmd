lds 'read f32[lane'
