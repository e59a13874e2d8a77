/* base/input.h - reading a program text from a file or standard input,
 * for the command line's -f and the REPL's :load alike. */
#ifndef LDS_INPUT_H
#define LDS_INPUT_H

#include <stddef.h>

#include "base/diag.h"

/* Read path ("-": standard input, named <stdin>) into src (name and text
 * malloc'd).  Returns 0, or -1 with why (a message naming the file) when
 * it cannot be read, is a directory or is larger than LDS_MAX_FILE_BYTES.
 * A NUL byte is read as it is: the lexer reports it with its place. */
int lds_input_read(const char *path, lds_source *src, char *why, size_t size);
void lds_input_free(lds_source *src);

#endif
