lds --show phases 'read f32[lane * 2 + k * k * 32] for k in 0..5'
