lds 'arch gfx942; set banks 64; read f32[lane]; write f32[lane]; set banks 32; set banks 128; read f32[lane]'
