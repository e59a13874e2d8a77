/* base/mem.c - checked allocation, heaps, GMP's allocator on the same
 * policy, and streams into memory (base/mem.h says why). */
#define _GNU_SOURCE   /* fopencookie */
#include "base/mem.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#include <gmp.h>

#include "config.h"

static _Thread_local jmp_buf *recovery;
static _Thread_local lds_heap *current;
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

/* ---------------------------------------------------------------- heaps */

/* What precedes every block: its neighbours in its heap's ring (NULL
 * when it is in none), 16 bytes, aligned as malloc aligns the block
 * after it. */
typedef struct head {
    _Alignas(max_align_t) struct head *prev;
    struct head *next;
} head;

struct lds_heap {
    head ring;                /* its blocks: ring.next ... ring.prev */
};

/* The lock of the heap this thread shares with others (a run split
 * across threads), or NULL: a heap is one call's, one thread's, at a
 * time, but while a run is split its threads allocate into it at once. */
static _Thread_local pthread_mutex_t *shared;

lds_heap *lds_heap_new(void)
{
    lds_heap *h = malloc(sizeof *h);
    if (!h)
        return NULL;
    h->ring.prev = h->ring.next = &h->ring;
    return h;
}

lds_heap *lds_heap_enter(lds_heap *h)
{
    lds_heap *before = current;
    current = h;
    return before;
}

lds_heap *lds_heap_current(void)
{
    return current;
}

void lds_heap_share(pthread_mutex_t *lock)
{
    shared = lock;
}

static void lock(void)
{
    if (shared)
        pthread_mutex_lock(shared);
}

static void unlock(void)
{
    if (shared)
        pthread_mutex_unlock(shared);
}

/* Put the new block b into heap h (none: NULL). */
static void join(head *b, lds_heap *h)
{
    if (!h) {
        b->prev = b->next = NULL;
        return;
    }
    lock();
    b->prev = &h->ring;
    b->next = h->ring.next;
    h->ring.next->prev = b;
    h->ring.next = b;
    unlock();
}

static void leave(head *b)
{
    if (!b->next)
        return;
    lock();
    b->prev->next = b->next;
    b->next->prev = b->prev;
    unlock();
}

void lds_heap_empty(lds_heap *h)
{
    if (!h)
        return;
    for (head *b = h->ring.next, *next; b != &h->ring; b = next) {
        next = b->next;
        free(b);
    }
    h->ring.prev = h->ring.next = &h->ring;
}

size_t lds_heap_blocks(lds_heap *h)
{
    size_t n = 0;
    for (head *b = h->ring.next; b != &h->ring; b = b->next)
        n++;
    return n;
}

void lds_heap_free(lds_heap *h)
{
    if (!h)
        return;
    for (head *b = h->ring.next, *next; b != &h->ring; b = next) {   /* leaks: no heap's now */
        next = b->next;
        b->prev = b->next = NULL;
    }
    free(h);
}

/* --------------------------------------------------------- allocation */

void *lds_try_realloc(void *p, size_t n)
{
    if (n > SIZE_MAX - sizeof(head) || injected_failure())
        return NULL;
    if (!p) {
        head *b = malloc(sizeof(head) + n);
        if (!b)
            return NULL;
        join(b, current);
        return b + 1;
    }
    head *b = (head *)p - 1;
    bool owned = b->next != NULL;
    if (owned)   /* held while the block moves: its neighbours point at it */
        lock();
    head *moved = realloc(b, sizeof(head) + n);
    if (moved && owned) {
        moved->prev->next = moved;
        moved->next->prev = moved;
    }
    if (owned)
        unlock();
    return moved ? moved + 1 : NULL;
}

void *lds_alloc_unowned(size_t n)
{
    lds_heap *before = lds_heap_enter(NULL);
    void *p = lds_try_realloc(NULL, n);
    lds_heap_enter(before);
    if (p)
        memset(p, 0, n);
    return p;
}

char *lds_host_strndup(const char *s, size_t n)
{
    char *p = n < SIZE_MAX ? malloc(n + 1) : NULL;
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

void lds_host_free(void *p)
{
    free(p);
}

void lds_free(void *p)
{
    if (!p)
        return;
    head *b = (head *)p - 1;
    leave(b);
    free(b);
}

void *lds_xrealloc(void *p, size_t n)
{
    void *q = lds_try_realloc(p, n ? n : 1);
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
    count = count ? count : 1;
    size = size ? size : 1;
    if (count > (SIZE_MAX - sizeof(head)) / size || injected_failure())
        lds_out_of_memory();
    head *b = calloc(1, sizeof(head) + count * size);   /* calloc: fresh pages come zeroed */
    if (!b)
        lds_out_of_memory();
    join(b, current);
    return b + 1;
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
    if (n == SIZE_MAX)
        lds_out_of_memory();
    char *p = lds_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *lds_xstrdup(const char *s)
{
    return lds_xstrndup(s, strlen(s));
}

/* ---------------------------------------------------------------- GMP */

/* The functions GMP had before lds_mem_init: used outside the library's
 * calls (on a thread with no current heap). */
static void *(*host_alloc)(size_t);
static void *(*host_realloc)(void *, size_t, size_t);
static void (*host_free)(void *, size_t);

static void *gmp_alloc(size_t n)
{
    return current ? lds_xmalloc(n) : host_alloc(n);
}

static void *gmp_realloc(void *p, size_t old, size_t n)
{
    return current ? lds_xrealloc(p, n) : host_realloc(p, old, n);
}

static void gmp_free(void *p, size_t n)
{
    if (current)
        lds_free(p);
    else
        host_free(p, n);
}

static void install_gmp_functions(void)
{
    mp_get_memory_functions(&host_alloc, &host_realloc, &host_free);
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
}

void lds_mem_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_gmp_functions);
}

/* ---------------------------------------------------- memory streams */

#ifdef HAVE_FOPENCOOKIE
/* stdio's write function: append, or remember the loss. */
static ssize_t stream_write(void *cookie, const char *buf, size_t n)
{
    lds_mem_stream *s = cookie;
    if (s->failed)
        return -1;
    if (n >= SIZE_MAX / 2 - s->len) {
        s->failed = 1;
        return -1;
    }
    if (s->len + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 256;
        while (cap < s->len + n + 1)
            cap *= 2;
        char *text = lds_try_realloc(s->text, cap);
        if (!text) {
            s->failed = 1;
            return -1;
        }
        s->text = text;
        s->cap = cap;
    }
    memcpy(s->text + s->len, buf, n);
    s->len += n;
    s->text[s->len] = '\0';
    return (ssize_t)n;
}

FILE *lds_mem_stream_open(lds_mem_stream *s)
{
    memset(s, 0, sizeof *s);
    cookie_io_functions_t io = { .read = NULL, .write = stream_write, .seek = NULL, .close = NULL };
    s->f = fopencookie(s, "w", io);
    return s->f;
}

/* The stream's text: what the write function collected. */
static int stream_text(lds_mem_stream *s, int closed)
{
    return closed == 0 && !s->failed ? 0 : -1;
}
#else
/* Without fopencookie: POSIX's open_memstream, whose text is copied
 * into the library's memory at the end (a write it lost inside stdio
 * is not always seen: fopencookie's is). */
FILE *lds_mem_stream_open(lds_mem_stream *s)
{
    memset(s, 0, sizeof *s);
    s->f = open_memstream(&s->raw, &s->rawlen);
    return s->f;
}

static int stream_text(lds_mem_stream *s, int closed)
{
    if (closed != 0 || !s->raw)
        return -1;
    s->text = lds_try_realloc(NULL, s->rawlen + 1);
    if (s->text) {
        memcpy(s->text, s->raw, s->rawlen + 1);
        s->len = s->rawlen;
    }
    free(s->raw);   /* libc's */
    s->raw = NULL;
    return s->text ? 0 : -1;
}
#endif

int lds_mem_stream_close(lds_mem_stream *s)
{
    int ok = stream_text(s, fclose(s->f)) == 0;
    s->f = NULL;
    if (ok && !s->text) {   /* nothing was written */
        s->text = lds_try_realloc(NULL, 1);
        ok = s->text != NULL;
        if (ok)
            s->text[0] = '\0';
    }
    if (!ok) {
        lds_free(s->text);
        s->text = NULL;
        s->len = 0;
    }
    return ok ? 0 : -1;
}

/* Close a stream whose text is dropped (memory ran out around it). */
static void drop(lds_mem_stream *s)
{
    if (!s->f)
        return;
    s->failed = 1;   /* its last flush writes nothing */
    fclose(s->f);
    free(s->raw);
    lds_free(s->text);
    s->f = NULL;
    s->raw = s->text = NULL;
}

char *lds_mem_write(void (*write)(void *ctx, FILE *out, FILE *discard), void *ctx, size_t *len)
{
    lds_mem_stream *s = lds_xcalloc(2, sizeof *s);   /* not on the stack: a jump leaves it as written */
    if (!lds_mem_stream_open(&s[0]) || !lds_mem_stream_open(&s[1])) {
        drop(&s[0]);
        lds_free(s);
        lds_out_of_memory();
    }
    jmp_buf at, *outer = lds_oom_set(&at);
    if (setjmp(at)) {
        lds_oom_set(outer);
        drop(&s[0]);
        drop(&s[1]);
        lds_free(s);
        lds_out_of_memory();
    }
    write(ctx, s[0].f, s[1].f);
    lds_oom_set(outer);
    int lost = lds_mem_stream_close(&s[0]) < 0;
    lds_mem_stream_close(&s[1]);
    lds_free(s[1].text);
    char *text = s[0].text;
    if (len)
        *len = s[0].len;
    lds_free(s);
    if (lost)
        lds_out_of_memory();
    return text;
}
