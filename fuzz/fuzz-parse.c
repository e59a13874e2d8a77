/* fuzz/fuzz-parse.c - the lexer and parser on arbitrary bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "src/parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    lds_source src = { .name = (char *)"<fuzz>", .text = text, .len = size, .first_line = 1 };
    lds_program prog = { lds_arena_new(), NULL, NULL };
    lds_diag diag = { 0 };
    lds_parse_program(&src, &prog, &diag);
    lds_parse_incomplete(&src, NULL);
    lds_arena_free(prog.arena);
    free(text);
    return 0;
}
