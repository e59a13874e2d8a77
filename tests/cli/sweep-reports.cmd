lds -D S=1..4 --sweep=reports 'f32[lane*S]'
