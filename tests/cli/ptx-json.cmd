lds -f ../ptx/wrap.ptx --format json
