lds 'arch sm_80; read f32[lane]'; lds 'arch sm_90a; read f32[lane]'; lds --arch SM80 'read f32[lane]'
