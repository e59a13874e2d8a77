lds -D S=1..5 --max-ways 2 --format csv 'f32[lane*S]'
