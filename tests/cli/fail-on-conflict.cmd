lds --fail-on-conflict 'f32[lane * 2]'
