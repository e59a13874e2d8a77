/* cli/options.h - lds-calc's command line, parsed. */
#ifndef LDS_CLI_OPTIONS_H
#define LDS_CLI_OPTIONS_H

#include <stdbool.h>

#include "src/diag.h"
#include "src/front.h"
#include "src/run.h"

typedef struct {
    lds_options opts;
    lds_source *sources;   /* program arguments, then -f files, in order */
    unsigned nsources;
    lds_source *suggest;          /* --suggest: texts added after the programs */
    unsigned nsuggest;
    bool interactive;
    bool done;             /* help, version, arch-info or an error: leave */
    int emit;              /* --emit: FMT_PROBE_CUDA or FMT_PROBE_HIP; 0: none */
    bool format_given;     /* --format was */
    lds_front_options front;   /* --lang, --kernel, --threads */
    bool show_lowered;     /* --show-lowered: print the lowered kernels, run nothing */
    int status;            /* the exit status when done */
} cli_args;

/* Parse argv and read the programs it names (standard input when it
 * names none and is not a terminal).  Help, version, profile
 * descriptions and usage errors are printed here. */
void cli_parse(int argc, char **argv, cli_args *args);
void cli_args_free(cli_args *args);

#endif
