/* front/lowered.h - the narrow waist of the readers (front/csrc for
 * kernel files, front/ptx for PTX): each lowers its input to lds text, one
 * program per kernel whose access statements stand at their own lines
 * and columns of the input ('#line L:C', lds(5)); src/front.c picks the
 * reader, and the interpreter, the reports, diagnostics and SARIF read
 * only the lowered text.  The readers use this header and base/, never
 * each other. */
#ifndef LDS_FRONT_LOWERED_H
#define LDS_FRONT_LOWERED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"

typedef enum { LDS_LANG_NONE, LDS_LANG_CUDA, LDS_LANG_HIP, LDS_LANG_HLSL, LDS_LANG_GLSL, LDS_LANG_OPENCL, LDS_LANG_PTX, LDS_LANG_TTGIR, LDS_LANG_AMDGCN } lds_lang;

/* A name given on the command line (-D): its value when it has one
 * (a sweep gives several: has_value false), for #if. */
typedef struct {
    const char *name;
    bool has_value;
    int64_t value;
    char *wide;                   /* one value beyond 64 bits, in decimal (has_value
                                     false: no sweep), or NULL */
    const char *type;             /* -D T=float: a type (a template parameter's) */
    bool used;                    /* the front end read it */
} csrc_define;

typedef struct {
    char *kernel;                 /* the kernel's name (malloc'd) */
    unsigned line, col;           /* where its name is, in the file */
    char *text;                   /* its lowered program (malloc'd) */
    unsigned accesses;            /* shared-memory accesses it holds (skipped ones too) */
    bool cute;                    /* it works through CuTe, which lds-calc does not follow
                                     (a warning said so, with what to do instead) */
} csrc_lowered;

/* The source files a compiled kernel's line information names (PTX's
 * .file), read where they can be: its lowered programs place accesses
 * there with '#line L:C "NAME"' (lds(5)).  Each lds_source and its name
 * and text lds_xmalloc'd, owned by whoever passes the list (src/front.c
 * keeps them as it keeps a kernel file's headers). */
typedef struct {
    lds_source **v;
    size_t n;
} lds_source_files;

/* The file line information in `input` names as `path`: read, and named
 * by where it was read, from the input's folder (a relative path), from
 * the input's folder under path's last component (a compile made
 * elsewhere, its sources shipped beside it), or from path as given; else
 * kept by path with no text (len 0: messages name it and show no line).
 * Added to files once, however often it is asked for; NULL if files is
 * NULL. */
const lds_source *lds_source_file_find(lds_source_files *files, const char *path, const lds_source *input);

struct lds_buf;

/* The '#line' mark (lds(5)) that places a compiled instruction at its
 * source line: line:col of src (a file lds_source_file_find gave; col 0,
 * no column, is the line's first), the instruction's own place in the
 * input (in_line:in_col) a note saying what it is; at its own place
 * where src is NULL or line is 0 (no line information).  A line. */
void lds_mark_compiled(struct lds_buf *out, const lds_source *src, unsigned line, unsigned col, unsigned in_line,
                       unsigned in_col, const char *what);

/* A kernel's lowered programs, freed (n of them, the array too). */
void csrc_lowered_free(csrc_lowered *l, unsigned n);

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

#endif
