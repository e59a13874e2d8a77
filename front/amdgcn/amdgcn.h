/* front/amdgcn/amdgcn.h - the AMDGPU assembly reader's door: a file of
 * AMDGPU assembly (as clang -S for an amdgcn target, hipcc --save-temps
 * and Triton's .amdgcn write it) lowered to lds programs, one per kernel,
 * the same result type as the other readers (front/lowered.h), so
 * src/front.c dispatches alike.  Nothing else of front/amdgcn/ is seen
 * from outside. */
#ifndef LDS_AMDGCN_H
#define LDS_AMDGCN_H

#include "base/diag.h"
#include "front/lowered.h"

typedef struct {
    const char *kernel;           /* --kernel NAME (its symbol or the metadata's name), or NULL: every kernel */
    const char *threads;          /* --threads "X, Y, Z", or NULL */
    csrc_define *defines;         /* -D names and values (marked used when read) */
    unsigned ndefines;
    const char *arch;             /* -a's profile (NULL: the file's .amdgcn_target picks it) */
    lds_source_files *sources;    /* the source files the .file lines name, read
                                     (front/lowered.h): each access is placed at its .loc
                                     there, the assembly line a note; NULL: at the assembly
                                     line, its source place a comment */
    void (*warn)(void *ctx, const lds_diag *w);   /* may be NULL */
    void *warn_ctx;
} amdgcn_lower_options;

/* Lower every kernel of src (or the one o->kernel names): *out gets n
 * programs (csrc_lowered_free).  -1 with diag set on an error (no
 * kernel, a workgroup out of range). */
int amdgcn_lower_file(const lds_source *src, const amdgcn_lower_options *o, csrc_lowered **out, unsigned *n,
                      lds_diag *diag);

#endif
