lds 'arch gfx942; threads 64; show phases; read global b32 @ (lane % 16) * 64 + (lane / 16) * 4; show grid; read global b64 @ lane * 8 + 32'
