/* base/linemark.h - the '#line' marks of a lowered program: written by the
 * front ends (kernel files, PTX), read by the lexer (lds(5), "#line").
 *
 *   #line L:C ["FILE"] [note L:C ["FILE"] TEXT]
 *
 * places the next line at line L, column C of FILE (without one: the
 * file the program was lowered from), and may name a second place the
 * record concerns (the helper's own line of an inlined access, the PTX
 * instruction of a source line) with what it is, TEXT, to the line's
 * end.  FILE is quoted, with '"' and '\' escaped by a '\'. */
#ifndef LDS_LINEMARK_H
#define LDS_LINEMARK_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    unsigned line, col;           /* from 1; 0: none */
    const char *file;             /* NULL: the program's origin */
    size_t file_len;              /* (read: the name's bytes, escapes kept) */
} lds_mark_place;

typedef struct {
    lds_mark_place at, note;
    const char *note_text;        /* (read: points into the line) */
    size_t note_len;
} lds_line_mark;

/* Write mark m into buf (size n >= 32), NUL-terminated, without a
 * newline.  Control bytes and newlines of the note's text become blanks;
 * a mark longer than n loses its note's text first, then its note, then
 * its file (the line and column always fit). */
void lds_line_mark_format(char *buf, size_t n, const lds_line_mark *m);

/* Read a mark at p (its '#'), up to end or the line's end: true with *m
 * filled (its file names and text point into the line; a file name keeps
 * its escapes: lds_line_mark_unescape), false if it is not one (then it is
 * a comment). */
bool lds_line_mark_read(const char *p, const char *end, lds_line_mark *m);

/* A file name as read, its escapes undone, into buf (size n): its length,
 * or n or more if it did not fit. */
size_t lds_line_mark_unescape(const char *name, size_t len, char *buf, size_t n);

#endif
