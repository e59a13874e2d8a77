/* base/usertext.h - the one rule for text a user wrote, wherever lds-calc
 * writes it (a statement's source, a file, kernel or array name, a token
 * a message quotes, a program listed in a report):
 *
 *   every byte that is a control character (0x00-0x1f but the tab, 0x7f,
 *   and the two bytes of a C1 control U+0080-U+009F) or that is not part
 *   of a valid UTF-8 sequence is written as the four characters \xNN (its
 *   value in lower-case hex); every other byte as it is.
 *
 * So no report, message or file lds-calc writes carries a terminal's
 * escape or bytes a UTF-8 reader refuses, and the text says which bytes
 * were there.  Each format's own quoting (JSON's, CSV's, Markdown's,
 * XML's) applies on top.  The rule is applied where user text enters
 * what lds-calc writes: a record's source (base/source_index.c), the
 * interned names of records (src/results.c), every diagnostic's message
 * (base/diag.c), and the program texts a Markdown report lists. */
#ifndef LDS_USERTEXT_H
#define LDS_USERTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/buf.h"

/* The length of the character at s (n bytes left) that the rule writes
 * as it is: 1 to 4; 0 where it writes s[0] as \xNN. */
size_t lds_text_char_len(const unsigned char *s, size_t n);
/* Whether s[0..n) is written as it is, byte for byte. */
bool lds_text_is_clean(const char *s, size_t n);
/* Append s[0..n) to b by the rule. */
void lds_text_append(lds_buf *b, const char *s, size_t n);
/* A malloc'd copy of s by the rule. */
char *lds_text_clean_dup(const char *s);
/* Rewrite the string in buf (of size bytes) by the rule, in place; what
 * no longer fits is cut at a character. */
void lds_text_clean_in_place(char *buf, size_t size);
/* Write s[0..n) by the rule. */
void lds_text_write(FILE *out, const char *s, size_t n);

#endif
