#!/usr/bin/env python3
"""tests/hopper_ref.py - references for tests/hopper.sh, computed from the
published definitions, not from lds-calc's code.

  hopper_ref.py tma MODE ELEM_BYTES D0 [D1 ...]   TMA's layout of a box
  hopper_ref.py gmma ATOM ELEM_BYTES               a CuTe GMMA/UMMA atom
  hopper_ref.py tile ATOM ELEM_BYTES ROWS COLS     tile_to_shape of an atom
  hopper_ref.py compose ROWS COLS B,M,S [B,M,S ...] swizzles composed (outermost first)
  hopper_ref.py desc wgmma|umma SEED               a descriptor built from fields

Each writes an lds program to the file named by $PROG and the lines the
program must print on stdout."""
import os
import random
import sys

TYPES = {1: "u8", 2: "f16", 4: "f32", 8: "f64"}
CUTE_TYPES = {1: "uint8_t", 2: "half_t", 4: "float", 8: "double"}


def swizzle(b, m, s, x):
    """CuTe's Swizzle<B,M,S> (include/cute/swizzle.hpp): the B bits at
    M + S are XORed into the B bits at M."""
    mask = ((1 << b) - 1) << (m + s)
    return x ^ ((x & mask) >> s)


# CUtensorMapSwizzle (CUDA Driver API, cuTensorMapEncodeTiled): "Swizzle
# <atom>B chunks within <span>B span"; the chunk's index is XORed with
# the 128-byte line's index modulo the chunks a span; 128B_ATOM_32B_FLIP_8B
# also swaps "lower 8B with upper 8B within each 16B for every alternate
# row" (a row: a 128-byte line).
MODES = {"SWIZZLE_NONE": (0, 0, False), "SWIZZLE_32B": (32, 16, False), "SWIZZLE_64B": (64, 16, False),
         "SWIZZLE_128B": (128, 16, False), "SWIZZLE_128B_ATOM_32B": (128, 32, False),
         "SWIZZLE_128B_ATOM_32B_FLIP_8B": (128, 32, True), "SWIZZLE_128B_ATOM_64B": (128, 64, False)}


def tma_offset(mode, e, box, idx):
    span, atom, flip = MODES[mode]
    lin = 0
    for d, i in zip(box, idx):
        lin = lin * d + i
    a = lin * e                      # TMA writes the box densely, row-major
    if span:
        line = a // 128
        chunks = span // atom
        c = (a % span) // atom
        a = a - a % span + (c ^ (line % chunks)) * atom + a % atom
        if flip and line % 2:
            a ^= 8
    assert a % e == 0
    return a // e


def coords(dims):
    if not dims:
        yield ()
        return
    for i in range(dims[0]):
        for rest in coords(dims[1:]):
            yield (i,) + rest


def print_all(name, dims):
    """An lds program's loops that print name(i0, ...) for every coordinate."""
    body = "print %s(%s)" % (name, ", ".join("i%d" % d for d in range(len(dims))))
    for d in reversed(range(len(dims))):
        body = "for i%d in 0..%d { %s }" % (d, dims[d], body)
    return body


# CuTe's GMMA atoms in bits (include/cute/atom/mma_traits_sm90_gmma.hpp,
# mma_traits_sm100.hpp): an (8, W) K-major or (W, 8) MN-major tile (UMMA's
# 32-byte one (W, 4)), Swizzle<B,M,S> on the byte address.
ATOMS = {"Layout_K_INTER_Atom": (False, 128, 8, (0, 4, 3)), "Layout_K_SW32_Atom": (False, 256, 8, (1, 4, 3)),
         "Layout_K_SW64_Atom": (False, 512, 8, (2, 4, 3)), "Layout_K_SW128_Atom": (False, 1024, 8, (3, 4, 3)),
         "Layout_MN_INTER_Atom": (True, 128, 8, (0, 4, 3)), "Layout_MN_SW32_Atom": (True, 256, 8, (1, 4, 3)),
         "Layout_MN_SW64_Atom": (True, 512, 8, (2, 4, 3)), "Layout_MN_SW128_Atom": (True, 1024, 8, (3, 4, 3)),
         "Layout_MN_SW128_32B_Atom": (True, 1024, 4, (2, 5, 2))}


def atom_shape(name, e):
    mn, bits, other, _ = ATOMS[name]
    wide = bits // 8 // e
    return (wide, other) if mn else (other, wide)


def atom_byte(name, e, r, c):
    """The byte offset of element (r, c): the layout in bits, then the
    swizzle on bytes (the smem pointer's)."""
    mn, bits, other, bms = ATOMS[name]
    wide = bits // 8 // e
    elem = r + c * wide if mn else r * wide + c
    return swizzle(*bms, elem * e)


def main():
    prog = []
    out = []
    cmd = sys.argv[1]
    if cmd == "tma":
        mode, e, box = sys.argv[2], int(sys.argv[3]), [int(x) for x in sys.argv[4:]]
        prog.append("layout L = TMA(swizzle=%s, box=[%s], elem=%s)" % (mode, ", ".join(map(str, box)), TYPES[e]))
        prog.append(print_all("L", box))
        out = [tma_offset(mode, e, box, idx) for idx in coords(box)]
    elif cmd == "gmma":
        name, e = sys.argv[2], int(sys.argv[3])
        scope = "UMMA" if "32B_Atom" in name else "GMMA"
        prog.append("layout L = %s::%s<%s>" % (scope, name, CUTE_TYPES[e]))
        shape = atom_shape(name, e)
        prog.append(print_all("L", shape))
        out = [atom_byte(name, e, r, c) // e for r, c in coords(shape)]
    elif cmd == "tile":
        # tile_to_shape: the atoms cover (ROWS, COLS) column-major (CuTe's
        # default order); the byte swizzle acts on the whole address,
        # which on atoms a multiple of its period apart is the atom's own
        name, e, rows, cols = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
        ar, ac = atom_shape(name, e)
        prog.append("layout L = tile_to_shape(GMMA::%s<%s>, (%d,%d))" % (name, CUTE_TYPES[e], rows, cols))
        prog.append(print_all("L", (rows, cols)))
        for r, c in coords((rows, cols)):
            atom = (r // ar) + (c // ac) * (rows // ar)
            out.append(atom * ar * ac + atom_byte(name, e, r % ar, c % ac) // e)
    elif cmd == "compose":
        rows, cols = int(sys.argv[2]), int(sys.argv[3])
        sws = [tuple(int(v) for v in a.split(",")) for a in sys.argv[4:]]
        prog.append("layout L = %s (%d,%d):(%d,1)" % (" ".join("Swizzle<%d,%d,%d> o" % s for s in sws), rows, cols,
                                                       cols))
        prog.append(print_all("L", (rows, cols)))
        for r, c in coords((rows, cols)):
            x = r * cols + c
            for s in reversed(sws):   # the innermost (last written) first
                x = swizzle(*s, x)
            out.append(x)
    elif cmd == "desc":
        # PTX ISA "Matrix Descriptor Format" (wgmma) and tcgen05's shared
        # memory descriptor: start >> 4 in bits 0-13, LBO >> 4 in 16-29,
        # SBO >> 4 in 32-45, base offset 49-51; wgmma's layout in 62-63,
        # tcgen05's version 0b001 in 46-48, LBO mode in 52, swizzle in 61-63
        umma, rng = sys.argv[2] == "umma", random.Random(int(sys.argv[3]))
        f = {"start": rng.randrange(1 << 14) << 4, "lbo": rng.randrange(1 << 14) << 4,
             "sbo": rng.randrange(1 << 14) << 4, "base_offset": rng.randrange(8)}
        v = f["start"] >> 4 | (f["lbo"] >> 4) << 16 | (f["sbo"] >> 4) << 32 | f["base_offset"] << 49
        if umma:
            f["layout"] = rng.choice([0, 1, 2, 4, 6])
            f["lbo_mode"] = rng.randrange(2)
            f["version"] = 1
            v |= 1 << 46 | f["lbo_mode"] << 52 | f["layout"] << 61
        else:
            f["layout"] = rng.randrange(4)
            v |= f["layout"] << 62
        f["swizzle"] = ({0: 0, 1: 128, 2: 128, 4: 64, 6: 32} if umma else {0: 0, 1: 128, 2: 64, 3: 32})[f["layout"]]
        names = ["start", "lbo", "sbo", "base_offset", "layout", "swizzle"] + (["version", "lbo_mode"] if umma else [])
        prog.append("desc D = %s(0x%x)" % ("umma_desc" if umma else "wgmma_desc", v))
        prog.append("print " + ", ".join("D." + n for n in names))
        out = [f[n] for n in names]
    else:
        sys.exit("unknown command " + cmd)
    with open(os.environ["PROG"], "w") as p:
        p.write("\n".join(prog) + "\n")
    print("\n".join(str(x) for x in out))


if __name__ == "__main__":
    main()
