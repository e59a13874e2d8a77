lds 'for k in 0...8 { read f32[k] }'
