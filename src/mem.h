/* src/mem.h - the one allocation-failure policy: every allocation in
 * lds-calc, GMP's included, goes through these; when memory runs out the
 * program says so and exits with status 4 (a limit was crossed), never
 * a crash or an abort.  Limits (integer width, expression height, file
 * and line sizes) keep the memory a valid program needs bounded; this
 * is the backstop when the machine has less. */
#ifndef LDS_MEM_H
#define LDS_MEM_H

#include <stddef.h>

/* Exit status when memory runs out (as for any limit: evaluation error). */
#define LDS_EXIT_NO_MEMORY 4

/* Route GMP's allocations through the policy; call once before any GMP
 * integer is made (idempotent). */
void lds_mem_init(void);

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

/* Print "lds-calc: out of memory" and exit(LDS_EXIT_NO_MEMORY). */
_Noreturn void lds_out_of_memory(void);

#endif
