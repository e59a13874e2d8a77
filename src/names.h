/* src/names.h - the words of the language that are not names of values:
 * settings, metrics, show levels, rule sets, statement keywords; each as
 * a table that the parser looks words up in and that "did you mean" and
 * the REPL's completion list. */
#ifndef LDS_NAMES_H
#define LDS_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "src/ast.h"

/* NULL-terminated lists. */
extern const char *const lds_setting_names[];   /* banks bank_bytes ... */
extern const char *const lds_metric_names[];    /* ways cycles ... total.cycles ... */
extern const char *const lds_show_names[];      /* summary phases lanes grid */
extern const char *const lds_statement_words[]; /* arch set ... explain */

/* The statement keywords, in lds_statement_words' order: the parser
 * dispatches on them, "did you mean", Tab and :help list them. */
typedef enum {
    W_ARCH, W_SET, W_RULES, W_SHOW, W_THREADS, W_GROUPS, W_LET, W_DEF, W_LAYOUT, W_FRAGMENT, W_ARRAY, W_READ,
    W_WRITE, W_ATOMIC, W_FOR, W_PRINT, W_EXPECT, W_EXPLAIN, W_SUGGEST, W_IF, W_SKIPPED, W_KERNEL, W_DESC,
    W_READ_DESC, W_NONE
} lds_statement_word;
/* The keyword a token's text is (W_NONE: none). */
lds_statement_word lds_statement_word_of(const char *text, size_t len);

/* Look a word up; false if it is none of them. */
bool lds_setting_lookup(const char *word, lds_setting *out);
bool lds_metric_lookup(const char *word, lds_metric *metric, bool *total);
bool lds_show_lookup(const char *word, lds_show *out);

/* "unknown profile 'X'; did you mean 'Y'? (profiles: ...)", the closest
 * of the profiles' names and their other names. */
void lds_unknown_profile(const char *name, char *buf, size_t size);


/* Whether the lds language gives a name a meaning of its own: a built-in
 * value (lane, tid, group, banks), an element type or width (f32, u8,
 * b128), a statement's word (array, read), a built-in function (min,
 * swizzle), or a word of a statement's syntax (in, while, at).  The
 * readers of kernel files rename such a name (front/lowered.h). */
bool lds_name_reserved(const char *name);

#endif
