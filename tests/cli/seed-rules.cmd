lds 'arch gfx942; rules seed; write b128 @ lane * 16'
