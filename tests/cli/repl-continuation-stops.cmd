printf 'read T[lane][0\narray f32 P[32][33]\n' | lds -i
