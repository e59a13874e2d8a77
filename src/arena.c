/* src/arena.c - bump allocator with a list of GMP integers to clear. */
#include "src/arena.h"

#include "src/mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct block {
    struct block *next;
    size_t used, cap;
    max_align_t data[];
} block;

typedef struct mpz_cell {
    struct mpz_cell *next;
    mpz_t z;
} mpz_cell;

struct lds_arena {
    block *head;
    mpz_cell *mpzs;
};

static void *xmalloc(size_t n)
{
    return lds_xmalloc(n);
}

lds_arena *lds_arena_new(void)
{
    lds_arena *a = xmalloc(sizeof *a);
    a->head = NULL;
    a->mpzs = NULL;
    return a;
}

void lds_arena_free(lds_arena *a)
{
    if (!a)
        return;
    for (mpz_cell *c = a->mpzs, *n; c; c = n) {
        n = c->next;
        mpz_clear(c->z);
    }
    for (block *b = a->head, *n; b; b = n) {
        n = b->next;
        lds_free(b);
    }
    lds_free(a);
}

void lds_arena_reset(lds_arena *a)
{
    for (mpz_cell *c = a->mpzs; c; c = c->next)
        mpz_clear(c->z);
    a->mpzs = NULL;
    block *keep = NULL;   /* the oldest block: the last in the list */
    for (block *b = a->head, *n; b; b = n) {
        n = b->next;
        if (n)
            lds_free(b);
        else
            keep = b;
    }
    if (keep)
        keep->used = 0;
    a->head = keep;
}

void *lds_arena_alloc(lds_arena *a, size_t n)
{
    /* aligned as malloc aligns: the lane program keeps 128-bit integers
     * here, which SSE moves read 16 bytes aligned */
    const size_t align = _Alignof(max_align_t);
    n = (n + align - 1) / align * align;
    if (!a->head || a->head->cap - a->head->used < n) {
        size_t cap = n > 16384 ? n : 16384;
        block *b = xmalloc(sizeof *b + cap);
        b->next = a->head;
        b->used = 0;
        b->cap = cap;
        a->head = b;
    }
    void *p = (char *)a->head->data + a->head->used;
    a->head->used += n;
    memset(p, 0, n);
    return p;
}

char *lds_arena_strndup(lds_arena *a, const char *s, size_t n)
{
    char *p = lds_arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *lds_arena_vprintf(lds_arena *a, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *p = lds_arena_alloc(a, n > 0 ? (size_t)n + 1 : 1);
    if (n > 0)
        vsnprintf(p, (size_t)n + 1, fmt, again);
    va_end(again);
    return p;
}

mpz_ptr lds_arena_mpz(lds_arena *a)
{
    mpz_cell *c = lds_arena_alloc(a, sizeof *c);
    mpz_init(c->z);
    c->next = a->mpzs;
    a->mpzs = c;
    return c->z;
}
