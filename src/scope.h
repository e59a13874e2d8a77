/* src/scope.h - symbols and the names visible at a point of a program.
 *
 * Resolution (src/resolve.c) declares a symbol for each name a statement
 * introduces and binds each use of a name to one; execution then fills
 * in values (a constant's number, an array's place) when the declaring
 * statement runs.  Symbols live in arenas: top-level ones in the
 * session's, block-local ones in a scratch arena of the statement. */
#ifndef LDS_SCOPE_H
#define LDS_SCOPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>   /* before gmp.h, which declares its FILE functions only after it */
#include <gmp.h>

#include "base/arena.h"
#include "src/ast.h"

/* The built-in per-lane and profile names (lds(5), PER-LANE NAMES). */
typedef enum {
    V_LANE, V_WAVE, V_TID, V_TID_X, V_TID_Y, V_TID_Z, V_GROUP,
    V_BANKS, V_BANK_BYTES, V_WAVE_SIZE, V_THREADS_X, V_THREADS_Y, V_THREADS_Z,
    V_DISPATCH_X, V_GROUPS
} lds_var_id;

typedef enum { SYM_BUILTIN, SYM_CONST, SYM_LET, SYM_LOOP, SYM_DEF, SYM_ARRAY } lds_sym_kind;

typedef struct {
    unsigned elem_size;
    const char *type_name;
    unsigned ndims;
    int64_t *dims;            /* [ndims], in the symbol's arena */
    uint64_t base;            /* byte offset in shared memory; a global
                                 array's in its own allocation */
    bool global;              /* in global memory (array global ...) */
    uint64_t elems;           /* elements reserved */
    const struct lds_sym *layout;   /* a def, or NULL for row-major */
} lds_array;

typedef struct lds_sym {
    const char *name;
    lds_sym_kind kind;
    lds_loc loc;              /* where it is declared (none: built-in, -D) */
    unsigned program;         /* the session's program that declared it */
    uint64_t deps;
    lds_var_id var;           /* SYM_BUILTIN */
    unsigned slot;            /* SYM_LOOP: the loop's nesting depth */
    const lds_expr *expr;     /* SYM_LET: its per-lane value */
    const lds_stmt *def;      /* SYM_DEF: parameters and body */
    bool set;                 /* SYM_CONST, SYM_ARRAY: declared and run */
    bool used;                /* resolution bound a use of the name to it */
    lds_loc replaced_at;      /* a -D constant: where a program declared the
                                 name again (src NULL: never) */
    mpz_ptr value;            /* SYM_CONST */
    lds_array array;          /* SYM_ARRAY */
} lds_sym;

/* The names visible at a point, innermost last; each found through a
 * hash of its name, so that a file of many kernels (whose names stay
 * declared) is resolved in time that grows with its size. */
typedef struct {
    lds_sym **syms;
    size_t n, cap;
    size_t *bucket;               /* [nbuckets]: index + 1 of the innermost symbol
                                     whose name hashes there, 0 none */
    size_t *next;                 /* [cap]: for syms[i], the index + 1 of the
                                     next symbol down of its bucket, 0 none */
    size_t nbuckets;              /* a power of two */
} lds_scope;

/* An empty scope with the built-in names (shared, read-only). */
void lds_scope_init(lds_scope *sc);
/* The scope as lds_scope_init makes it, the built-in names alone, its
 * lists kept (a session reopened per sweep point or candidate).  It reads
 * the names it drops: call it before their arena is reset or freed. */
void lds_scope_reset(lds_scope *sc);
/* The scope's list; the symbols die with their arenas. */
void lds_scope_free(lds_scope *sc);
/* The innermost symbol called name, or NULL. */
lds_sym *lds_scope_find(const lds_scope *sc, const char *name);
/* Append an array's dimensions as declared: "[32][33]". */
struct lds_buf;
void lds_array_dims_text(struct lds_buf *b, const lds_array *a);
/* A new symbol (name copied into arena) at the innermost end. */
lds_sym *lds_scope_declare(lds_scope *sc, lds_arena *arena, const char *name, lds_sym_kind kind, lds_loc loc);
/* Drop every symbol declared after mark == sc->n (a block ends). */
void lds_scope_pop_to(lds_scope *sc, size_t mark);
/* Whether a symbol is a built-in name that a program may not redefine. */
bool lds_sym_is_builtin(const lds_sym *s);
/* Whether a name is one of the built-in names (lane, tid.x, banks, ...). */
bool lds_is_builtin_name(const char *name);

#endif
