#!/usr/bin/env python3
"""examples/autotune.py - a layout search through the candidate API:
a 32x32 f32 transpose tile (read rows, write columns) laid out with a row
padding PAD and an XOR swizzle of the column by (row % (1 << SW)) * MUL,
scored for every candidate, on one profile or several; prints the best
candidate and the candidates per second.

  PYTHONPATH=python python3 examples/autotune.py [ARCH ...]
"""
import sys
import time

import ldscalc

TILE = """
array f32 T[32][32 + PAD]
def col(r, c) = c ^ ((r % (1 << SW)) * MUL % 32)
write T[k][col(k, lane)] for k in 0..32
read T[lane][col(lane, k)] for k in 0..32
"""


def main(archs):
    prepared = ldscalc.prepare(TILE)
    candidates = [{"arch": a, "PAD": pad, "SW": sw, "MUL": mul}
                  for a in archs for pad in range(0, 9) for sw in range(0, 6) for mul in (1, 2, 4)]
    start = time.perf_counter()
    scores = prepared.score_many(candidates)
    took = time.perf_counter() - start
    feasible = [(s.excess, c["PAD"], c["SW"], c["MUL"], c["arch"]) for c, s in zip(candidates, scores)
                if s.feasible]
    for a in archs:   # the best per profile: the fewest excess cycles, then the least padding
        mine = [f for f in feasible if f[4] == a]
        if not mine:   # a 64-lane wave indexes past the tile: every candidate says so
            why = next(s.reason for c, s in zip(candidates, scores) if c["arch"] == a)
            print("%-8s no feasible candidate: %s" % (a, why))
            continue
        best = min(mine)
        print("%-8s best: PAD=%d SW=%d MUL=%d  excess %d cycles" % (a, best[1], best[2], best[3], best[0]))
    print("%d candidates (%d infeasible) in %.3f s: %.0f candidates a second"
          % (len(candidates), len(candidates) - len(feasible), took, len(candidates) / took))


if __name__ == "__main__":
    main(sys.argv[1:] or ["sm80", "sm90", "gfx942"])
