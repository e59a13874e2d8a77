lds 'arch sm90; show phases; read b128 @ (lane/2)*16; write b128 @ (lane/2)*16'; lds --explain 'arch sm80; read b64 @ (lane%2)*256 + (lane/4)*8'
