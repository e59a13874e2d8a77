/* src/run.h - one invocation's settings, and running parsed programs
 * through the driver once per sweep point. */
#ifndef LDS_RUN_H
#define LDS_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <gmp.h>

#include "src/ast.h"
#include "src/driver.h"
#include "src/report.h"

/* Exit statuses (design.md, Conventions). */
enum { LDS_EXIT_OK = 0, LDS_EXIT_CHECK = 1, LDS_EXIT_USAGE = 2, LDS_EXIT_SYNTAX = 3, LDS_EXIT_EVAL = 4 };

/* -D NAME=EXPR or NAME=LO..HI */
typedef struct {
    char *name;
    mpz_t lo, hi;        /* a single value: hi = lo + 1 */
} lds_define;

typedef struct {
    const char *prog;             /* "lds-calc" in diagnostics */
    const char *arch;             /* -a */
    lds_format format;
    int show;                     /* -1: as the program says */
    bool quiet;
    bool explain;                 /* --explain */
    const char *output_dir;       /* --output */
    bool fail_on_conflict;
    uint64_t max_ways;            /* 0: no limit */
    uint64_t max_steps;
    unsigned long max_bits;
    bool force_big;               /* evaluate on the GMP path (testing) */
    bool color;
    lds_define *defines;
    unsigned ndefines;
} lds_options;

void lds_options_init(lds_options *o);
void lds_options_free(lds_options *o);

/* Parse "NAME=EXPR" / "NAME=LO..HI" into o->defines; on error prints it
 * and returns -1. */
int lds_options_add_define(lds_options *o, const char *arg);

/* Set up an interpreter by the options (profile, defines, limits).
 * values: one per -D, the sweep point of this run; NULL gives each -D
 * its first value (the REPL). */
int lds_run_setup(lds_interp *in, const lds_options *o, const lds_define_value *values);

/* Exit status of a finished run: expect failures, --fail-on-conflict,
 * --max-ways. */
int lds_run_status(const lds_interp *in, const lds_options *o);

/* Run programs (already parsed, in order) once per sweep point. */
int lds_run_programs(const lds_options *o, lds_program *const *progs, unsigned nprogs);

#endif
