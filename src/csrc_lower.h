/* src/csrc_lower.h - a kernel file (CUDA, HIP, OpenCL C, HLSL, GLSL)
 * lowered to the lds language: one program per kernel, whose access statements are
 * the kernel's shared-memory accesses, each placed at its own line and
 * column of the file ('#line L:C' lines, lds(5)).  This is the one front
 * end for source files; the lowered text is what --show-lowered prints,
 * and what runs. */
#ifndef LDS_CSRC_LOWER_H
#define LDS_CSRC_LOWER_H

#include "src/csrc_lex.h"
#include "src/csrc_parse.h"

typedef struct {
    lds_lang lang;
    const char *kernel;           /* --kernel NAME, or NULL: every kernel */
    const char *threads;          /* --threads "X, Y, Z", or NULL */
    csrc_define *defines;         /* -D names and values (marked used when read) */
    unsigned ndefines;
    void (*warn)(void *ctx, const lds_diag *w);   /* may be NULL */
    void *warn_ctx;
    const char *const *profiles;  /* -a: the profiles it runs on (none: generic), whose */
    unsigned nprofiles;           /*   compilers' macros it predefines (src/csrc_predef.c) */
    const char *const *undefs;    /* -U: predefined macros left undefined */
    unsigned nundefs;
    csrc_includes *includes;      /* the headers #include reads (and -I), or NULL: not followed */
} csrc_lower_options;

typedef struct {
    char *kernel;                 /* the kernel's name (malloc'd) */
    unsigned line, col;           /* where its name is, in the file */
    char *text;                   /* its lowered program (malloc'd) */
    unsigned accesses;            /* shared-memory accesses it holds (skipped ones too) */
    bool cute;                    /* it works through CuTe, which lds-calc does not follow
                                     (a warning said so, with what to do instead) */
} csrc_lowered;

/* The language a file's name says (.cu .cuh: CUDA, .hip: HIP, .cl:
 * OpenCL C, .hlsl .fx: HLSL, .comp .glsl: GLSL), or LDS_LANG_NONE. */
lds_lang lds_lang_of_path(const char *path);
/* The language of a file lds-calc refuses to read by its name (.wgsl:
 * WGSL, .metal: Metal), for the message; NULL for any other. */
const char *lds_lang_refused(const char *path);
/* --lang NAME; false if unknown. */
bool lds_lang_lookup(const char *name, lds_lang *out);
const char *lds_lang_name(lds_lang l);
/* Its usual file extension: "cu" "hip" "hlsl" "comp" "cl" ("lds" for none). */
const char *lds_lang_extension(lds_lang l);

/* Lower every kernel of src (or the one o->kernel names): *out gets n
 * programs (malloc'd: csrc_lowered_free).  -1 with diag set on an error
 * (a file that cannot be read, no kernel, a name an index needs that no
 * -D gives). */
int csrc_lower_file(const lds_source *src, const csrc_lower_options *o, csrc_lowered **out, unsigned *n,
                    lds_diag *diag);
void csrc_lowered_free(csrc_lowered *l, unsigned n);

#endif
