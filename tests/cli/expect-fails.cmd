lds 'read f32[lane * 2]; expect ways == 1'
