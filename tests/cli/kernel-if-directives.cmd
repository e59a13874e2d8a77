lds "$(printf '%s\n' '#define N 32' '#if N > 16' '#define PAD 1' '#else' '#define PAD 0' '#endif' 'print PAD' '#if __CUDA_ARCH__ >= 800' '#endif')"
