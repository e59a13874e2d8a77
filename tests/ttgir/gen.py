"""Compile lds-calc's own Triton kernels (kernels.py) to TTGIR without a GPU.

    cd tests/ttgir && python3 gen.py

writes the .ttgir files here (see README.md for the version).  The
kernels' file is named as 'kernels.py' in their loc(...) (the absolute
path Triton writes is cut to the file's name).
"""
import os
import triton
from triton.backends.compiler import GPUTarget

import kernels

HERE = os.path.dirname(os.path.abspath(__file__))
MATMUL = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp32", "K": "i32",
          "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"}


def compile_to(fn, signature, constexprs, arch, out, aligned=(), **options):
    # aligned: the arguments Triton may take as multiples of 16 (as its
    # launcher specializes them), so that loads vectorize and pipeline
    attrs = {(i,): [["tt.divisibility", 16]] for i in aligned}
    src = triton.compiler.ASTSource(fn=fn, signature=signature, constexprs=constexprs, attrs=attrs)
    k = triton.compile(src, target=GPUTarget("cuda", arch, 32), options=dict(num_warps=4, **options))
    with open(os.path.join(HERE, out), "w") as f:
        f.write(k.asm["ttgir"].replace(HERE + os.sep, ""))


if __name__ == "__main__":
    tile = {"BM": 64, "BN": 64, "BK": 32}
    compile_to(kernels.matmul_tile, MATMUL, tile, 80, "matmul_sm80.ttgir", num_stages=1)
    compile_to(kernels.matmul_tile, MATMUL, tile, 80, "matmul_pipelined_sm80.ttgir",
               aligned=(0, 1, 2, 3), num_stages=3)
    compile_to(kernels.matmul_tile, MATMUL, tile, 90, "matmul_sm90.ttgir", num_stages=1)
    compile_to(kernels.transpose_tile, {"x_ptr": "*fp16", "y_ptr": "*fp16", "B": "constexpr"}, {"B": 64}, 80,
               "transpose_sm80.ttgir")
