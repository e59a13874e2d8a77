/* src/report_impl.h - what the report writers (src/report_*.c) share;
 * not for the layers above. */
#ifndef LDS_REPORT_IMPL_H
#define LDS_REPORT_IMPL_H

#include <sys/types.h>

#include "base/buf.h"
#include "src/report.h"
#include "base/usertext.h"

/* The records of one run, as the writers get them. */
typedef struct {
    const lds_results *res;
    size_t first_access, first_expect, first_layout, first_suggestion;
    unsigned first_array;         /* res->lds.arrays when the run began */
    size_t first_ended_kernel;    /* res->nended_kernels then */
    unsigned first_kernel;        /* res->kernels then */
    const lds_run_status *status;
} lds_run_view;

typedef struct {
    /* an access statement finished (streaming formats) */
    void (*access)(lds_reporter *r, const lds_access_result *a);
    /* the run ended (whole-run formats) */
    void (*end_run)(lds_reporter *r, const lds_run_view *run);
    /* every run ended */
    void (*finish)(lds_reporter *r);
    /* its end_run runs under -q too, printing nothing: its work is files
     * (--emit) or an exit status (--check-counters), not a report */
    bool acts_when_quiet;
} lds_format_ops;

extern const lds_format_ops lds_text_ops, lds_json_ops, lds_csv_ops, lds_svg_ops, lds_markdown_ops,
    lds_counters_ops, lds_text_table_ops, lds_markdown_table_ops, lds_probe_cuda_ops, lds_probe_hip_ops,
    lds_check_counters_ops, lds_diagnostics_ops, lds_sarif_ops;

struct lds_reporter {
    lds_report_options o;
    const lds_format_ops *ops;
    const lds_label *labels;          /* this run's sweep point */
    unsigned nlabels;
    char last_header[1024 + LDS_SIM_OVERRIDES_LEN];   /* text: the header printed last */
    uint64_t said[32];                /* text: general notes said under it (hashes) */
    unsigned nsaid;
    bool csv_header_done;
    unsigned pictures;                /* SVG pictures written so far */
    bool io_error;                    /* some output could not be written */
    unsigned runs;                    /* runs ended so far */
    bool out_failed;                  /* the results stream itself failed */
    bool hold_output;                 /* a run's end does not flush the
                                         results (a sweep's points: its
                                         buffer is written when full) */
    bool mismatched;                  /* --check-counters found a difference */
    unsigned runs_begun;              /* SARIF: the log was opened */
    unsigned runs_results;            /* SARIF: results written */
    char *text_kernel;                /* text: the kernel whose heading was printed last
                                         in this run (a copy), or NULL */
};

/* "# profile gfx942: 32 banks x 4 B, wave64, ..." with its overrides. */
void lds_report_header_line(const lds_sim_profile *p, char *buf, size_t size);
/* "sm80" or "sm80, banks=16": a profile with its overrides. */
void lds_report_profile_label(const lds_sim_profile *p, char *buf, size_t size);
/* "S=4 " labels of the run, then ": " (text), nothing outside a sweep. */
void lds_report_labels_prefix(const lds_reporter *r, FILE *out);
/* "cycles 4, ideal 1, excess 3, instructions 1[, broadcasts 31][, unaligned
 * N][, skipped N]" (the last three where not zero), digits
 * grouped as the reporter says */
void lds_report_metrics_text(const lds_reporter *r, FILE *out, const lds_metrics *m);
/* A global access's (or total's) metrics in words: transactions of the
 * profile's unit, ideal, excess, efficiency with its bytes, instructions,
 * lines. */
void lds_report_global_text(const lds_reporter *r, FILE *out, const lds_metrics *m, const lds_sim_profile *p);
/* src/report_memtable.c: seed 003's table of a run's global and LDS
 * accesses by kind and instruction (after a run with a global access). */
bool lds_report_has_global(const lds_run_view *run);
void lds_report_memtable(lds_reporter *r, const lds_run_view *run, bool markdown);
/* 100 x useful / fetched bytes in hundredths of a percent, rounded down;
 * false when nothing was fetched (or m is not a global access's). */
bool lds_report_efficiency(const lds_metrics *m, unsigned long *hundredths);
/* The same to a tenth ("6.2%"), or n/a. */
void lds_report_efficiency_text(FILE *out, const lds_metrics *m);
/* An exact integer as text, digits grouped as the reporter says. */
void lds_report_number(const lds_reporter *r, FILE *out, mpz_srcptr v);
/* How many pictures a record gives: one per kept instruction under
 * --show phases|lanes|grid, else one (none if it kept none). */
unsigned lds_report_pictures_of(const lds_access_result *a);
/* Write picture `sample` of record `record` of a run (its records from
 * `first`) as DIR/[LABELS-][KERNEL-]LLINE-ARRAY[-KIND][-cCOL][-nN][-K].svg,
 * a name no other record of the run has; its file name into name (for
 * links).  Returns 0, or -1 (reported). */
int lds_report_write_picture(lds_reporter *r, const lds_results *res, size_t first, size_t record, unsigned sample,
                             char *name, size_t size);
/* Write a show layout picture as DIR/[LABELS-]layout-ARRAY[-K].svg (K
 * counting earlier pictures of the array in the run, from 2); its file
 * name into name.  Returns 0, or -1 (reported). */
int lds_report_write_layout(lds_reporter *r, const lds_run_view *run, size_t layout, char *name, size_t size);
/* Write DIR/name (the output directory's) with write(f, ctx), with the
 * given permissions, never through anything planted there
 * (src/outfile.h).  0, or -1 (reported). */
int lds_report_write_file(lds_reporter *r, const char *name, mode_t mode, void (*write)(FILE *f, const void *ctx),
                          const void *ctx);
/* A message on the reporter's error stream: "PROG: WHAT". */
void lds_report_error(lds_reporter *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A JSON string: escaped, and valid UTF-8 whatever the bytes (a byte
 * that is not part of a valid sequence becomes U+FFFD). */
void lds_report_json_string(FILE *out, const char *s);
/* A CSV field, quoted as RFC 4180 says when it must be. */
void lds_report_csv_field(FILE *out, const char *s);
/* The run's labels (or their names, for the header), each with a comma. */
void lds_report_csv_labels(const lds_reporter *r, FILE *out, bool header);

/* src/report_fix.c: the fix for the array of access record `record`
 * (of its kernel), found after the run (lds_session_fixes), as a sentence: the best layout as the file's
 * language writes it.  false when no layout tried does better (the
 * sentence says so). */
const lds_suggestion *lds_report_fix_of(const lds_run_view *run, size_t record);
bool lds_report_fix_text(lds_buf *b, const lds_suggestion *sg, const lds_access_result *a);
/* One note an array: the first record of the run whose report carries
 * the fix record `record` has (itself where none before it does), and
 * the sentence a later one says instead, pointing back to it. */
size_t lds_report_fix_first(const lds_run_view *run, size_t record);
void lds_report_fix_again(lds_buf *b, const lds_run_view *run, size_t record);

/* src/views.c: the ASCII views of one kept instruction. */
void lds_view_lanes(FILE *out, const lds_access_result *a, const lds_sample *s);
void lds_view_phases(FILE *out, const lds_access_result *a, const lds_sample *s);
void lds_view_grid(FILE *out, const lds_access_result *a, const lds_sample *s);
/* A global instruction: lanes (address, transactions), phases (each
 * transaction's bytes and lanes) or the grid of lanes by transactions. */
void lds_view_global(FILE *out, const lds_access_result *a, const lds_sample *s, lds_show level);
/* Whether two instructions put every lane on the same bank with the same
 * sharing: one picture serves both. */
bool lds_view_same_pattern(const lds_access_result *a, const lds_sample *x, const lds_sample *y);

#endif
