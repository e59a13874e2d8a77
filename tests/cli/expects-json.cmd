lds --format json 'read f32[lane*2]; expect excess > 1; expect total.cycles == 2; expect ways != 2'
