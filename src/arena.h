/* src/arena.h - bump allocation for ASTs: a tree, complete or partial, is
 * freed with its arena; GMP literals are cleared there too. */
#ifndef LDS_ARENA_H
#define LDS_ARENA_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>   /* before gmp.h, which declares its FILE functions only after it */
#include <gmp.h>

#include "src/mem.h"

typedef struct lds_arena lds_arena;

lds_arena *lds_arena_new(void);
void lds_arena_free(lds_arena *a);
/* Empty again, as new, keeping one block of its memory for reuse. */
void lds_arena_reset(lds_arena *a);
/* Zeroed memory, aligned for any type (as malloc's); aborts only if the
 * system is out of memory. */
void *lds_arena_alloc(lds_arena *a, size_t n);
char *lds_arena_strndup(lds_arena *a, const char *s, size_t n);
/* A formatted string in the arena. */
char *lds_arena_vprintf(lds_arena *a, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* An initialised mpz that lives as long as the arena. */
mpz_ptr lds_arena_mpz(lds_arena *a);

#endif
