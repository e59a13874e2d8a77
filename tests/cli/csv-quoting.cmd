lds --format csv 'read f32[min(lane, 7) * 2]; read f32[lane] if lane < 16 || lane > 20'
