/* src/parse_ctx.h - what the parser knows of names across the texts of
 * one session, which C's preprocessor and declarations decide at parse
 * time: the macros #define made (for #if, #ifdef), the names -D gave,
 * and the shared scalars pasted declarations made (so that `D = 1;`
 * writes shared memory and `x = D + 1` reads it). */
#ifndef LDS_PARSE_CTX_H
#define LDS_PARSE_CTX_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>   /* before gmp.h, which declares its FILE functions only after it */
#include <gmp.h>

typedef struct lds_parse_ctx lds_parse_ctx;

lds_parse_ctx *lds_parse_ctx_new(void);
/* A copy (a session continues what the command line parsed). */
lds_parse_ctx *lds_parse_ctx_clone(const lds_parse_ctx *c);
void lds_parse_ctx_free(lds_parse_ctx *c);

/* What a macro name stands for in #if. */
typedef enum {
    LDS_MACRO_NONE,           /* not a macro: #if cannot read it */
    LDS_MACRO_VALUE,          /* an integer (a #define of a constant, or -D) */
    LDS_MACRO_SWEPT,          /* -D with several values (a sweep) */
    LDS_MACRO_OTHER           /* defined, but not a constant (a function-like
                                 macro, or one of the lane) */
} lds_macro_kind;

/* Define (or redefine) a macro: its kind and, for LDS_MACRO_VALUE, value. */
void lds_parse_ctx_define(lds_parse_ctx *c, const char *name, size_t len, lds_macro_kind kind, int64_t value);
/* A -D name: its value (NULL: the sweep gives it several); a value that
 * does not fit 64 bits is a macro #if cannot read. */
void lds_parse_ctx_predefine(lds_parse_ctx *c, const char *name, mpz_srcptr value);
void lds_parse_ctx_undef(lds_parse_ctx *c, const char *name, size_t len);
/* What a name is as a macro (an #if reads it: it is marked read). */
lds_macro_kind lds_parse_ctx_macro(lds_parse_ctx *c, const char *name, size_t len, int64_t *value);
/* Triton TTGIR layout aliases (#shared = #ttg.swizzled_shared<...>): the
 * attribute's text by the alias's name; NULL if none. */
void lds_parse_ctx_set_alias(lds_parse_ctx *c, const char *name, const char *text);
const char *lds_parse_ctx_alias(const lds_parse_ctx *c, const char *name);
/* Matrix descriptors (desc D = wgmma_desc(...)): what a read_desc naming
 * one needs, kept by name as `size` bytes the caller defines (a copy);
 * NULL if none of that name. */
void lds_parse_ctx_set_desc(lds_parse_ctx *c, const char *name, const void *data, size_t size);
const void *lds_parse_ctx_desc(const lds_parse_ctx *c, const char *name);
/* Whether an #if, #ifdef or #ifndef read the macro. */
bool lds_parse_ctx_was_read(const lds_parse_ctx *c, const char *name);

/* Shared scalars: declared (a `__shared__ float D;`), or no longer (the
 * name declared as something else). */
void lds_parse_ctx_set_scalar(lds_parse_ctx *c, const char *name, size_t len, bool scalar);
bool lds_parse_ctx_is_scalar(const lds_parse_ctx *c, const char *name, size_t len);

#endif
