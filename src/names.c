/* src/names.c - the language's keyword tables. */
#include "src/names.h"

#include <stdio.h>
#include <string.h>

#include "sim/profile.h"
#include "src/builtins.h"
#include "src/scope.h"
#include "src/types.h"
#include "base/spell.h"

const char *const lds_setting_names[] = {
    "banks", "bank_bytes", "wave", "lds", "r2", "r3", "write_merge", "idle_waves", "phases", NULL
};

const char *const lds_show_names[] = { "summary", "phases", "lanes", "grid", NULL };

const char *const lds_statement_words[] = {   /* in lds_statement_word's order */
    "arch", "set", "rules", "show", "threads", "groups", "let", "def", "layout", "fragment", "array", "read",
    "write", "atomic", "for", "print", "expect", "explain", "suggest", "if", "skipped", "kernel", "desc", "read_desc", NULL
};

lds_statement_word lds_statement_word_of(const char *text, size_t len)
{
    for (int i = 0; lds_statement_words[i]; i++)
        if (strlen(lds_statement_words[i]) == len && !memcmp(lds_statement_words[i], text, len))
            return (lds_statement_word)i;
    return W_NONE;
}

/* Metric words: each with its metric; aliases after the main names. */
static const struct { const char *name; lds_metric metric; } metrics[] = {
    { "ways", M_WAYS }, { "cycles", M_CYCLES }, { "ideal", M_IDEAL }, { "excess", M_EXCESS },
    { "broadcasts", M_BROADCASTS }, { "instructions", M_INSTRUCTIONS },
    { "unaligned", M_UNALIGNED }, { "skipped", M_SKIPPED },
    { "transactions", M_TRANSACTIONS }, { "requests", M_REQUESTS }, { "useful_bytes", M_USEFUL_BYTES },
    { "fetched_bytes", M_FETCHED_BYTES }, { "efficiency", M_EFFICIENCY }, { "lines", M_LINES },
    { "wavefronts", M_CYCLES }, { "conflicts", M_EXCESS }, { "sectors", M_TRANSACTIONS },
};
#define NMETRICS (sizeof metrics / sizeof metrics[0])

const char *const lds_metric_names[] = {
    "ways", "cycles", "ideal", "excess", "broadcasts", "instructions", "unaligned", "skipped",
    "transactions", "requests", "useful_bytes", "fetched_bytes", "efficiency", "lines",
    "wavefronts", "conflicts", "sectors",
    "total.ways", "total.cycles", "total.ideal", "total.excess", "total.broadcasts", "total.instructions",
    "total.unaligned", "total.skipped", "total.transactions", "total.requests", "total.useful_bytes",
    "total.fetched_bytes", "total.efficiency", "total.lines", "total.wavefronts", "total.conflicts",
    "total.sectors", NULL
};

static bool lookup(const char *const *names, const char *word, int *index)
{
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], word)) {
            *index = i;
            return true;
        }
    return false;
}

bool lds_setting_lookup(const char *word, lds_setting *out)
{
    int i;
    if (!lookup(lds_setting_names, word, &i))
        return false;
    *out = (lds_setting)i;
    return true;
}

bool lds_show_lookup(const char *word, lds_show *out)
{
    int i;
    if (!lookup(lds_show_names, word, &i))
        return false;
    *out = (lds_show)i;
    return true;
}

bool lds_metric_lookup(const char *word, lds_metric *metric, bool *total)
{
    *total = strncmp(word, "total.", 6) == 0;
    if (*total)
        word += 6;
    for (size_t i = 0; i < NMETRICS; i++)
        if (!strcmp(metrics[i].name, word)) {
            *metric = metrics[i].metric;
            return true;
        }
    return false;
}

void lds_unknown_profile(const char *name, char *buf, size_t size)
{
    char known[256];
    size_t n = 0;
    lds_spell sp;
    lds_spell_init(&sp, name);
    for (unsigned i = 0; i < lds_sim_profile_count() && n < sizeof known; i++) {
        lds_spell_consider(&sp, lds_sim_profile_at(i)->name);
        n += (size_t)snprintf(known + n, sizeof known - n, "%s%s", i ? " " : "", lds_sim_profile_at(i)->name);
    }
    const char *alias;
    for (unsigned i = 0; (alias = lds_sim_profile_alias_at(i, NULL)) != NULL; i++)
        lds_spell_consider(&sp, alias);
    if (lds_spell_best(&sp))
        snprintf(buf, size, "unknown profile '%s'; did you mean '%s'? (profiles: %s; lds-calc --arch-info "
                 "lists their other names)", name, lds_spell_best(&sp), known);
    else
        snprintf(buf, size, "unknown profile '%s' (profiles: %s; lds-calc --arch-info lists their other names)",
                 name, known);
}

/* Whether the lds language gives a name a meaning of its own: a built-in
 * value (lane, tid, group, banks), an element type or width (f32, u8,
 * b128), a statement's word (array, read), a built-in function (min,
 * swizzle), or a word of a statement's syntax (in, while, at). */
bool lds_name_reserved(const char *n)
{
    static const char *const words[] = {
        "in", "if", "else", "for", "while", "next", "at", "size", "global", "layout", "true", "false", "skipped",
        "kernel", "print", "expect", "show", "set", "arch", "rules", "threads", "groups", "fragment", NULL,
    };
    unsigned len = (unsigned)strlen(n);
    for (int i = 0; words[i]; i++)
        if (!strcmp(words[i], n))
            return true;
    return lds_is_builtin_name(n) || lds_type_size(n, len) || lds_width_bytes(n, len)
           || lds_statement_word_of(n, len) != W_NONE || lds_builtin_find(n) != NULL;
}
