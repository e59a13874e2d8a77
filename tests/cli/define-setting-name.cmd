lds -D banks=16 'read f32[lane]'; lds -D lane=3 'read f32[lane]'
