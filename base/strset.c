/* base/strset.c - sets of entries found by a string key (base/strset.h). */
#include "base/strset.h"

#include <string.h>

#include "base/check.h"
#include "base/mem.h"

uint64_t lds_str_hash(const char *s)
{
    uint64_t h = 14695981039346656037u;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        h = (h ^ *c) * 1099511628211u;
    return h;
}

static const char *key(const lds_strset *s, const void *entry)
{
    return s->key_of ? s->key_of(entry) : (const char *)entry;
}

/* The slot of key: its entry's, or the empty one where it goes. */
static const void **slot_of(const lds_strset *s, const char *k)
{
    size_t mask = s->cap - 1;
    for (size_t i = (size_t)lds_str_hash(k) & mask;; i = (i + 1) & mask)
        if (!s->slot[i] || !strcmp(key(s, s->slot[i]), k))
            return &s->slot[i];
}

const void *lds_strset_find(const lds_strset *s, const char *k)
{
    return s->cap ? *slot_of(s, k) : NULL;
}

/* Twice the slots (64 at first), each entry placed again. */
static void grow(lds_strset *s)
{
    const void **old = s->slot;
    size_t oldcap = s->cap;
    s->cap = oldcap ? 2 * oldcap : 64;
    if (s->arena) {
        s->slot = lds_arena_alloc(s->arena, s->cap * sizeof *s->slot);
        memset(s->slot, 0, s->cap * sizeof *s->slot);
    } else
        s->slot = lds_xcalloc(s->cap, sizeof *s->slot);
    for (size_t i = 0; i < oldcap; i++)
        if (old[i])
            *slot_of(s, key(s, old[i])) = old[i];
    if (!s->arena)
        lds_free(old);
}

const void *lds_strset_put(lds_strset *s, const void *entry)
{
    if (2 * (s->n + 1) > s->cap)
        grow(s);
    const void **slot = slot_of(s, key(s, entry)), *old = *slot;
    s->n += !old;
    *slot = entry;
    LDS_ASSERT(lds_strset_find(s, key(s, entry)) == entry && 2 * s->n <= s->cap);
    return old;
}

void lds_strset_free(lds_strset *s)
{
    if (!s->arena)
        lds_free(s->slot);
    s->slot = NULL;
    s->n = s->cap = 0;
}
