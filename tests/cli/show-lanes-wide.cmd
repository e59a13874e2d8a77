lds --show lanes 'arch sm80; read b128 @ lane * 16 if lane < 3'
