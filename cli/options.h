/* cli/options.h - lds-calc's command line, parsed into a streaming
 * session of the library (lds-calc.h). */
#ifndef LDS_CLI_OPTIONS_H
#define LDS_CLI_OPTIONS_H

#include <stdbool.h>

#include "src/lds-calc-tool.h"

typedef struct {
    ldscalc_session *session;   /* the options set, the programs added */
    unsigned nsources;          /* programs and files added */
    bool interactive;
    bool quiet;
    bool show_lowered;          /* --show-lowered: print the lowered kernels, run nothing */
    bool done;                  /* help, version, arch-info or an error: leave */
    int status;                 /* the exit status when done */
} cli_args;

/* Parse argv into a new session (its programs added: standard input
 * when it names none and is not a terminal).  Help, version, profile
 * descriptions and usage errors are printed here. */
void cli_parse(int argc, char **argv, cli_args *args);
void cli_args_free(cli_args *args);

#endif
