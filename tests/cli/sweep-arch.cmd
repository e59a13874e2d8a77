lds -a sm80,gfx942,xe-hpg 'read f32[lane*2]; write b64 @ lane*8'
