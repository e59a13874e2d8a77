/* fuzz/fuzz-run.c - the whole run on arbitrary programs: parse, evaluate,
 * simulate, and report in every format.  Limits keep each input short. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/parser.h"
#include "src/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the first byte picks the format and the show level */
    if (size < 1 || size > 4096)
        return 0;
    lds_format format = (lds_format)(data[0] % 5);
    lds_show show = (lds_show)(data[0] / 5 % 4);
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    lds_source src = { (char *)"<fuzz>", text, size - 1 };
    lds_program prog = { lds_arena_new(), NULL, NULL };
    lds_program *list = &prog;
    lds_diag diag = { 0 };
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (lds_parse_program(&src, &prog, &diag) == 0) {
        lds_interp in;
        lds_reporter rep;
        lds_interp_init(&in, &diag);
        in.max_steps = 20000;
        in.ev.max_bits = 4096;
        in.show = show;
        in.explain_all = data[0] & 1;
        in.print_out = out;
        lds_reporter_init(&rep, format, out);
        rep.programs.progs = &list;
        rep.programs.n = 1;
        rep.prog = NULL;
        lds_reporter_attach(&rep, &in);
        if (lds_interp_run(&in, prog.first) < 0)
            lds_diag_print(out, "lds-calc", &diag, 0);
        if (format != FMT_SVG)   /* svg without --output writes one picture at most */
            lds_reporter_finish(&rep, &in);
        lds_interp_free(&in);
    } else {
        lds_diag_print(out, "lds-calc", &diag, 1);
    }
    fclose(out);
    free(buf);
    lds_arena_free(prog.arena);
    free(text);
    return 0;
}
