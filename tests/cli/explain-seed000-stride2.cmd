lds --explain 'read f32[lane * 2]; read f32[lane * 64]'
