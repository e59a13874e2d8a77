/* src/front.h - the program texts of a run, with kernel files (CUDA,
 * HIP, HLSL, GLSL) lowered to lds programs by front/csrc/lower.c: one
 * program per kernel, in place of the file, each pointing back at the
 * file (lds_source.origin) so that every message and record names the
 * kernel's own lines. */
#ifndef LDS_FRONT_H
#define LDS_FRONT_H

#include <stdbool.h>
#include <stdio.h>

#include "front/csrc/csrc.h"
#include "src/run.h"

typedef struct {
    lds_lang lang;                /* --lang: files and stdin in it; LDS_LANG_NONE: by the file's name */
    bool lang_given;
    lds_lang build_lang;          /* a file whose name says none (k.cpp): the build's compiler's
                                     (hipcc: HIP), or LDS_LANG_NONE */
    const char *kernel;           /* --kernel */
    const char *threads;          /* --threads "X, Y, Z" */
} lds_front_options;

/* The texts after lowering: srcs replaced (the kernel files moved to
 * origins, which must outlive every run).  Front-end errors and warnings
 * go to the sink;
 * the -D names the front end read are marked read in ctx (they are
 * used).  Returns LDS_EXIT_OK, or the exit status of an error it reported. */
typedef struct {
    lds_source *srcs;
    unsigned n;
    lds_source **origins;         /* each malloc'd, so that pointers to it stay: the
                                     kernel files and the headers they include */
    unsigned norigins;
    const lds_source ***file_lists;   /* each lowered program's files (its headers) */
    unsigned nfile_lists;
    unsigned kernels;             /* lowered programs among srcs */
} lds_front_texts;

int lds_front_lower(const lds_options *o, const lds_front_options *f, lds_source *srcs, unsigned n,
                    struct lds_parse_ctx *ctx, lds_front_texts *out, const lds_diag_sink *sink);
void lds_front_texts_free(lds_front_texts *t);

/* Whether a text is a lowered kernel. */
bool lds_front_is_lowered(const lds_source *src);

#endif
