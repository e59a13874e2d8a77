for a in H100 A100 MI300X GFX942 gfx1100 'RX 7900 XTX' MI355X compute_90; do lds --arch "$a" --format csv 'read f32[lane]' | cut -d, -f9 | tail -1; done
