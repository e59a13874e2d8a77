lds 'arch sm90; read global b32 @ lane * 128; array f32 s[64]; read s[lane * 2]; expect total.transactions == 32; expect total.cycles == 2; expect total.efficiency == 12'
