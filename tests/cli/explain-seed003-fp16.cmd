lds --explain 'arch gfx942; read f16[lane]; set r2 strict; read f16[lane]'
