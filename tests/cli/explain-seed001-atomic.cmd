lds --explain 'groupshared uint count; atomic count; read count'
