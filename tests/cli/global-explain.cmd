lds --explain 'arch sm90; read global b32 @ lane * 64; read global b128 @ lane * 16'
