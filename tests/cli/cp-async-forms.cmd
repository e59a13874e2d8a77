lds -a sm80 'cp.async.ca b64 @ (lane%2)*256; cp.async.cg b128 @ lane*16; cp.async.cg b128 @ (lane%4)*16; cp.async b128 @ lane*128'; lds -a sm80 'cp.async.cg b64 @ lane*8'
