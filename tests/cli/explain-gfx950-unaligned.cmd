lds --explain 'arch gfx950; read b128 @ (lane == 1 ? 61 * 4 : 0) if lane < 2'
