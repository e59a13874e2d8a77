lds 'raed f32[lane]'
