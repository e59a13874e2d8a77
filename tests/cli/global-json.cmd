lds --format json 'arch sm90; array global f32 in[4096]; read in[lane * 2]; expect efficiency == 50; expect requests == 1; expect sectors == 8'
