lds 'arch sm80; read b64 @ lane * 4'
