/* front/csrc/lex.h - the tokens of a kernel file (CUDA, HIP, HLSL, GLSL),
 * after C's preprocessor: #define (object and function macros, # and ##),
 * #undef, #if/#ifdef/#ifndef/#elif/#else/#endif, the rest skipped.
 *
 * A token from a macro is placed where the macro was used, so every
 * message about it points at the kernel's own text. */
#ifndef LDS_CSRC_LEX_H
#define LDS_CSRC_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "front/lowered.h"

typedef enum { CT_EOF, CT_ID, CT_NUM, CT_STR, CT_CHR, CT_PUNCT } csrc_tok_kind;

typedef struct {
    csrc_tok_kind kind;
    const char *text;         /* its spelling (not NUL-terminated) */
    unsigned len;
    lds_loc loc;              /* where it is, or where its macro was used */
    bool bol;                 /* first on its line */
    bool blank_before;        /* a blank or a comment before it (not a splice) */
    bool unclosed;            /* a string or character literal its line ends in:
                                 an error where it is read, nothing in a group
                                 #if leaves out (compilers only warn there) */
} csrc_tok;

typedef struct {
    csrc_tok *v;
    size_t n, cap;
} csrc_toks;


/* A macro the file's compiler defines before its first line (nvcc's
 * __CUDA_ARCH__, DXC's __HLSL_VERSION; front/csrc/predef.c). */
typedef struct {
    const char *name;
    const char *body;             /* its replacement text */
    const char *note;             /* a warning where the file first reads it (a value
                                     lds-calc chose where the profile gives none), or NULL */
    bool device_only;             /* the device pass defines it, the host pass does
                                     not (nvcc's __CUDA_ARCH__) */
    bool undecided;               /* the profiles of an -a sweep give it different values:
                                     the file, read once, cannot read its value (an error) */
    bool partial;                 /* some of them define it, some do not: the file cannot
                                     ask whether it is defined either */
} csrc_predefined;

/* The headers a kernel file's #include lines read, kept for as long as
 * its records and messages may name them: each lds_source lds_xmalloc'd
 * (name and text too: lds_input_free, then lds_free), owned by whoever
 * passes the list.  A file read twice (the host pass, a second #include)
 * is read once. */
typedef struct {
    lds_source **v;
    bool *once;                   /* [i]: v[i] said #pragma once */
    size_t n, cap;
    const char *const *dirs;      /* -I: where #include looks after the including file's folder */
    unsigned ndirs;
    const char *const *files;     /* -include: read before the file's first line, in order */
    unsigned nfiles;
    unsigned followed;            /* #include lines followed in this file (a cap: a header
                                     that includes itself without a guard) */
} csrc_includes;

typedef struct {
    csrc_define *defines;
    unsigned ndefines;
    void (*warn)(void *ctx, const lds_diag *w);   /* may be NULL */
    void *warn_ctx;
    /* macros the language's headers define ("NAME(params) body"), which a
     * file uses though its #include is not followed; NULL-terminated, or NULL */
    const char *const *header_macros;
    const csrc_predefined *predefined;   /* the compiler's own macros */
    unsigned npredefined;
    bool glsl_version;            /* #version N [profile] sets __VERSION__ and GL_core_profile,
                                     GL_compatibility_profile or GL_ES (glslang's) */
    const char *const *undefs;    /* -U names: predefined macros not defined */
    unsigned nundefs;
    const char *const *macros;    /* -D's macros, "NAME[(PARAMS)] BODY": defined after the
                                     compiler's own, before the file's first line */
    unsigned nmacros;
    bool *read_device_only;       /* set when the file reads a device_only macro, or NULL */
    csrc_includes *includes;      /* #include "..." and <...> followed into these; NULL: not followed */
} csrc_pp_options;

/* Preprocess src into out (its tokens live in arena, out->v in malloc'd
 * memory: csrc_toks_free).  -1 with diag set on an error. */
int csrc_preprocess(const lds_source *src, const csrc_pp_options *o, lds_arena *arena, csrc_toks *out,
                    lds_diag *diag);
void csrc_toks_free(csrc_toks *t);

/* C++'s alternative tokens (and, or, not, bitand, ... not_eq) as the
 * punctuators they spell: for CUDA and HIP, whose host code uses them
 * (HLSL and GLSL name functions 'and' and 'not'). */
void csrc_alternative_tokens(csrc_toks *t);

/* Whether t is the identifier or punctuator s. */
bool csrc_is(const csrc_tok *t, const char *s);
/* The value of an integer literal (C's suffixes u, l, ll; hex, octal,
 * binary); false for a floating-point literal or a malformed one. */
bool csrc_int_value(const csrc_tok *t, int64_t *out);

#endif
