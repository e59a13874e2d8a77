/* src/csrc_parse.h - a kernel file's tokens into its syntax tree
 * (src/csrc_ast.h). */
#ifndef LDS_CSRC_PARSE_H
#define LDS_CSRC_PARSE_H

#include "src/csrc_ast.h"

typedef enum { LDS_LANG_NONE, LDS_LANG_CUDA, LDS_LANG_HIP, LDS_LANG_HLSL, LDS_LANG_GLSL, LDS_LANG_OPENCL, LDS_LANG_PTX, LDS_LANG_TTGIR } lds_lang;

/* Parse the whole file.  Constructs it does not understand become opaque
 * statements with their place; only a file it cannot follow at all (an
 * unbalanced brace) is an error: -1 with diag set. */
int csrc_parse(const csrc_toks *toks, lds_lang lang, lds_arena *arena, csrc_unit *out, lds_diag *diag);

/* Whether a base type name is one of the language's scalar or vector
 * types: its scalar's size in bytes and its lanes (float4: 4, 4);
 * false for anything else (a struct, a pointer's target unknown). */
bool csrc_type_shape(const char *base, unsigned *scalar_bytes, unsigned *lanes, bool *is_float);

#endif
