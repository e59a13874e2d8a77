lds 'arch H10; read f32[lane]'; lds --arch gfx9420 'read f32[lane]'
