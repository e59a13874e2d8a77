lds --show phases --at k=7 'read f32[(lane * (k + 1)) % 4096] for k in 0..100'
