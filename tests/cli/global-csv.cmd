lds --format csv 'arch gfx942; threads 64; global_load_dwordx4 @ lane * 16; array f32 s[64]; read s[lane]'
