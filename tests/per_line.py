#!/usr/bin/env python3
"""Two paths to one kernel agree per source line (TAP).

    tests/per_line.py ttgir SRCDIR LDS_CALC
        each Triton kernel of tests/ttgir: NAME.ttgir against NAME.ptx,
        which gen.py made of the same kernel, per line of kernels.py
    tests/per_line.py cuda SRCDIR LDS_CALC
        each kernel of tests/ptx: NAME.cu against NAME.ptx (nvcc
        -lineinfo), per line of NAME.cu

lds-calc reads both; the shared-memory records of each are summed per
(source line, read/write/atomic): instructions and wavefronts (cycles).
A line where both paths model every record must give the same sums; a
line where they differ must be one the tables name, with why, and must
still differ (so the tables stay true).

A PTX record stands at the source line of its .loc (lds-calc places
it there, the outermost inlined_at for an inlined helper: the kernel's
call, where the source and TTGIR readers put it too); a record without
one stands at its PTX line, mapped here to the last .loc before it,
outside Triton's inline-asm blocks (inside one Triton writes a .loc per
line of the asm text: 34, 35, 36, 37 for one ld.global.v4 of line 34).
"""
import json
import os
import re
import subprocess
import sys

# kernel: (module args, PTX args, {(line, kind): why they differ})
# (the source line in kernels.py)
CONVERT = "ttg.convert_layout (the accumulator to the store's layout) goes through shared memory in " \
          "Triton's PTX (st/ld.shared.v4); the TTGIR reader does not model it"
KERNELS = {
    "dot_sm80": ([], ["-D", "global_smem_size=65536"], {
        (37, "read"): CONVERT, (37, "write"): CONVERT}),
    "replicated_sm80": ([], ["-D", "global_smem_size=65536"], {
        (63, "read"): "Triton 3.9 lowers this local_load of a #blocked f32 tile as ldmatrix.x4 (b16 pairs; "
                      "4 instructions, 16 wavefronts); the TTGIR reader as each thread's ld.shared.b32 "
                      "(16 instructions, 16 wavefronts): the same wavefronts, other instructions"}),
    "replicated_copy_sm80": ([], ["-D", "global_smem_size=65536"], {
        (63, "read"): "as replicated_sm80's load: ldmatrix.x4 in Triton's PTX"}),
    "transpose_sm80": ([], ["-D", "global_smem_size=65536"], {
        (25, "read"): "the transpose is a ttg.convert_layout, which Triton's PTX does through shared memory "
                      "(st.shared then ld.shared) and the TTGIR reader does not model",
        (25, "write"): "as line 25's reads"}),
    "matmul_sm80": (["-D", "K=64"], ["-D", "param_3=64", "-D", "global_smem_size=65536"], {
        (17, "read"): CONVERT, (17, "write"): CONVERT}),
    "matmul_pipelined_sm80": (["-D", "K=128"], ["-D", "param_3=128", "-D", "global_smem_size=65536"], {
        (14, "read"): "the PTX reader does not follow the pointer the pipelined loop rotates between its "
                      "buffers (its loop's ldmatrix are not modelled); the TTGIR reader follows the buffer index",
        (15, "read"): "as line 14's reads",
        (14, "write"): "as line 14's reads (the loop's cp.async)",
        (15, "write"): "as line 14's reads (the loop's cp.async)",
        (17, "read"): CONVERT, (17, "write"): CONVERT}),
}
# Kernels the PTX path cannot read today: said, not compared.
TTGIR_NOT_READ = {
    "matmul_sm90": "ttng.warp_group_dot is wgmma, which neither path models",
}

# CUDA: tests/ptx/NAME.cu against NAME.ptx (its parameters NAME_param_N: -D param_N)
LOOPPARAM = "nvcc reads tile[j][t % 64] (j < 4) once, before the loop; the source reads it every trip " \
            "(tests/ptx.sh counts it)"
CUDA = {
    "transpose": (["--threads", "32,8"], ["--threads", "32,8"], {}),
    "reduce": (["--threads", "256", "-D", "n=100000"], ["--threads", "256", "-D", "param_2=100000"], {}),
    "sgemm": (["--threads", "256", "-D", "M=128", "-D", "N=128", "-D", "K=64"],
              ["--threads", "256", "-D", "param_1=128", "-D", "param_2=64"], {}),
    "ldmatrix": (["--threads", "128"], ["--threads", "128"], {}),   # see MOVED
    "cpasync": (["--threads", "256", "-D", "rows=40"], ["--threads", "256", "-D", "param_2=40"], {}),
    "histogram": (["--threads", "256", "-D", "n=4096"], ["--threads", "256", "-D", "param_2=4096"], {}),
    "predicated": (["--threads", "256", "-D", "n=100"], ["--threads", "256", "-D", "param_1=100"], {}),
    "inlined": (["--threads", "32,32"], ["--threads", "32,32"], {}),
    "loops": (["--threads", "32", "-D", "n=16"], ["--threads", "32", "-D", "param_2=16"], {}),
    "loopparam": (["--threads", "256", "-D", "steps=5", "-D", "stride=3"],
                  ["--threads", "256", "-D", "param_1=5", "-D", "param_2=3"], {(17, "read"): LOOPPARAM}),
    # nvcc merges the stores s[2t] (line 9) and s[2t+1] (line 10) into one
    # st.shared.v2.f32 at line 10's .loc, and the reads of lines 12 and 13
    # into one ld.shared.v2.f32 at line 12's: the PTX's numbers are the
    # 8-byte accesses' (VECTOR), the source's those of two 4-byte accesses.
    # Lines 10 and 12 come out equal (each 4-byte access is 2-way, 8 bytes
    # apart: 8 instructions, 16 wavefronts, as the one 8-byte access), the
    # other line of each pair is the PTX's no more
    "vectorised": (["--threads", "256"], ["--threads", "256"], {
        (9, "write"): "nvcc merged it with line 10's store into one st.shared.v2.f32, at line 10",
        (13, "read"): "nvcc merged it with line 12's read into one ld.shared.v2.f32, at line 12"}),
}
CUDA_NOT_READ = {}
# A PTX line whose .loc names another line than the source reader's
# place of the same statement: (kernel, PTX's line, kind) -> the source's
MOVED = {
    # a multi-line asm statement: nvcc's .loc names its last line, the
    # source reader its first (the same ldmatrix, the same numbers)
    ("ldmatrix", 19, "read"): 17,
    ("ldmatrix", 40, "read"): 38,
}
# The PTX's own numbers a line must have: (kernel, line, kind) ->
# (instructions, wavefronts): vectorised's v2 accesses are those of
# 'write b64 s[2 * tid.x]' and 'read b64 s[2 * tid.x]' on 256 threads:
# a warp's 256 bytes, 2 wavefronts, 8 warps: 8 instructions, 16
VECTOR = {("vectorised", 10, "write"): (8, 16), ("vectorised", 12, "read"): (8, 16)}


def run(lds, args):
    p = subprocess.run([lds, "-a", "sm80", "--format", "json"] + args, capture_output=True, text=True)
    try:
        return json.loads(p.stdout)["accesses"]
    except (ValueError, KeyError):
        return None


def ptx_lines(path, outermost):
    """PTX line -> the source line of its instruction (.loc outside inline asm)."""
    line_of, current, in_asm = {}, None, False
    with open(path) as f:
        for n, text in enumerate(f, 1):
            if "// begin inline asm" in text:
                in_asm = True
            elif "// end inline asm" in text:
                in_asm = False
            m = re.match(r"\s*\.loc\s+\d+\s+(\d+)\s+\d+", text)
            outer = re.findall(r"inlined_at\s+\d+\s+(\d+)", text)
            if m and not in_asm and int(m.group(1)) > 0:
                current = int(outer[-1] if outer and outermost else m.group(1))
            line_of[n] = current
    return line_of


def sums(records, line_of=None):
    """(line, kind) -> [instructions, cycles, all modelled]"""
    out = {}
    for a in records:
        if a.get("space") == "global":
            continue
        in_ptx = line_of is not None and (a.get("file") or "").endswith(".ptx")   # no .loc: at its PTX line
        line = line_of.get(a["line"]) if in_ptx else a["line"]
        key = (line, a["kind"])
        s = out.setdefault(key, [0, 0, True])
        if a["status"] == "ok":
            s[0] += a["instructions"]
            s[1] += a["cycles"]
        else:
            s[2] = False
    return out


def main():
    mode, srcdir, lds = sys.argv[1], sys.argv[2], sys.argv[3]
    d = os.path.join(srcdir, "tests", mode if mode == "ttgir" else "ptx")
    table, not_read, ext = (KERNELS, TTGIR_NOT_READ, ".ttgir") if mode == "ttgir" else (CUDA, CUDA_NOT_READ, ".cu")
    n = 0
    for name, (targs, pargs, differ) in table.items():
        tt = run(lds, ["-f", os.path.join(d, name + ext)] + targs)
        px = run(lds, ["-f", os.path.join(d, name + ".ptx")] + pargs)
        n += 1
        if tt is None or px is None:
            print(f"not ok {n} - {name}: both paths read ({ext if tt is None else '.ptx'} failed)")
            continue
        print(f"ok {n} - {name}: both paths read")
        line_of = ptx_lines(os.path.join(d, name + ".ptx"), mode == "cuda")
        for a in px:   # a statement nvcc places at another of its lines
            moved = MOVED.get((name, a["line"], a["kind"]))
            if moved:
                a["line"] = moved
        t, p = sums(tt), sums(px, line_of)
        for (k, line, kind), want in VECTOR.items():
            if k == name:
                got = tuple(p.get((line, kind), [0, 0])[:2])
                n += 1
                print(f"{'ok' if got == want else 'not ok'} {n} - {name} line {line} {kind}: the PTX's v2 access "
                      f"is {got[0]} instructions, {got[1]} wavefronts, the 8-byte accesses' {want}")
        for key in sorted(set(t) | set(p), key=lambda k: (k[0] or 0, k[1])):
            a, b = t.get(key, [0, 0, True]), p.get(key, [0, 0, True])
            same = a == b
            n += 1
            what = f"{name} line {key[0]} {key[1]}: {ext} {a[0]} instructions {a[1]} wavefronts" \
                   f"{'' if a[2] else ' (some not modelled)'}, PTX {b[0]} / {b[1]}{'' if b[2] else ' (some not modelled)'}"
            if key in differ:
                print(f"{'ok' if not same else 'not ok'} {n} - {what}: they differ, as named: {differ[key]}")
            else:
                print(f"{'ok' if same else 'not ok'} {n} - {what}")
        for key in differ:
            if key not in t and key not in p:
                n += 1
                print(f"not ok {n} - {name} line {key[0]} {key[1]}: named as a difference, but neither path has it")
    for name, why in not_read.items():
        n += 1
        print(f"ok {n} - {name}: not compared # SKIP {why}")
    print(f"1..{n}")


if __name__ == "__main__":
    main()
