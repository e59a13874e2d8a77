/* src/foldcount.c - how many (value, k) pairs of a fold's class land on
 * each residue of k beyond the whole periods (src/job.h, the fold).
 *
 * Value r + mS (m = 0 .. members - 1) at k runs the root's instruction at
 * residue (k - lo - mD) mod P; beyond q whole periods, its last rem
 * values of k cover the residues o_m .. o_m + rem - 1 (cyclic), with
 * o_m = (-mD) mod P.  The offsets o_m step through the multiples of
 * g = gcd(D, P), each once every L = P / g values of m: the members make
 * `full` whole cycles, which cover t as often as rem consecutive
 * integers ending at t hold multiples of g, and fewer than L more, whose
 * runs' ends are sorted once and walked with t.  Memory and time grow
 * with P, never with the members (2^62 workgroups fold in no time). */
#include "src/job.h"

#include <stdlib.h>

#include "sim/sim.h"
#include "base/mem.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* floor(a / g) for g > 0 */
static int64_t floor_div(int64_t a, int64_t g)
{
    return a >= 0 ? a / g : -((-a + g - 1) / g);
}

void lds_residue_counts_open(lds_residue_counts *c, const lds_fold *f, uint64_t rem)
{
    uint64_t P = f->period, back = (uint64_t)(f->shift % (int64_t)P + (int64_t)P) % P;
    uint64_t g = lds_sim_gcd(back, P), cycle = P / g, o = 0;
    c->P = P;
    c->rem = rem;
    c->g = g;
    c->full = rem ? f->members / cycle : 0;
    c->n = rem ? (size_t)(f->members % cycle) : 0;
    c->starts = lds_xmalloc((c->n + 1) * sizeof *c->starts);
    c->ends = lds_xmalloc((c->n + 1) * sizeof *c->ends);
    c->count = c->at_start = c->at_end = 0;
    for (size_t m = 0; m < c->n; m++) {   /* o = (-mD) mod P */
        c->starts[m] = o;
        c->ends[m] = (o + rem) % P;
        c->count += o == 0 || P - o < rem;   /* covers t = 0 */
        o = (o + P - back) % P;
    }
    qsort(c->starts, c->n, sizeof *c->starts, cmp_u64);
    qsort(c->ends, c->n, sizeof *c->ends, cmp_u64);
    while (c->at_start < c->n && c->starts[c->at_start] == 0)
        c->at_start++;
    while (c->at_end < c->n && c->ends[c->at_end] == 0)
        c->at_end++;
}

uint64_t lds_residue_counts_at(lds_residue_counts *c, uint64_t t)
{
    for (; c->at_start < c->n && c->starts[c->at_start] == t; c->at_start++)
        c->count++;
    for (; c->at_end < c->n && c->ends[c->at_end] == t; c->at_end++)
        c->count--;
    /* the multiples of g among t - rem + 1 .. t (P is one too: cyclic alike) */
    int64_t g = (int64_t)c->g, in_window = floor_div((int64_t)t, g) - floor_div((int64_t)t - (int64_t)c->rem, g);
    return c->full * (uint64_t)in_window + c->count;
}

void lds_residue_counts_close(lds_residue_counts *c)
{
    lds_free(c->starts);
    lds_free(c->ends);
}
