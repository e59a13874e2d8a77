/* base/json.h - JSON read into a tree (RFC 8259), enough for a
 * compilation database (compile_commands.json): every value kept with
 * its place in the text, so that a message points at it. */
#ifndef LDS_CSRC_JSON_H
#define LDS_CSRC_JSON_H

#include <stddef.h>

#include "base/arena.h"
#include "base/diag.h"

typedef enum { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } lds_json_kind;

typedef struct lds_json {
    lds_json_kind kind;
    lds_loc loc;                  /* where it starts */
    const char *text;             /* a string decoded (NUL-terminated; a \u0000 in it ends
                                     it early), a number's spelling */
    size_t len;
    struct lds_json *items;       /* an array's values, an object's values */
    const char **keys;            /* an object's keys, in order */
    size_t n;
} lds_json;

/* Parse src, the whole of it one value, into a tree in arena.  -1 with
 * diag set (its place) where it is not JSON. */
int lds_json_parse(const lds_source *src, lds_arena *arena, lds_json **out, lds_diag *diag);

/* An object's value for key (the first), or NULL. */
const lds_json *lds_json_get(const lds_json *object, const char *key);

#endif
