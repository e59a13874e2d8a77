/* front/ttgir/ttgir.h - the TTGIR reader's door: a Triton TTGIR module
 * dump (the *.ttgir files of Triton's cache, MLIR_ENABLE_DUMP=1) lowered
 * to lds programs, one per tt.func, as the PTX reader lowers PTX
 * (front/ptx/ptx.h): the same result type (front/lowered.h), so src/front.c dispatches
 * them alike.  Nothing else of front/ttgir/ is seen from outside. */
#ifndef LDS_TTGIR_H
#define LDS_TTGIR_H

#include "base/diag.h"
#include "front/lowered.h"

typedef struct {
    const char *kernel;           /* --kernel NAME (a tt.func's name), or NULL: every function */
    const char *threads;          /* --threads "X, Y, Z", or NULL: the module's warps x threads */
    void (*warn)(void *ctx, const lds_diag *w);   /* may be NULL */
    void *warn_ctx;
    csrc_define *defines;         /* -D names and values: kernel arguments (marked used when read) */
    unsigned ndefines;
    lds_source_files *sources;    /* the source files the module's loc(...) name (its Python
                                     file), read (front/lowered.h): each access is placed at
                                     its loc there, the TTGIR line a note; NULL: at the TTGIR
                                     line, its source place a comment */
} ttgir_lower_options;

/* Lower every tt.func of src (or the one o->kernel names): *out gets n
 * programs (malloc'd: csrc_lowered_free).  -1 with diag set on an error
 * (text that is no TTGIR module, no function, an attribute never
 * closed). */
int ttgir_lower_file(const lds_source *src, ttgir_lower_options *o, csrc_lowered **out, unsigned *n,
                     lds_diag *diag);

#endif
