lds 'float reg[8];'
