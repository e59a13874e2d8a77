lds -D T=float -D N=2 'print N'
