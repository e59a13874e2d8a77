lds 'read f32[(int)lane * 2]; print (unsigned short)(lane * 2048)'
