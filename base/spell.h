/* base/spell.h - "did you mean": the closest of a set of candidate words. */
#ifndef LDS_SPELL_H
#define LDS_SPELL_H

#include <stddef.h>

typedef struct {
    const char *name;     /* the word that was not found */
    const char *best;     /* the closest candidate so far */
    size_t dist, limit;
} lds_spell;

/* Start looking for words close to `name` (at most 1 edit for names of
 * two characters, 2 up to five, 3 beyond). */
void lds_spell_init(lds_spell *s, const char *name);
void lds_spell_consider(lds_spell *s, const char *candidate);
/* Every word of a NULL-terminated list. */
void lds_spell_consider_all(lds_spell *s, const char *const *words);
/* The closest candidate within the limit, or NULL. */
const char *lds_spell_best(const lds_spell *s);

/* Edit distance (Levenshtein), ignoring ASCII case differences at half a
 * step: "SM80" is close to "sm80".  Words over 64 bytes are far. */
size_t lds_spell_distance(const char *a, const char *b);

#endif
