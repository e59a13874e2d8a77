printf 'array f32 t[32]\nread t[lane][0\n' | lds -f -
