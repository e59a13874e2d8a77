/* base/diag.h - source texts and GNU-format diagnostics with a caret. */
#ifndef LDS_DIAG_H
#define LDS_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* One program text and the name diagnostics give it (a file, <arg1>, ...). */
typedef struct lds_source {
    char *name;
    char *text;
    size_t len;
    unsigned first_line;  /* the number of its first line (0 means 1): REPL
                             input continues the lines read before it */
    /* a program lowered from this one (a kernel file): its '#line L:C'
     * lines place the statements after them in origin, at line L column
     * C, so that every message and record names the kernel's own text */
    const struct lds_source *origin;
    /* the other files a lowered program's '#line L:C "NAME"' lines may
     * name (a header the kernel includes, the source file a PTX .loc
     * names), each kept by the front end beside the origin; a file whose
     * text could not be read has len 0 (messages name it, show no line) */
    const struct lds_source *const *files;
    unsigned nfiles;
    /* a kernel file's language, as its usual file extension ("cu" "hip"
     * "hlsl" "comp"), however the file is named (stdin with --lang) */
    const char *lang;
    /* a header a kernel file's #include read: the file whose line read it */
    const struct lds_source *included_by;
    /* a source file a compiled kernel's line information names (PTX's
     * .file): its columns start statements, not the subscripts of the
     * accesses the compiled instructions make */
    bool named_by_line_info;
    /* where its lines (and a kernel file's statements) start, found once
     * (base/source_index.h), or NULL: lines are found by reading */
    struct lds_source_index *index;
} lds_source;

typedef struct {
    const lds_source *src;
    unsigned line, col;   /* from 1 */
} lds_loc;

/* The file of a lowered program's origin set named name (the origin
 * itself, or one of its files), or NULL. */
const lds_source *lds_source_named(const lds_source *lowered, const char *name);

/* An error, as a value: set once, printed by the caller. */
typedef struct {
    int set;
    int warning;          /* a warning, not an error: the run goes on */
    lds_loc loc;
    char msg[512];
    lds_loc note_loc;     /* a second place the error concerns (src NULL: none) */
    char note[160];       /* and what it is: "in 'f', called here" */
} lds_diag;

/* Where a stage that may find several errors and warnings sends them:
 * the command line prints them, the C API keeps them. */
typedef struct {
    void (*report)(void *ctx, const lds_diag *d);
    void *ctx;
} lds_diag_sink;

void lds_diag_set(lds_diag *d, lds_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Append to the message of an error already set (its context: the lane,
 * the loop values); cut at the message's size. */
void lds_diag_append(lds_diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The note of an error already set, unless it has one: where a def it
 * failed in was called, say. */
void lds_diag_note(lds_diag *d, lds_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Print "PROG: FILE:LINE:COL: error: MSG" ("warning:" for a warning),
 * the source line and a caret; then its note the same way ("note:").
 * prog NULL (the REPL): no program name, and no file for what was typed
 * (a file it loads is named). */
void lds_diag_print(FILE *out, const char *prog, const lds_diag *d, int color);

/* Write text a user gave (a name, an option's value, a message quoting
 * them) with its control bytes as \xNN: never a terminal's escape. */
void lds_fput_text(FILE *out, const char *s);
/* The same as printf would format it, then "\n". */
void lds_fprint_text(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The number of src's first line. */
unsigned lds_source_first_line(const lds_source *src);
/* Pointer to the start of line `line` (numbered from src's first line) in
 * src and its length; NULL if it has no such line. */
const char *lds_source_line(const lds_source *src, unsigned line, size_t *len);

#endif
