/* src/parallel.c - an enumerated range split across threads.
 *
 * Each worker runs a contiguous part of the range with copies of what a
 * run changes (the variables, an evaluator, a diagnostic, the totals, the
 * instructions it keeps, the compiled program); the read-only rest (the
 * tree, the profile) is shared.  Operations come from the run's budget in
 * chunks, under a lock.  When every worker succeeds, their totals add up
 * and their kept instructions follow one another in range order: the same
 * results as one thread.  When any fails (an error, a limit, an
 * interrupt), everything they did is dropped, the budget is put back as
 * it was, and the caller runs the range on one thread, which reports
 * exactly what a single thread reports. */
#include "src/job.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/interrupt.h"
#include "base/mem.h"

/* Operations a worker takes from the run's budget at a time. */
#define BUDGET_CHUNK 65536

typedef struct {
    pthread_mutex_t lock;
    lds_budget *pool;          /* the run's */
    pthread_mutex_t heap_lock; /* the heap the workers allocate into at once */
    unsigned workers;          /* drawing from it */
} shared_budget;

typedef struct {
    job j;
    lds_access_space sp;
    lds_env env;
    lds_eval ev;
    lds_diag diag;
    lds_budget budget;
    lds_metrics m;
    lds_access_result rec;     /* its totals' kept instructions */
    lds_arena *arena;          /* its lane program's memory */
    uint64_t steps;
    unsigned dim;
    int64_t lo, hi;
    lds_cancel *cancel;        /* the splitting thread's token: Ctrl-C or
                                  a cancel reaches the workers too */
    bool recover;              /* the splitting thread has a recovery point
                                  for out-of-memory: the worker sets its own */
    lds_heap *heap;            /* the splitting thread's current heap: the
                                  worker's blocks are counted there too */
    pthread_mutex_t *heap_lock;
    bool out_of_memory;        /* and ran out: its state is abandoned */
    int rc;
} worker;

static bool refill(lds_budget *b, uint64_t need)
{
    shared_budget *sh = b->owner;
    bool ok = false;
    pthread_mutex_lock(&sh->lock);
    uint64_t want = need - b->left > BUDGET_CHUNK ? need - b->left : BUDGET_CHUNK;
    if (want > sh->pool->left)
        want = sh->pool->left;
    if (b->left + want >= need) {
        sh->pool->left -= want;
        b->left += want;
        ok = true;
    }
    pthread_mutex_unlock(&sh->lock);
    return ok;
}

/* What a worker may still draw: its share of what the run has left. */
static uint64_t more(lds_budget *b)
{
    shared_budget *sh = b->owner;
    pthread_mutex_lock(&sh->lock);
    uint64_t share = sh->pool->left / (sh->workers ? sh->workers : 1);
    pthread_mutex_unlock(&sh->lock);
    return share;
}

static void *work(void *arg)
{
    worker *w = arg;
    jmp_buf at;
    lds_cancel_enter(w->cancel);
    lds_heap_enter(w->heap);
    lds_heap_share(w->heap_lock);
    if (w->recover) {
        lds_oom_set(&at);
        if (setjmp(at)) {   /* the splitting thread jumps to its own point */
            w->out_of_memory = true;
            w->rc = -1;
            return NULL;
        }
    }
    w->rc = lds_job_run_enumerated(&w->j, w->dim, w->lo, w->hi);
    lds_job_flush(&w->j);
    return NULL;
}

/* Worker w's copy of job j, for values lo .. hi - 1 of dimension i
 * (inner instructions each). */
static void worker_init(worker *w, const job *j, unsigned i, int64_t lo, int64_t hi, uint64_t inner,
                        shared_budget *sh)
{
    const lds_access_space *sp = j->sp;
    const lds_access_result *rec = j->rec;
    memset(w, 0, sizeof *w);
    w->env = *j->env;
    w->budget.refill = sh->pool ? refill : NULL;
    w->budget.more = sh->pool ? more : NULL;
    w->budget.owner = sh;
    w->budget.limit = sh->pool ? sh->pool->limit : 0;
    lds_eval_init(&w->ev, &w->env, sh->pool ? &w->budget : NULL, &w->diag);
    w->ev.num.max_bits = sp->ev->num.max_bits;
    w->ev.num.force_big = sp->ev->num.force_big;
    w->ev.where = sp->ev->where;
    w->sp = *sp;
    w->sp.ev = &w->ev;
    w->sp.diag = &w->diag;
    w->steps = *sp->steps;
    w->sp.steps = &w->steps;
    lds_metrics_init(&w->m);
    w->rec.kind = rec->kind;
    w->rec.width = rec->width;
    w->rec.parts = rec->parts;
    w->rec.naddr = rec->naddr;
    w->rec.keep_worst = rec->keep_worst;
    w->rec.capsamples = rec->capsamples - rec->nsamples;
    if (w->rec.capsamples)
        w->rec.samples = lds_xcalloc(w->rec.capsamples, sizeof *w->rec.samples);
    w->j = *j;
    memset(&w->j.unflushed, 0, sizeof w->j.unflushed);   /* the splitting job's, not this copy's */
    w->j.sp = &w->sp;
    w->j.rec = &w->rec;
    w->j.env = &w->env;
    w->j.m = &w->m;
    w->j.target.ev = &w->ev;
    w->j.in_worker = true;
    uint64_t planned;
    if (__builtin_mul_overflow((uint64_t)(hi - lo), inner, &planned))
        planned = UINT64_MAX;
    lds_work_begin(&w->j.work, &w->budget, planned, "instructions");
    w->arena = lds_arena_new();   /* the statement's arena is the splitting thread's */
    w->sp.arena = w->arena;
    w->j.lanes = lds_lanes_compile(sp->s, &w->ev.num, w->arena);
    w->j.memo = j->memo ? lds_memo_new(w->arena) : NULL;
    for (unsigned k = 0; k <= j->ndims; k++)   /* mult[i + 1] for dimension i */
        mpz_init_set(w->j.mult[k], j->mult[k]);
    w->cancel = lds_cancel_current();
    w->recover = lds_oom_current() != NULL;
    w->heap = lds_heap_current();
    w->heap_lock = &sh->heap_lock;
    w->dim = i;
    w->lo = lo;
    w->hi = hi;
}

static void worker_free(worker *w)
{
    for (unsigned k = 0; k <= w->j.ndims; k++)
        mpz_clear(w->j.mult[k]);
    lds_memo_release(w->j.memo);   /* before the arena it lives in */
    lds_arena_free(w->arena);
    lds_results_drop_samples(&w->rec);
    lds_metrics_clear(&w->m);
    lds_eval_free(&w->ev);
}

int lds_job_run_parallel(job *j, unsigned i, int64_t lo, int64_t hi, uint64_t inner)
{
    unsigned n = j->sp->jobs;
    if ((uint64_t)(hi - lo) < n)
        n = (unsigned)(hi - lo);
    if (n < 2)
        return 0;
    worker *w = lds_xcalloc(n, sizeof *w);
    pthread_t *t = lds_xcalloc(n, sizeof *t);
    lds_budget *pool = j->sp->ev->budget;
    shared_budget sh = { .lock = PTHREAD_MUTEX_INITIALIZER, .pool = pool, .heap_lock = PTHREAD_MUTEX_INITIALIZER,
                         .workers = n };
    uint64_t before = pool ? pool->left : 0;
    unsigned started = 0;
    for (unsigned k = 0; k < n; k++) {
        int64_t a = lo + (int64_t)((uint64_t)(hi - lo) * k / n), b = lo + (int64_t)((uint64_t)(hi - lo) * (k + 1) / n);
        worker_init(&w[k], j, i, a, b, inner, &sh);
    }
    for (; started < n; started++)
        if (pthread_create(&t[started], NULL, work, &w[started]) != 0)
            break;
    for (unsigned k = 0; k < started; k++)
        pthread_join(t[k], NULL);
    for (unsigned k = 0; k < started; k++)
        if (w[k].out_of_memory)   /* half-built state: not used (the heap's owner frees it) */
            lds_out_of_memory();
    bool ok = started == n;
    uint64_t base = *j->sp->steps, steps = base;
    for (unsigned k = 0; k < n && ok; k++) {
        ok = w[k].rc == 0;
        steps += w[k].steps - base;
    }
    ok = ok && steps <= j->sp->max_steps;   /* else one thread says where it passed */
    if (ok) {   /* in range order: the totals, the kept instructions */
        for (unsigned k = 0; k < n; k++) {
            lds_metrics_add(j->m, &w[k].m);
            j->rec->simulated += w[k].rec.simulated;
            lds_results_take_samples(j->rec, &w[k].rec);
            j->work.done += w[k].j.work.done;
            if (pool) {
                pool->left += w[k].budget.left;
                pool->spent += w[k].budget.spent;
            }
        }
        *j->sp->steps = steps;
    } else if (pool) {
        pool->left = before;   /* as if nothing ran: one thread does it again */
    }
    for (unsigned k = 0; k < n; k++)
        worker_free(&w[k]);
    lds_free(w);
    lds_free(t);
    pthread_mutex_destroy(&sh.lock);
    pthread_mutex_destroy(&sh.heap_lock);
    return ok ? 1 : 0;
}
