/* src/report.h - writing results: text (streamed), JSON, CSV, SVG and
 * Markdown.  A reporter reads records (src/results.h) and nothing of the
 * interpreter or the parser; the runner (src/run.c) feeds it. */
#ifndef LDS_REPORT_H
#define LDS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sim/profile.h"
#include "base/diag.h"
#include "src/results.h"

typedef enum {
    FMT_TEXT, FMT_JSON, FMT_CSV, FMT_SVG, FMT_MARKDOWN, FMT_COUNTERS, FMT_DIAGNOSTICS, FMT_SARIF,
    /* not --format names: --emit cuda|hip and --check-counters */
    FMT_PROBE_CUDA, FMT_PROBE_HIP, FMT_CHECK_COUNTERS
} lds_format;

/* "text" ... "markdown"; the format of a name ("md" too), -1 if none. */
const char *lds_format_name(lds_format f);
int lds_format_lookup(const char *name);

/* A -D value of the run, as it is labelled. */
typedef struct {
    const char *name;
    const char *value;        /* decimal, every digit (or a profile's name) */
    bool text;                /* the value is a name, not a number */
} lds_label;

typedef struct {
    lds_format format;
    FILE *out;                /* the results */
    FILE *err;                /* messages: failed expects, unwritable files */
    const char *prog;         /* "lds-calc" in messages; NULL in the REPL */
    bool quiet;               /* write no results (messages still go to err) */
    const char *output_dir;   /* --output: one SVG file per picture */
    const lds_source *const *sources;   /* the program texts (Markdown) */
    unsigned nsources;
    bool sweep_table;         /* a sweep in text or Markdown: one row per point */
    const char *group_digits; /* text: group digits by three with this, or NULL */
    const char *rerun;        /* --emit: the options and programs that rerun
                                 the prediction (quoted for sh), or NULL */
    const char *counters_file;   /* --check-counters: the measured CSV */
    uint64_t counter_tolerance;  /* --tolerance: how far above the prediction a
                                    hardware l1tex counter may read */
    uint32_t counter_tolerance_ppm;   /* --tolerance P%: that far, in parts per
                                         million of the prediction (rounded up) */
    const lds_diag *warnings;    /* what the front end warned of as it read the files
                                    (a header not found, a value no -D gives, a
                                    workgroup assumed): JSON and SARIF carry them */
    size_t nwarnings;
} lds_report_options;

/* How a run ended: its exit status and its error, if any (the message
 * already names the sweep point). */
typedef struct {
    int exit;
    const lds_diag *error;
} lds_run_status;

typedef struct lds_reporter lds_reporter;

lds_reporter *lds_reporter_new(const lds_report_options *o);
void lds_reporter_free(lds_reporter *r);
/* Change the format (the REPL's :format). */
void lds_reporter_set_format(lds_reporter *r, lds_format f);
lds_format lds_reporter_format(const lds_reporter *r);

/* The program texts the next runs show (Markdown). */
void lds_reporter_set_sources(lds_reporter *r, const lds_source *const *sources, unsigned n);
/* A run starts: its labels (the sweep point; none outside a sweep). */
void lds_reporter_begin_run(lds_reporter *r, const lds_label *labels, unsigned nlabels);
/* An access statement finished, an expect ran (as the run goes). */
void lds_reporter_access(lds_reporter *r, const lds_access_result *a);
void lds_reporter_expect(lds_reporter *r, const lds_expect_result *e);
/* Where a run's records begin in the session's results (the REPL's runs
 * share one session). */
typedef struct {
    size_t first_access, first_expect, first_layout, first_suggestion;
    unsigned first_array;
    size_t first_ended_kernel;
    unsigned first_kernel;
} lds_run_start;

/* The results' records now: where a run starting now begins. */
lds_run_start lds_run_start_of(const lds_results *res);
/* The run ended: the records from `start` on are its own. */
void lds_reporter_end_run(lds_reporter *r, const lds_results *res, lds_run_start start, const lds_run_status *status);
/* Whether a run's end leaves the results in the stream's buffer (the
 * points of a sweep whose other output goes nowhere else: a write a
 * point was most of a small point's time) or flushes them (the default:
 * a reader waiting for each run, the REPL's).  A write that failed is
 * found either way, when the buffer is written. */
void lds_reporter_hold_output(lds_reporter *r, bool hold);
/* Every run ended (a sweep table closes). */
void lds_reporter_finish(lds_reporter *r);
/* --check-counters: whether a measured counter disagreed with the
 * prediction or was missing (exit status 1). */
bool lds_reporter_mismatched(const lds_reporter *r);
/* Whether some output could not be written (exit status 2). */
bool lds_reporter_failed(const lds_reporter *r);
/* Whether the results stream itself failed (a full disk, a reader gone):
 * nothing more is worth running. */
bool lds_reporter_out_failed(const lds_reporter *r);

/* A profile described, for --arch-info and :arch. */
void lds_report_arch_info(FILE *out, const lds_sim_profile *p);

#endif
