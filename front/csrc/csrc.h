/* front/csrc/csrc.h - a kernel file (CUDA, HIP, OpenCL C, HLSL, GLSL)
 * lowered to the lds language: one program per kernel, whose access statements are
 * the kernel's shared-memory accesses, each placed at its own line and
 * column of the file ('#line L:C' lines, lds(5)).  This is the one front
 * end for source files; the lowered text is what --show-lowered prints,
 * and what runs. */
#ifndef LDS_CSRC_LOWER_H
#define LDS_CSRC_LOWER_H

#include "front/csrc/lex.h"
#include "front/csrc/parse.h"

typedef struct {
    lds_lang lang;
    const char *kernel;           /* --kernel NAME, or NULL: every kernel */
    const char *threads;          /* --threads "X, Y, Z", or NULL */
    csrc_define *defines;         /* -D names and values (marked used when read) */
    unsigned ndefines;
    void (*warn)(void *ctx, const lds_diag *w);   /* may be NULL */
    void *warn_ctx;
    const char *const *profiles;  /* -a: the profiles it runs on (none: generic), whose */
    unsigned nprofiles;           /*   compilers' macros it predefines (front/csrc/predef.c) */
    const char *const *undefs;    /* -U: predefined macros left undefined */
    unsigned nundefs;
    const char *const *macros;    /* -D's macros: "NAME[(PARAMS)] BODY" */
    unsigned nmacros;
    csrc_includes *includes;      /* the headers #include reads (and -I), or NULL: not followed */
    bool (*reserved)(const char *name);   /* the lds language's own names, which the lowering
                                             renames (src/names.c: lds_name_reserved) */
} csrc_lower_options;



/* Lower every kernel of src (or the one o->kernel names): *out gets n
 * programs (malloc'd: csrc_lowered_free).  -1 with diag set on an error
 * (a file that cannot be read, no kernel, a name an index needs that no
 * -D gives). */
int csrc_lower_file(const lds_source *src, const csrc_lower_options *o, csrc_lowered **out, unsigned *n,
                    lds_diag *diag);

#endif
