/* repl/alloc.h - allocation for the program around the library (the
 * command line and the REPL): memory running out there ends the process
 * with lds-calc's message and status 4.  Inside the library it is an
 * error the library returns (LDSCALC_NO_MEMORY). */
#ifndef LDS_REPL_ALLOC_H
#define LDS_REPL_ALLOC_H

#include <stddef.h>

_Noreturn void out_of_memory(void);
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
