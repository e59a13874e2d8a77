/* front/ptx/ptx.h - the PTX reader's door: a PTX file (as nvcc -ptx
 * -lineinfo, Triton and the CuTe DSL write it) lowered to lds programs,
 * one per .entry, as the kernel-file reader lowers CUDA source: the
 * same result type (front/lowered.h), so src/front.c dispatches both
 * alike.  Nothing else of front/ptx/ is seen from outside. */
#ifndef LDS_PTX_H
#define LDS_PTX_H

#include "base/diag.h"
#include "front/lowered.h"

typedef struct {
    const char *kernel;           /* --kernel NAME (a .entry's name), or NULL: every entry */
    const char *threads;          /* --threads "X, Y, Z", or NULL */
    csrc_define *defines;         /* -D names and values (marked used when read) */
    unsigned ndefines;
    void (*warn)(void *ctx, const lds_diag *w);   /* may be NULL */
    void *warn_ctx;
    lds_source_files *sources;    /* the source files .file names, read (front/lowered.h): each
                                     access is placed at its .loc there, its PTX line a note;
                                     NULL: at its PTX line */
} ptx_lower_options;

/* Lower every .entry of src (or the one o->kernel names): *out gets n
 * programs (malloc'd: csrc_lowered_free).  -1 with diag set on an error
 * (text that is not PTX, no entry, an extern shared array without its
 * size). */
int ptx_lower_file(const lds_source *src, const ptx_lower_options *o, csrc_lowered **out, unsigned *n,
                   lds_diag *diag);

#endif
