/* base/stack.c - work run on a thread with a stack of a given size (base/stack.h). */
#include "base/stack.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>

#include "base/mem.h"

typedef struct {
    void (*fn)(void *);
    void *arg;
    bool recover;                 /* the caller has a recovery point: so has the thread */
    bool out_of_memory;
    unsigned long countdown;      /* a test's injected failure, carried across */
    lds_heap *heap;               /* the caller's current heap: the thread allocates into it */
} stack_job;

static void *stack_main(void *p)
{
    stack_job *j = p;
    jmp_buf at;
    lds_mem_fail_after(j->countdown);
    lds_heap_enter(j->heap);
    if (j->recover) {
        lds_oom_set(&at);
        if (setjmp(at)) {   /* what fn was building is abandoned, as on the caller's thread */
            j->out_of_memory = true;
            j->countdown = lds_mem_fail_left();
            return NULL;
        }
    }
    j->fn(j->arg);
    j->countdown = lds_mem_fail_left();
    return NULL;
}

void lds_run_on_stack(size_t bytes, void (*fn)(void *), void *arg)
{
    stack_job j = { fn, arg, lds_oom_current() != NULL, false, lds_mem_fail_left(), lds_heap_current() };
    pthread_attr_t attr;
    pthread_t t;
    int rc = pthread_attr_init(&attr);
    if (rc == 0) {
        rc = pthread_attr_setstacksize(&attr, bytes);
        if (rc == 0)
            rc = pthread_create(&t, &attr, stack_main, &j);
        pthread_attr_destroy(&attr);
    }
    if (rc != 0) {   /* no thread to be had: here, with the stack there is */
        fn(arg);
        return;
    }
    pthread_join(t, NULL);
    lds_mem_fail_after(j.countdown);
    if (j.out_of_memory)
        lds_out_of_memory();
}
