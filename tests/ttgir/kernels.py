# lds-calc's own small Triton kernels, compiled to TTGIR by gen.py.
import triton
import triton.language as tl


@triton.jit
def matmul_tile(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # one BM x BN tile of C = A @ B, A row-major (K contiguous), B row-major (N contiguous)
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


@triton.jit
def transpose_tile(x_ptr, y_ptr, B: tl.constexpr):
    # y = x^T for one B x B tile: the layout change goes through shared memory
    r = tl.arange(0, B)
    x = tl.load(x_ptr + r[:, None] * B + r[None, :])
    tl.store(y_ptr + r[:, None] * B + r[None, :], tl.trans(x))
