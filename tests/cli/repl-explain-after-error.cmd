printf 'array f32 t[32][32]\nread t[lane][0]\nread t[lane][40]\nexplain\n' | lds -i
