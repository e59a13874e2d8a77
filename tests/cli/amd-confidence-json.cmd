lds -a rdna3 --format json 'read b32 @ lane * 4'
