lds -D 'P=0..64:16' -D 'Q=1,(2+2),min(8,7)' --format csv 'f32[lane*(P+Q)]'
