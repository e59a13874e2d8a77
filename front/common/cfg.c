/* front/common/cfg.c - a function's control flow (front/common/flow.h):
 * basic blocks split at labels and after branches, their order (reverse
 * postorder), dominators (Cooper, Harvey and Kennedy's iteration), and
 * the natural loops of the back edges (an edge to a block that
 * dominates its source), nested by containment.  A retreating edge to a
 * block that does not dominate its source (a loop entered in two places)
 * or an indirect branch is control flow lds-calc does not follow: the
 * function says so (why_not) and its accesses are reported as skipped. */
#include "front/common/flow.h"

#include <stdlib.h>

static bool ends_block(const fw_step *s) { return s->kind != FW_PLAIN && s->kind != FW_LABEL; }

/* The labels of a function, sorted by name: each with its block. */
typedef struct {
    const char *name;
    int block;
} label;

static int label_order(const void *x, const void *y) { return strcmp(((const label *)x)->name, ((const label *)y)->name); }

static label *labels_of(const fw_step *steps, unsigned nsteps, const int *first_block, unsigned *n)
{
    label *l = lds_xmalloc((nsteps + 1) * sizeof *l);
    *n = 0;
    for (unsigned i = 0; i < nsteps; i++)
        if (steps[i].kind == FW_LABEL)
            l[(*n)++] = (label){ steps[i].label, first_block[i] };
    qsort(l, *n, sizeof *l, label_order);
    return l;
}

static int block_of_label(const label *labels, unsigned n, const char *name)
{
    label key = { name, 0 };
    const label *hit = bsearch(&key, labels, n, sizeof *labels, label_order);
    return hit ? hit->block : -2;
}

static void no_follow(fw_cfg *g, const fw_step *in, const char *why)
{
    if (g->why_not)
        return;
    g->why_not = why;
    g->why_line = in ? in->line : 0;
    g->why_col = in ? in->col : 0;
}

/* Blocks and their edges. */
static void split(lds_arena *a, const fw_step *steps, unsigned nsteps, fw_cfg *g)
{
    int *block = lds_arena_alloc(a, (nsteps + 1) * sizeof *block);
    unsigned n = 0;
    bool start = true;
    for (unsigned i = 0; i < nsteps; i++) {
        if (steps[i].kind == FW_LABEL && i > 0 && steps[i - 1].kind != FW_LABEL)
            start = true;
        if (start)
            n++;
        start = false;
        block[i] = (int)n - 1;
        if (ends_block(&steps[i]))
            start = true;
    }
    if (n == 0)
        n = 1;
    g->blocks = lds_arena_alloc(a, n * sizeof *g->blocks);
    g->nblocks = n;
    for (unsigned b = 0; b < n; b++) {
        g->blocks[b] = (fw_block){ .succ = { -1, -1 }, .idom = -1, .loop = -1 };
        g->blocks[b].first = nsteps;
    }
    for (unsigned i = 0; i < nsteps; i++) {
        fw_block *b = &g->blocks[block[i]];
        if (i < b->first)
            b->first = i;
        b->end = i + 1;
    }
    unsigned nlabels;
    label *labels = labels_of(steps, nsteps, block, &nlabels);
    for (unsigned bi = 0; bi < n; bi++) {
        fw_block *b = &g->blocks[bi];
        const fw_step *last = b->end > b->first ? &steps[b->end - 1] : NULL;
        int fall = bi + 1 < n ? (int)bi + 1 : -1;
        if (!last || !ends_block(last)) {
            b->succ[0] = fall;
            b->exits = fall < 0;
            continue;
        }
        if (last->kind == FW_UNFOLLOWED) {
            no_follow(g, last, last->why);
            b->exits = true;
            continue;
        }
        int target = -1;
        if (last->kind == FW_BRANCH) {
            if (!last->target || (target = block_of_label(labels, nlabels, last->target)) == -2) {
                no_follow(g, last, "a branch to a label the function does not have");
                b->exits = true;
                continue;
            }
        } else {
            b->exits = true;   /* ret, exit, trap: the end (-1) */
        }
        b->succ[0] = target;
        if (last->conditional) {
            b->conditional = true;
            b->succ[1] = fall;
            b->exits = b->exits || fall < 0;
        }
    }
    lds_free(labels);
}

static void add_pred(lds_arena *a, fw_cfg *g, int to, int from)
{
    fw_block *b = &g->blocks[to];
    int *p = lds_arena_alloc(a, (b->npreds + 1) * sizeof *p);
    if (b->npreds)
        memcpy(p, b->preds, b->npreds * sizeof *p);
    p[b->npreds++] = from;
    b->preds = p;
}

/* Reverse postorder from block 0, iteratively. */
static void order(lds_arena *a, fw_cfg *g)
{
    unsigned n = g->nblocks, top = 0, done = 0;
    unsigned *post = lds_arena_alloc(a, n * sizeof *post);
    int *stack = lds_xmalloc(n * sizeof *stack);
    unsigned char *state = lds_xcalloc(n, 1), *next_succ = lds_xcalloc(n, 1);
    stack[top++] = 0;
    state[0] = 1;
    while (top) {
        int b = stack[top - 1];
        if (next_succ[b] < 2) {
            int s = g->blocks[b].succ[next_succ[b]++];
            if (s >= 0 && !state[s]) {
                state[s] = 1;
                stack[top++] = s;
            }
            continue;
        }
        post[done++] = (unsigned)b;
        top--;
    }
    g->order = lds_arena_alloc(a, (done ? done : 1) * sizeof *g->order);
    for (unsigned i = 0; i < done; i++) {
        g->order[i] = post[done - 1 - i];
        g->blocks[g->order[i]].rpo = i;
        g->blocks[g->order[i]].reachable = true;
    }
    g->norder = done;
    lds_free(stack);
    lds_free(state);
    lds_free(next_succ);
}

static int intersect(const fw_cfg *g, int x, int y)
{
    while (x != y) {
        while (g->blocks[x].rpo > g->blocks[y].rpo)
            x = g->blocks[x].idom;
        while (g->blocks[y].rpo > g->blocks[x].rpo)
            y = g->blocks[y].idom;
    }
    return x;
}

static void dominators(fw_cfg *g)
{
    g->blocks[0].idom = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (unsigned i = 1; i < g->norder; i++) {
            fw_block *b = &g->blocks[g->order[i]];
            int d = -1;
            for (unsigned p = 0; p < b->npreds; p++) {
                int q = b->preds[p];
                if (g->blocks[q].reachable && g->blocks[q].idom >= 0)
                    d = d < 0 ? q : intersect(g, q, d);
            }
            if (d != b->idom) {
                b->idom = d;
                changed = true;
            }
        }
    }
}

bool fw_cfg_dominates(const fw_cfg *g, int d, int b)
{
    for (;;) {
        if (b == d)
            return true;
        if (b == 0)
            return false;
        b = g->blocks[b].idom;
    }
}

/* The loop of header h: its blocks, reached backwards from each latch. */
static void natural_loop(lds_arena *a, fw_cfg *g, int h, fw_loop *l)
{
    unsigned n = g->nblocks;
    l->header = h;
    l->parent = -1;
    l->in = lds_arena_alloc(a, n);
    l->in[h] = true;
    int *work = lds_xmalloc(n * sizeof *work);
    unsigned top = 0;
    for (unsigned i = 0; i < l->nlatches; i++)
        if (!l->in[l->latches[i]]) {
            l->in[l->latches[i]] = true;
            work[top++] = l->latches[i];
        }
    while (top) {
        const fw_block *b = &g->blocks[work[--top]];
        for (unsigned p = 0; p < b->npreds; p++) {
            int q = b->preds[p];
            if (g->blocks[q].reachable && !l->in[q]) {
                l->in[q] = true;
                work[top++] = q;
            }
        }
    }
    lds_free(work);
}

static unsigned loop_size(const fw_cfg *g, const fw_loop *l)
{
    unsigned s = 0;
    for (unsigned b = 0; b < g->nblocks; b++)
        s += l->in[b];
    return s;
}

static void loops(lds_arena *a, fw_cfg *g)
{
    unsigned n = g->nblocks;
    g->loops = lds_arena_alloc(a, (n ? n : 1) * sizeof *g->loops);
    for (unsigned i = 0; i < g->norder; i++) {
        int h = (int)g->order[i];
        fw_loop l = { 0 };
        for (unsigned p = 0; p < g->blocks[h].npreds; p++) {
            int u = g->blocks[h].preds[p];
            if (!g->blocks[u].reachable || g->blocks[u].rpo < g->blocks[h].rpo)
                continue;
            if (!fw_cfg_dominates(g, h, u)) {
                no_follow(g, NULL, "its control flow is irreducible (a loop entered in two places)");
                continue;
            }
            int *lat = lds_arena_alloc(a, (l.nlatches + 1) * sizeof *lat);
            if (l.nlatches)
                memcpy(lat, l.latches, l.nlatches * sizeof *lat);
            lat[l.nlatches++] = u;
            l.latches = lat;
        }
        if (l.nlatches && (uint64_t)(g->nloops + 1) * n > FW_MAX_LOOP_CELLS) {
            g->too_big = true;
            return;
        }
        if (l.nlatches) {
            natural_loop(a, g, h, &l);
            g->loops[g->nloops++] = l;
        }
    }
    unsigned *size = lds_xmalloc((g->nloops + 1) * sizeof *size);
    for (unsigned i = 0; i < g->nloops; i++)
        size[i] = loop_size(g, &g->loops[i]);
    for (unsigned i = 0; i < g->nloops; i++) {
        for (unsigned j = 0; j < g->nloops; j++)
            if (j != i && g->loops[j].in[g->loops[i].header] && size[j] > size[i]
                && (g->loops[i].parent < 0 || size[j] < size[g->loops[i].parent]))
                g->loops[i].parent = (int)j;
    }
    for (unsigned b = 0; b < n; b++)
        for (unsigned i = 0; i < g->nloops; i++)
            if (g->loops[i].in[b] && (g->blocks[b].loop < 0 || size[i] < size[g->blocks[b].loop]))
                g->blocks[b].loop = (int)i;
    for (unsigned i = 0; i < g->nloops; i++) {
        unsigned d = 1;
        for (int p = g->loops[i].parent; p >= 0; p = g->loops[p].parent)
            d++;
        g->loops[i].depth = d;
    }
    lds_free(size);
}

/* A min-heap of block numbers: the ready block earliest in the text. */
typedef struct {
    unsigned *v;
    unsigned n;
} heap;

static void heap_push(heap *h, unsigned x)
{
    unsigned i = h->n++;
    h->v[i] = x;
    while (i && h->v[(i - 1) / 2] > h->v[i]) {
        unsigned p = (i - 1) / 2, t = h->v[p];
        h->v[p] = h->v[i];
        h->v[i] = t;
        i = p;
    }
}

static unsigned heap_pop(heap *h)
{
    unsigned top = h->v[0], i = 0;
    h->v[0] = h->v[--h->n];
    for (;;) {
        unsigned l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->n && h->v[l] < h->v[m])
            m = l;
        if (r < h->n && h->v[r] < h->v[m])
            m = r;
        if (m == i)
            return top;
        unsigned t = h->v[m];
        h->v[m] = h->v[i];
        h->v[i] = t;
        i = m;
    }
}

/* The walk order: a topological order of the edges that are not back
 * edges, the lowest-numbered ready block first, so that code is walked
 * (and its accesses reported) in the order the text has it. */
static void walk_order(lds_arena *a, fw_cfg *g)
{
    unsigned n = g->nblocks, done = 0;
    unsigned *need = lds_xcalloc(n, sizeof *need);
    unsigned char *back = lds_xcalloc(n, 1);   /* bit k: succ[k] is a back edge */
    bool *taken = lds_xcalloc(n, 1);
    for (unsigned i = 0; i < g->nloops; i++)
        for (unsigned k = 0; k < g->loops[i].nlatches; k++)
            for (int s = 0; s < 2; s++)
                if (g->blocks[g->loops[i].latches[k]].succ[s] == g->loops[i].header)
                    back[g->loops[i].latches[k]] |= (unsigned char)(1u << s);
    for (unsigned b = 0; b < n; b++)
        for (int k = 0; k < 2; k++) {
            int s = g->blocks[b].succ[k];
            if (g->blocks[b].reachable && s >= 0 && !(back[b] >> k & 1) && !(k == 1 && s == g->blocks[b].succ[0]))
                need[s]++;
        }
    heap h = { lds_xmalloc((n + 1) * sizeof *h.v), 0 };
    if (g->norder)
        heap_push(&h, 0);
    g->walk = lds_arena_alloc(a, (g->norder ? g->norder : 1) * sizeof *g->walk);
    while (h.n) {
        unsigned pick = heap_pop(&h);
        taken[pick] = true;
        g->walk[done++] = pick;
        for (int k = 0; k < 2; k++) {
            int s = g->blocks[pick].succ[k];
            if (s >= 0 && !(back[pick] >> k & 1) && !(k == 1 && s == g->blocks[pick].succ[0]) && --need[s] == 0)
                heap_push(&h, (unsigned)s);
        }
    }
    for (unsigned i = 0; done < g->norder && i < g->norder; i++)   /* irreducible: the rest in reverse postorder */
        if (!taken[g->order[i]])
            g->walk[done++] = g->order[i];
    for (unsigned i = 0; i < g->nloops; i++) {   /* each loop's blocks, in that order */
        fw_loop *L = &g->loops[i];
        unsigned m = 0;
        for (unsigned b = 0; b < n; b++)
            m += L->in[b];
        L->body = lds_arena_alloc(a, (m ? m : 1) * sizeof *L->body);
    }
    for (unsigned i = 0; i < done; i++)
        for (int x = g->blocks[g->walk[i]].loop; x >= 0; x = g->loops[x].parent)
            g->loops[x].body[g->loops[x].nbody++] = g->walk[i];
    lds_free(h.v);
    lds_free(need);
    lds_free(back);
    lds_free(taken);
}

void fw_cfg_build(lds_arena *a, const fw_step *steps, unsigned n, fw_cfg *g)
{
    memset(g, 0, sizeof *g);
    split(a, steps, n, g);
    if (g->nblocks > FW_MAX_BLOCKS) {
        g->too_big = true;
        return;
    }
    for (unsigned b = 0; b < g->nblocks; b++)
        for (int k = 0; k < 2; k++)
            if (g->blocks[b].succ[k] >= 0)
                add_pred(a, g, g->blocks[b].succ[k], (int)b);
    order(a, g);
    dominators(g);
    loops(a, g);
    if (!g->too_big)
        walk_order(a, g);
}

bool fw_cfg_in_loop(const fw_cfg *g, int b, int l)
{
    for (int x = g->blocks[b].loop; x >= 0; x = g->loops[x].parent)
        if (x == l)
            return true;
    return false;
}
