lds '__shared__ __align__(16) half As[64][40]; x = As[lane][0];'
