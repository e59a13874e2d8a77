/* base/mem.h - the one allocation-failure policy, and who owns a block.
 *
 * Every allocation of the library goes through these functions, and
 * every block they return is freed with lds_free, never free(): a block
 * starts with a header of its own (tests/layering.py checks that src/
 * calls no libc allocator but in the files it names).  When memory runs
 * out on a thread with a recovery point (the C API sets one around each
 * call), the allocation jumps back to it and the caller sees an error
 * value; with none (the library used from inside, as the unit tests
 * do) it says so and exits with status 4, never a crash or an abort.
 * Limits (integer width, expression height, file and line sizes) keep
 * the memory a valid program needs bounded; this is the backstop when
 * the machine has less.
 *
 * Heaps.  A jump abandons what was being built, half updated: its
 * pointers cannot be followed to free it.  So each object of the C API
 * (a session, a result) counts its memory in a heap of its own: while a
 * call works on an object, the API makes its heap current on the thread
 * (and on the threads a run splits into), and every block allocated
 * meanwhile joins it.  When memory ran out, the object's memory is freed
 * by freeing every block its heap holds, without reading what it was
 * building (lds_heap_empty).  A block keeps its heap when reallocated
 * and leaves it when freed; a block allocated with no current heap
 * belongs to none.
 *
 * GMP.  lds_mem_init installs, once for the process, GMP allocation
 * functions that allocate from the current heap, with the same jump,
 * on a thread that has one (inside the C API's calls), and call the
 * functions GMP had before - its default ones, or a host program's -
 * everywhere else: outside lds-calc's calls a program's own GMP
 * integers are allocated and freed exactly as before.  An integer the
 * library makes inside a call is freed inside a call (every entry point
 * that touches one makes a heap current). */
#ifndef LDS_MEM_H
#define LDS_MEM_H

#include <pthread.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>

/* Exit status when memory runs out (as for any limit: evaluation error). */
#define LDS_EXIT_NO_MEMORY 4

/* Install GMP's allocation functions (above), once for the process;
 * later calls do nothing.  Before any GMP integer the library makes. */
void lds_mem_init(void);

/* Set this thread's recovery point (NULL: none) and return the one it
 * replaces.  The caller has called setjmp(*at); when memory runs out,
 * lds_out_of_memory() longjmps there with the value 1, abandoning what
 * was being built: whatever was running is unusable afterwards. */
jmp_buf *lds_oom_set(jmp_buf *at);
/* This thread's recovery point, or NULL. */
jmp_buf *lds_oom_current(void);
/* Tests: make the n-th allocation from now on this thread fail as if
 * memory had run out (0: none). */
void lds_mem_fail_after(unsigned long n);
/* The allocations left before the injected failure (0: none asked for). */
unsigned long lds_mem_fail_left(void);

typedef struct lds_heap lds_heap;

/* A heap with no block; NULL when out of memory (it never jumps). */
lds_heap *lds_heap_new(void);
/* Make h this thread's current heap (NULL: none) and return the one it
 * replaces, for the caller to put back. */
lds_heap *lds_heap_enter(lds_heap *h);
lds_heap *lds_heap_current(void);
/* While a run is split across threads, they all allocate into one
 * heap: each of them (and nothing else meanwhile) passes the same lock
 * here, and NULL when it is done. */
void lds_heap_share(pthread_mutex_t *lock);
/* Free every block h holds: its owner ran out of memory and forgets
 * everything it pointed to.  h stays usable, empty. */
void lds_heap_empty(lds_heap *h);
/* The blocks h holds (tests: 0 once its owner freed what it made). */
size_t lds_heap_blocks(lds_heap *h);
/* Free h itself.  Its owner has freed its blocks one by one; a block
 * still in h is a leak, left for leak checkers to report (it belongs to
 * no heap from now on). */
void lds_heap_free(lds_heap *h);

void *lds_xmalloc(size_t n);
void *lds_xcalloc(size_t count, size_t size);
void *lds_xrealloc(void *p, size_t n);
char *lds_xstrdup(const char *s);
char *lds_xstrndup(const char *s, size_t n);
/* realloc for an array of count items of size bytes, checked for overflow */
void *lds_xreallocarray(void *p, size_t count, size_t size);
/* Room for item n of an array p of *cap items of size bytes: when it is
 * full, *cap doubles (from `first`) and p is reallocated. */
void *lds_xgrow(void *p, size_t n, size_t *cap, size_t size, size_t first);
/* realloc that returns NULL when memory runs out (p unchanged), never
 * jumping: for code that must not leave where it is (a stream's write
 * function inside stdio). */
void *lds_try_realloc(void *p, size_t n);
/* n zeroed bytes in no heap, or NULL when out of memory (never
 * jumping): the C API's sessions and results, which outlive the
 * emptying of their heaps. */
void *lds_alloc_unowned(size_t n);
/* Free a block of the functions above (NULL: nothing). */
void lds_free(void *p);
/* A copy of n bytes and a NUL in memory from malloc(), which a host
 * program frees with free(); NULL when out of memory. */
char *lds_host_strndup(const char *s, size_t n);
/* Free a block lds_host_strndup made (the C API's ldscalc_free). */
void lds_host_free(void *p);

/* Jump to this thread's recovery point; with none, print "lds-calc: out
 * of memory" and exit(LDS_EXIT_NO_MEMORY). */
_Noreturn void lds_out_of_memory(void);

/* A stream whose writes collect in memory of the library, for the
 * writers that take a FILE.  Writing never jumps (it is stdio's call):
 * a write that found no memory is remembered, and closing says so. */
typedef struct {
    FILE *f;
    char *text;               /* NUL-terminated, the owner's to lds_free */
    size_t len, cap;
    int failed;               /* a write was lost: no text */
    char *raw;                /* without fopencookie: open_memstream's */
    size_t rawlen;
} lds_mem_stream;

/* Open s; NULL (nothing to close) when out of memory. */
FILE *lds_mem_stream_open(lds_mem_stream *s);
/* Close s's FILE: 0 with s->text the whole text written ("" if
 * nothing), or -1 when memory ran out on the way (s->text NULL). */
int lds_mem_stream_close(lds_mem_stream *s);
/* write(ctx, out, discard) with out a memory stream and discard one
 * whose text is dropped; returns out's text (*len: its length), which
 * the caller lds_frees.  When memory runs out - in write or in a write
 * to a stream - the streams are closed and the allocation jumps. */
char *lds_mem_write(void (*write)(void *ctx, FILE *out, FILE *discard), void *ctx, size_t *len);

#endif
