/* src/report.h - writing results: text (streamed), JSON and CSV. */
#ifndef LDS_REPORT_H
#define LDS_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "src/driver.h"

typedef enum { FMT_TEXT, FMT_JSON, FMT_CSV, FMT_SVG, FMT_MARKDOWN } lds_format;

/* A -D constant of this run, for sweeps. */
typedef struct {
    const char *name;
    char value[64];
} lds_define_value;

typedef struct {
    lds_format format;
    FILE *out;
    bool color;
    bool quiet;
    const char *prog;                /* for expect failures on stderr */
    const lds_define_value *defines; /* the sweep values of this run */
    unsigned ndefines;
    char last_header[512];
    bool csv_header_done;
    size_t first_record;             /* whole-run formats start here (REPL) */
    size_t first_expect;
    const char *output_dir;          /* --output: one SVG file per picture */
    struct lds_program_list {
        lds_program *const *progs;
        unsigned n;
    } programs;                      /* for the Markdown report */
    bool io_error;                   /* a picture could not be written */
    unsigned pictures;               /* SVG pictures written so far */
    lds_report_sink sink;
} lds_reporter;

void lds_reporter_init(lds_reporter *r, lds_format format, FILE *out);
/* Attach to an interpreter: results flow to r as they are made. */
void lds_reporter_attach(lds_reporter *r, lds_interp *in);
/* End of one run: totals (text), the whole document (JSON). */
void lds_reporter_finish(lds_reporter *r, const lds_interp *in);

/* The file name of a picture under --output: [DEFINES-]accessN[-K].svg,
 * N the access's place in the run, K the instruction (sample >= 0, when
 * --show lists instructions; -1 otherwise). */
void lds_report_picture_name(const lds_reporter *r, size_t access, int sample, char *buf, size_t size);

/* Profile description for --arch-info. */
void lds_report_arch_info(FILE *out, const lds_sim_profile *p);

#endif
