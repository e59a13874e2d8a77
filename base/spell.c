/* base/spell.c - edit distance and the closest candidate. */
#include "base/spell.h"

#include <ctype.h>
#include <string.h>

/* Distances are counted in half steps: a change of case costs 1, any
 * other edit 2. */
size_t lds_spell_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return 999;
    size_t row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = 2 * j;
    for (size_t i = 1; i <= la; i++) {
        size_t prev = row[0];
        row[0] = 2 * i;
        for (size_t j = 1; j <= lb; j++) {
            size_t cur = row[j];
            char x = a[i - 1], y = b[j - 1];
            size_t sub = x == y ? 0 : tolower((unsigned char)x) == tolower((unsigned char)y) ? 1 : 2;
            size_t best = prev + sub;
            if (row[j] + 2 < best)
                best = row[j] + 2;
            if (row[j - 1] + 2 < best)
                best = row[j - 1] + 2;
            row[j] = best;
            prev = cur;
        }
    }
    return row[lb];
}

void lds_spell_init(lds_spell *s, const char *name)
{
    size_t len = strlen(name);
    s->name = name;
    s->best = NULL;
    s->limit = 2 * (len <= 2 ? 1 : len <= 5 ? 2 : 3);
    s->dist = s->limit + 1;
}

void lds_spell_consider(lds_spell *s, const char *candidate)
{
    size_t d = lds_spell_distance(s->name, candidate);
    if (d < s->dist && strcmp(candidate, s->name) != 0) {
        s->dist = d;
        s->best = candidate;
    }
}

void lds_spell_consider_all(lds_spell *s, const char *const *words)
{
    for (; *words; words++)
        lds_spell_consider(s, *words);
}

const char *lds_spell_best(const lds_spell *s)
{
    return s->dist <= s->limit ? s->best : NULL;
}
