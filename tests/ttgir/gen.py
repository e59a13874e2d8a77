"""Compile lds-calc's own Triton kernels (kernels.py) to TTGIR and PTX without a GPU.

    cd tests/ttgir && python3 gen.py

writes NAME.ttgir and, beside it, NAME.ptx (the PTX Triton makes of the
same kernel) here (see README.md for the version).  The kernels' file is
named as 'kernels.py' in their loc(...) and .file lines (the absolute
path Triton writes is cut to the file's name).
"""
import os
import triton
from triton.backends.compiler import GPUTarget

import kernels

HERE = os.path.dirname(os.path.abspath(__file__))
MATMUL = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp32", "K": "i32",
          "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"}


def compile_to(fn, signature, constexprs, arch, out, aligned=(), source=None, **options):
    # aligned: the arguments Triton may take as multiples of 16 (as its
    # launcher specializes them), so that loads vectorize and pipeline
    attrs = {(i,): [["tt.divisibility", 16]] for i in aligned}
    src = (source or triton.compiler.ASTSource)(fn=fn, signature=signature, constexprs=constexprs, attrs=attrs)
    k = triton.compile(src, target=GPUTarget("cuda", arch, 32), options=dict(num_warps=4, **options))
    for kind in ("ttgir", "ptx"):
        with open(os.path.join(HERE, out[:-len(".ttgir")] + "." + kind), "w") as f:
            f.write(k.asm[kind].replace(HERE + os.sep, ""))


if __name__ == "__main__":
    tile = {"BM": 64, "BN": 64, "BK": 32}
    compile_to(kernels.matmul_tile, MATMUL, tile, 80, "matmul_sm80.ttgir", num_stages=1)
    compile_to(kernels.matmul_tile, MATMUL, tile, 80, "matmul_pipelined_sm80.ttgir",
               aligned=(0, 1, 2, 3), num_stages=3)
    compile_to(kernels.matmul_tile, MATMUL, tile, 90, "matmul_sm90.ttgir", num_stages=1)
    compile_to(kernels.transpose_tile, {"x_ptr": "*fp16", "y_ptr": "*fp16", "B": "constexpr"}, {"B": 64}, 80,
               "transpose_sm80.ttgir")
    compile_to(kernels.dot_tile, {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp32", "BM": "constexpr",
                                  "BN": "constexpr", "BK": "constexpr"}, tile, 80, "dot_sm80.ttgir", aligned=(0, 1, 2))
    # a Gluon kernel: its layouts are the program's own
    from triton.experimental.gluon._runtime import GluonASTSource
    replicated = {"x_ptr": "*fp32", "y_ptr": "*fp32", "ASYNC": "constexpr"}
    compile_to(kernels.replicated, replicated, {"ASYNC": False}, 80, "replicated_sm80.ttgir", source=GluonASTSource)
    compile_to(kernels.replicated, replicated, {"ASYNC": True}, 80, "replicated_copy_sm80.ttgir",
               source=GluonASTSource)
