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


@triton.jit
def dot_tile(a_ptr, b_ptr, c_ptr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # one product of a BM x BK and a BK x BN tile, no loop: both through shared memory
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    c = tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], c)


# Gluon, whose kernels name their own layouts (imported here, so that the
# lines above keep the numbers the tests name)
from triton.experimental import gluon  # noqa: E402
from triton.experimental.gluon import language as gl  # noqa: E402
from triton.experimental.gluon.language.nvidia.ampere import async_copy  # noqa: E402


@gluon.jit
def replicated(x_ptr, y_ptr, ASYNC: gl.constexpr):
    # a 16 x 16 f32 tile in a layout of 32 lanes across its 16 columns:
    # lanes l and l + 16 hold the same element.  Stored from registers,
    # both lanes store it; copied by cp.async (ASYNC), one of them copies
    L: gl.constexpr = gl.BlockedLayout([1, 1], [1, 32], [4, 1], [1, 0])
    S: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])
    r = gl.arange(0, 16, layout=gl.SliceLayout(1, L))
    c = gl.arange(0, 16, layout=gl.SliceLayout(0, L))
    tile = gl.allocate_shared_memory(gl.float32, [16, 16], S)
    if ASYNC:
        async_copy.async_load(tile, x_ptr + r[:, None] * 16 + c[None, :])
        async_copy.commit_group()
        async_copy.wait_group(0)
    else:
        tile.store(gl.load(x_ptr + r[:, None] * 16 + c[None, :]))
    gl.store(y_ptr + r[:, None] * 16 + c[None, :], tile.load(L))
