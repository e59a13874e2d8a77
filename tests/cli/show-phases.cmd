lds --show phases 'arch gfx942; ds_read_b128 @ lane * 16'
