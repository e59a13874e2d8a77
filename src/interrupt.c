/* src/interrupt.c - the Ctrl-C flag (src/interrupt.h): a lock-free
 * atomic, so that a signal handler may set it and worker threads read it. */
#include "src/interrupt.h"

#include <stdatomic.h>

static atomic_int requested;

void lds_interrupt_request(void)
{
    atomic_store_explicit(&requested, 1, memory_order_relaxed);
}

bool lds_interrupt_pending(void)
{
    return atomic_load_explicit(&requested, memory_order_relaxed) != 0;
}

void lds_interrupt_clear(void)
{
    atomic_store_explicit(&requested, 0, memory_order_relaxed);
}
