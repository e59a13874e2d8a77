lds '__shared__ float a[32], b[32][33]; read a[lane]; read b[lane][0]'
