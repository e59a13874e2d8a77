lds -i -D X=5 -D Y=3..9
