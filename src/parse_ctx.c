/* src/parse_ctx.c - the parser's knowledge of names across texts (see
 * src/parse_ctx.h): two small tables of names, searched linearly (a
 * program defines tens of macros, not thousands). */
#include "src/parse_ctx.h"

#include <stdlib.h>
#include <string.h>

#include "base/mem.h"

typedef struct {
    char *name;
    lds_macro_kind kind;
    int64_t value;
    bool read;                /* by #if, #ifdef, #ifndef */
} macro;

struct lds_parse_ctx {
    macro *macros;
    size_t nmacros, capmacros;
    char **scalars;
    size_t nscalars, capscalars;
    char **alias_names, **alias_texts;   /* TTGIR: #shared = #ttg.swizzled_shared<...> */
    size_t naliases, capaliases;
    struct { char *name; void *data; size_t size; } *descs;   /* desc D = wgmma_desc(...) */
    size_t ndescs, capdescs;
};

void lds_parse_ctx_set_desc(lds_parse_ctx *c, const char *name, const void *data, size_t size)
{
    size_t i = 0;
    while (i < c->ndescs && strcmp(c->descs[i].name, name))
        i++;
    if (i == c->ndescs) {
        c->descs = lds_xgrow(c->descs, c->ndescs, &c->capdescs, sizeof *c->descs, 4);
        c->descs[c->ndescs++].name = lds_xstrdup(name);
    } else {
        lds_free(c->descs[i].data);
    }
    c->descs[i].data = lds_xmalloc(size);
    memcpy(c->descs[i].data, data, size);
    c->descs[i].size = size;
}

const void *lds_parse_ctx_desc(const lds_parse_ctx *c, const char *name)
{
    for (size_t i = 0; c && i < c->ndescs; i++)
        if (!strcmp(c->descs[i].name, name))
            return c->descs[i].data;
    return NULL;
}

void lds_parse_ctx_set_alias(lds_parse_ctx *c, const char *name, const char *text)
{
    for (size_t i = 0; i < c->naliases; i++)
        if (!strcmp(c->alias_names[i], name)) {
            lds_free(c->alias_texts[i]);
            c->alias_texts[i] = lds_xstrdup(text);
            return;
        }
    size_t cap = c->capaliases;
    c->alias_names = lds_xgrow(c->alias_names, c->naliases, &cap, sizeof *c->alias_names, 4);
    c->alias_texts = lds_xgrow(c->alias_texts, c->naliases, &c->capaliases, sizeof *c->alias_texts, 4);
    c->alias_names[c->naliases] = lds_xstrdup(name);
    c->alias_texts[c->naliases++] = lds_xstrdup(text);
}

const char *lds_parse_ctx_alias(const lds_parse_ctx *c, const char *name)
{
    for (size_t i = 0; c && i < c->naliases; i++)
        if (!strcmp(c->alias_names[i], name))
            return c->alias_texts[i];
    return NULL;
}

lds_parse_ctx *lds_parse_ctx_new(void)
{
    return lds_xcalloc(1, sizeof(lds_parse_ctx));
}

lds_parse_ctx *lds_parse_ctx_clone(const lds_parse_ctx *c)
{
    lds_parse_ctx *d = lds_parse_ctx_new();
    for (size_t i = 0; c && i < c->nmacros; i++) {
        lds_parse_ctx_define(d, c->macros[i].name, strlen(c->macros[i].name), c->macros[i].kind, c->macros[i].value);
        d->macros[i].read = c->macros[i].read;
    }
    for (size_t i = 0; c && i < c->nscalars; i++)
        lds_parse_ctx_set_scalar(d, c->scalars[i], strlen(c->scalars[i]), true);
    for (size_t i = 0; c && i < c->naliases; i++)
        lds_parse_ctx_set_alias(d, c->alias_names[i], c->alias_texts[i]);
    for (size_t i = 0; c && i < c->ndescs; i++)
        lds_parse_ctx_set_desc(d, c->descs[i].name, c->descs[i].data, c->descs[i].size);
    return d;
}

void lds_parse_ctx_free(lds_parse_ctx *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->nmacros; i++)
        lds_free(c->macros[i].name);
    lds_free(c->macros);
    for (size_t i = 0; i < c->nscalars; i++)
        lds_free(c->scalars[i]);
    lds_free(c->scalars);
    for (size_t i = 0; i < c->naliases; i++) {
        lds_free(c->alias_names[i]);
        lds_free(c->alias_texts[i]);
    }
    lds_free(c->alias_names);
    lds_free(c->alias_texts);
    for (size_t i = 0; i < c->ndescs; i++) {
        lds_free(c->descs[i].name);
        lds_free(c->descs[i].data);
    }
    lds_free(c->descs);
    lds_free(c);
}

static bool same(const char *s, const char *name, size_t len)
{
    return strlen(s) == len && memcmp(s, name, len) == 0;
}

static macro *find_macro(const lds_parse_ctx *c, const char *name, size_t len)
{
    for (size_t i = 0; i < c->nmacros; i++)
        if (same(c->macros[i].name, name, len))
            return &c->macros[i];
    return NULL;
}

void lds_parse_ctx_define(lds_parse_ctx *c, const char *name, size_t len, lds_macro_kind kind, int64_t value)
{
    macro *m = find_macro(c, name, len);
    if (!m) {
        c->macros = lds_xgrow(c->macros, c->nmacros, &c->capmacros, sizeof *c->macros, 8);
        m = &c->macros[c->nmacros++];
        m->name = lds_xstrndup(name, len);
        m->read = false;
    }
    m->kind = kind;
    m->value = value;
}

void lds_parse_ctx_predefine(lds_parse_ctx *c, const char *name, mpz_srcptr value)
{
    bool fits = value && mpz_fits_slong_p(value) && sizeof(long) == 8;
    lds_parse_ctx_define(c, name, strlen(name), !value ? LDS_MACRO_SWEPT : fits ? LDS_MACRO_VALUE : LDS_MACRO_OTHER,
                         fits ? mpz_get_si(value) : 0);
}

void lds_parse_ctx_undef(lds_parse_ctx *c, const char *name, size_t len)
{
    macro *m = find_macro(c, name, len);
    if (!m)
        return;
    lds_free(m->name);
    *m = c->macros[--c->nmacros];
}

lds_macro_kind lds_parse_ctx_macro(lds_parse_ctx *c, const char *name, size_t len, int64_t *value)
{
    macro *m = c ? find_macro(c, name, len) : NULL;
    if (!m)
        return LDS_MACRO_NONE;
    m->read = true;
    *value = m->value;
    return m->kind;
}

bool lds_parse_ctx_was_read(const lds_parse_ctx *c, const char *name)
{
    const macro *m = c ? find_macro(c, name, strlen(name)) : NULL;
    return m && m->read;
}

void lds_parse_ctx_set_scalar(lds_parse_ctx *c, const char *name, size_t len, bool scalar)
{
    for (size_t i = 0; i < c->nscalars; i++)
        if (same(c->scalars[i], name, len)) {
            if (!scalar) {
                lds_free(c->scalars[i]);
                c->scalars[i] = c->scalars[--c->nscalars];
            }
            return;
        }
    if (!scalar)
        return;
    c->scalars = lds_xgrow(c->scalars, c->nscalars, &c->capscalars, sizeof *c->scalars, 8);
    c->scalars[c->nscalars++] = lds_xstrndup(name, len);
}

bool lds_parse_ctx_is_scalar(const lds_parse_ctx *c, const char *name, size_t len)
{
    for (size_t i = 0; c && i < c->nscalars; i++)
        if (same(c->scalars[i], name, len))
            return true;
    return false;
}
