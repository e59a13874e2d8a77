lds 'const float F = 1.5;'; lds 'int i = 7 / 2.0;'; lds '#define X 010'; lds '#define CAT(a, b) a##b'
