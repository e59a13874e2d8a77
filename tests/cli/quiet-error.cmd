lds -q 'read f32[lane'
