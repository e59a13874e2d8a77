lds --color always 'print 1 / 0' 2>&1 | od -c | head -3
