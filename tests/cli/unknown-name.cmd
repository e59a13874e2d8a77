lds 'read f32[lanee * 4]'
