/* base/interrupt.c - cancel tokens (base/interrupt.h): a lock-free atomic
 * each, so that a signal handler may set one and worker threads read it;
 * which one a thread polls is thread-local. */
#include "base/interrupt.h"

#include <stddef.h>

static _Thread_local lds_cancel *current;

void lds_cancel_request(lds_cancel *c)
{
    atomic_store_explicit(&c->requested, 1, memory_order_relaxed);
}

void lds_cancel_clear(lds_cancel *c)
{
    atomic_store_explicit(&c->requested, 0, memory_order_relaxed);
}

bool lds_cancel_requested(const lds_cancel *c)
{
    return c && atomic_load_explicit(&((lds_cancel *)c)->requested, memory_order_relaxed) != 0;
}

lds_cancel *lds_cancel_enter(lds_cancel *c)
{
    lds_cancel *before = current;
    current = c;
    return before;
}

lds_cancel *lds_cancel_current(void)
{
    return current;
}

bool lds_interrupt_pending(void)
{
    return lds_cancel_requested(current);
}
