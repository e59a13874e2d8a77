/* base/strset.h - sets of entries found by a string key: open addressing
 * (linear probes, at most half full, a power-of-two capacity), FNV-1a.
 * An entry is the key itself (key_of NULL: a set of names) or a record
 * whose key key_of gives (an array by its name).  Entries are kept by
 * pointer and must outlive the set; the slots live in an arena (freed
 * with it) or on the heap (lds_strset_free). */
#ifndef LDS_STRSET_H
#define LDS_STRSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"

typedef struct {
    const void **slot;            /* [cap], NULL: empty */
    size_t n, cap;                /* cap: 0 or a power of two, n <= cap / 2 */
    const char *(*key_of)(const void *entry);   /* NULL: the entry is its key */
    lds_arena *arena;             /* where the slots are, or NULL: the heap */
} lds_strset;

/* FNV-1a (64 bits) of a string. */
uint64_t lds_str_hash(const char *s);

/* The entry of key in s, or NULL. */
const void *lds_strset_find(const lds_strset *s, const char *key);

/* Add entry; an entry of the same key is replaced (and returned, else
 * NULL is). */
const void *lds_strset_put(lds_strset *s, const void *entry);

/* The slots freed, the set empty (a heap set; an arena's go with it). */
void lds_strset_free(lds_strset *s);

#endif
