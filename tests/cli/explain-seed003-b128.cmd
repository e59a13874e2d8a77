lds --explain 'arch gfx942; ds_write_b128 @ lane * 16; rules seed; ds_write_b128 @ lane * 16'
