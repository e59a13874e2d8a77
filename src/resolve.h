/* src/resolve.h - name resolution: a pass over one statement before it
 * runs.  It declares the names the statement introduces, binds every use
 * of a name to its symbol, computes what each expression depends on
 * (lane, wave, group, which loops), assigns loop slots, and checks what
 * can be checked without running: unknown names (with "did you mean"),
 * calls' arity, recursion, values that must be the same for every lane,
 * the nesting of loops.  After it the statement's tree is only read. */
#ifndef LDS_RESOLVE_H
#define LDS_RESOLVE_H

#include <stdbool.h>

#include "src/ast.h"
#include "src/scope.h"

typedef struct {
    lds_scope *scope;
    lds_arena *persist;       /* top-level declarations: live with the session */
    lds_arena *scratch;       /* block-local ones: live while the statement runs */
    lds_diag *diag;
    unsigned nslots;          /* loop slots in use */
    unsigned depth;           /* block nesting (0: top level) */
    bool keeps_tree;          /* a top-level let or def refers to the tree */
    unsigned program;         /* which program of the session this is */
    const char *override_array;   /* a suggest candidate's run: this array */
    const char *override_layout;  /* takes this layout def (NULL: none) */
    unsigned remap;               /* and its accesses this thread remap (0: none) */
} lds_resolver;

/* Resolve statement s (and its blocks).  Returns 0, or -1 with diag set. */
int lds_resolve_statement(lds_resolver *r, lds_stmt *s);

/* Resolve an expression that stands alone (a -D value). */
int lds_resolve_expr(lds_resolver *r, lds_expr *e);

#endif
