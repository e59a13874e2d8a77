lds -a sm90 --explain 'atom.shared.add.u64 @ (lane%4)*8'; lds -a sm90 --format counters 'atom.shared.add.u64 @ lane*16'; lds -a gfx942 'ATOMS.ADD.64 @ 0'
