lds 'def f(x) = f(x - 1)'
