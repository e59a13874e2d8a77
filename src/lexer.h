/* src/lexer.h - tokens of the lds language (lds(5), LEXICAL STRUCTURE). */
#ifndef LDS_LEXER_H
#define LDS_LEXER_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "base/limits.h"

typedef enum {
    TK_EOF, TK_NEWLINE, TK_INT, TK_NAME, TK_WORD,
    TK_LPAREN, TK_RPAREN, TK_LBRACKET, TK_RBRACKET, TK_LBRACE, TK_RBRACE,
    TK_COMMA, TK_SEMI, TK_ASSIGN, TK_DOTDOT, TK_AT, TK_QUESTION, TK_COLON,
    TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_PERCENT, TK_SHL, TK_SHR,
    TK_AMP, TK_PIPE, TK_CARET, TK_TILDE, TK_BANG, TK_ANDAND, TK_OROR,
    TK_EQ, TK_NE, TK_LT, TK_LE, TK_GT, TK_GE,
    TK_OPASSIGN,  /* += -= *= /= %= <<= >>= &= |= ^= (a kernel's compound assignment) */
    TK_DEFINE,    /* '#define' at the start of a line */
    TK_DIRECTIVE, /* '#if', '#ifdef', '#ifndef', '#elif', '#else', '#endif' or
                     '#undef' at the start of a line (the token is the '#' and the word) */
    TK_FLOAT,     /* 1.5, 2.0f, 1e-3: data in a kernel statement, never an index */
    TK_ERROR
} lds_tok_kind;

typedef struct {
    lds_tok_kind kind;
    const char *start;    /* into the source text */
    size_t len;
    lds_loc loc;
} lds_token;

typedef struct {
    const lds_source *src;
    const char *p, *end;
    const char *line_start;
    unsigned line;
    int bracket_depth;    /* inside ( ) or [ ]: newlines are white space */
    lds_diag *diag;
    /* the innermost open ( [ { and where they are, for "never closed"
     * (deeper ones are counted in nopen but not kept) */
    struct { char c; lds_loc loc; } open[16];
    unsigned nopen;
    bool in_directive;    /* on a directive's line: '##' and '#x' are
                             C's pasting and stringizing, not a comment */
    /* '#line L:C ["FILE"] [note ...]' in a lowered program (src->origin
     * set): the text line after it is placed at line L of FILE (the
     * origin, or one of its files), every token of it at column C; the
     * note is a second place its record names, and what it is */
    struct {
        unsigned text_line;
        lds_loc at, note;
        const char *note_text;
        size_t note_len;
    } map;
} lds_lexer;

void lds_lex_init(lds_lexer *lx, const lds_source *src, lds_diag *diag);
/* Next token; TK_ERROR with lx->diag set on a lexical error. */
lds_token lds_lex_next(lds_lexer *lx);
/* A bare word (the argument of arch/rules/show, the key of set): up to
 * white space, ';' or a comment.  TK_WORD, or TK_NEWLINE/TK_EOF if none. */
lds_token lds_lex_word(lds_lexer *lx);
const char *lds_tok_name(lds_tok_kind k);
/* Skip the lines of a conditional group C's preprocessor leaves out, up
 * to the '#elif', '#else' or '#endif' that ends it (nested #if groups
 * skipped whole), or the end of the input.  The lexer must be at the
 * start of a line; it stops before the directive's '#'. */
void lds_lex_skip_group(lds_lexer *lx);
/* The word of a TK_DIRECTIVE token ("if", "endif", ...) and its length. */
const char *lds_directive_word(const lds_token *t, size_t *len);
/* The innermost ( [ or { still open at the lexer's position: true with
 * its character and place, false if none (or too deep to tell). */
bool lds_lex_open_bracket(const lds_lexer *lx, char *c, lds_loc *loc);
/* The note of the '#line' mark in force on the lexer's line: true with
 * its place and text (which points into the program), false if none. */
bool lds_lex_mark_note(const lds_lexer *lx, lds_loc *note, const char **text, size_t *len);
/* Whether the token is the name `s`. */
int lds_tok_is(const lds_token *t, const char *s);

#endif
