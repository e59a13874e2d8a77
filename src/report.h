/* src/report.h - writing results: text (streamed), JSON and CSV. */
#ifndef LDS_REPORT_H
#define LDS_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "src/driver.h"

typedef enum { FMT_TEXT, FMT_JSON, FMT_CSV } lds_format;

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
    lds_report_sink sink;
} lds_reporter;

void lds_reporter_init(lds_reporter *r, lds_format format, FILE *out);
/* Attach to an interpreter: results flow to r as they are made. */
void lds_reporter_attach(lds_reporter *r, lds_interp *in);
/* End of one run: totals (text), the whole document (JSON). */
void lds_reporter_finish(lds_reporter *r, const lds_interp *in);

/* Profile description for --arch-info. */
void lds_report_arch_info(FILE *out, const lds_sim_profile *p);

#endif
