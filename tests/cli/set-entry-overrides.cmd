lds 'arch gfx950; set phases write b64 32; set banks write b64 64; set phases read b128 8; write b64 @ lane * 128; read b128 @ lane * 16'
