/* src/mem.c - checked allocation, and GMP's allocator on the same policy. */
#include "src/mem.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gmp.h>

static _Thread_local jmp_buf *recovery;
static _Thread_local unsigned long fail_countdown;   /* tests: 0 = never */

void lds_mem_fail_after(unsigned long n)
{
    fail_countdown = n;
}

unsigned long lds_mem_fail_left(void)
{
    return fail_countdown;
}

/* Whether the allocation being made is the one a test asked to fail. */
static int injected_failure(void)
{
    return fail_countdown && --fail_countdown == 0;
}

jmp_buf *lds_oom_set(jmp_buf *at)
{
    jmp_buf *before = recovery;
    recovery = at;
    return before;
}

jmp_buf *lds_oom_current(void)
{
    return recovery;
}

_Noreturn void lds_out_of_memory(void)
{
    if (recovery)
        longjmp(*recovery, 1);
    /* write(2), not stdio: stdio may need memory of its own */
    static const char msg[] = "lds-calc: out of memory\n";
    fflush(stdout);
    if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0)
        _exit(LDS_EXIT_NO_MEMORY);
    exit(LDS_EXIT_NO_MEMORY);
}

void *lds_xrealloc(void *p, size_t n)
{
    void *q = injected_failure() ? NULL : realloc(p, n ? n : 1);
    if (!q)
        lds_out_of_memory();
    return q;
}

void *lds_xmalloc(size_t n)
{
    return lds_xrealloc(NULL, n);
}

void *lds_xcalloc(size_t count, size_t size)
{
    void *p = injected_failure() ? NULL : calloc(count ? count : 1, size ? size : 1);
    if (!p)
        lds_out_of_memory();
    return p;
}

void *lds_xreallocarray(void *p, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        lds_out_of_memory();
    return lds_xrealloc(p, count * size);
}

void *lds_xgrow(void *p, size_t n, size_t *cap, size_t size, size_t first)
{
    if (n < *cap)
        return p;
    *cap = *cap ? (*cap > SIZE_MAX / 2 ? SIZE_MAX : *cap * 2) : first;
    return lds_xreallocarray(p, *cap, size);
}

char *lds_xstrndup(const char *s, size_t n)
{
    char *p = lds_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *lds_xstrdup(const char *s)
{
    return lds_xstrndup(s, strlen(s));
}

/* GMP's allocation functions (its default ones abort on failure). */
static void *gmp_alloc(size_t n)
{
    return lds_xmalloc(n);
}

static void *gmp_realloc(void *p, size_t old, size_t n)
{
    (void)old;
    return lds_xrealloc(p, n);
}

static void gmp_free(void *p, size_t n)
{
    (void)n;
    free(p);
}

void lds_mem_init(void)
{
    static int done;
    if (!done) {
        mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
        done = 1;
    }
}
