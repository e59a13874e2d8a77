lds --format text 'arch sm80; read f32[lane*2]; write f32[lane]; arch gfx942; read f32[lane*4]; set banks 16; read f32[lane]; expect total.cycles > 3'
