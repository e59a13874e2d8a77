/* src/mem.h - the one allocation-failure policy: every allocation in
 * the library goes through these.  When memory runs out on a thread with
 * a recovery point (the C API sets one around each call), the allocation
 * jumps back to it and the caller sees an error value; with none (the
 * command line) the program says so and exits with status 4 (a limit
 * was crossed), never a crash or an abort.  Limits (integer width,
 * expression height, file and line sizes) keep the memory a valid
 * program needs bounded; this is the backstop when the machine has less.
 *
 * GMP's allocator is process-wide, so the library never installs one:
 * the command line routes GMP through this policy (lds_mem_init); a
 * program embedding the library keeps whatever GMP allocator it has. */
#ifndef LDS_MEM_H
#define LDS_MEM_H

#include <setjmp.h>
#include <stddef.h>

/* Exit status when memory runs out (as for any limit: evaluation error). */
#define LDS_EXIT_NO_MEMORY 4

/* Route GMP's allocations through the policy, process-wide: for the
 * command line only, once before any GMP integer is made (idempotent). */
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

/* Jump to this thread's recovery point; with none, print "lds-calc: out
 * of memory" and exit(LDS_EXIT_NO_MEMORY). */
_Noreturn void lds_out_of_memory(void);

#endif
