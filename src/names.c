/* src/names.c - the language's keyword tables. */
#include "src/names.h"

#include <string.h>

const char *const lds_setting_names[] = {
    "banks", "bank_bytes", "wave", "lds", "r2", "r3", "write_merge", "phases", NULL
};

const char *const lds_show_names[] = { "summary", "phases", "lanes", "grid", NULL };

const char *const lds_statement_words[] = {
    "arch", "set", "rules", "threads", "groups", "let", "def", "array", "read", "write",
    "atomic", "for", "print", "expect", "show", "explain", NULL
};

/* Metric words: each with its metric; aliases after the main names. */
static const struct { const char *name; lds_metric metric; } metrics[] = {
    { "ways", M_WAYS }, { "cycles", M_CYCLES }, { "ideal", M_IDEAL }, { "excess", M_EXCESS },
    { "broadcasts", M_BROADCASTS }, { "instructions", M_INSTRUCTIONS },
    { "unaligned", M_UNALIGNED }, { "skipped", M_SKIPPED },
    { "wavefronts", M_CYCLES }, { "conflicts", M_EXCESS },
};
#define NMETRICS (sizeof metrics / sizeof metrics[0])

const char *const lds_metric_names[] = {
    "ways", "cycles", "ideal", "excess", "broadcasts", "instructions", "unaligned", "skipped",
    "wavefronts", "conflicts",
    "total.ways", "total.cycles", "total.ideal", "total.excess", "total.broadcasts", "total.instructions",
    "total.unaligned", "total.skipped", "total.wavefronts", "total.conflicts", NULL
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
