lds --max-steps 10 'read f32[lane * k % 64] for k in 0..11'
