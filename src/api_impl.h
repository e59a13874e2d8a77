/* src/api_impl.h - what the C API's two halves share: the session and
 * result structs, and the guard every entry point runs under. */
#ifndef LDS_API_IMPL_H
#define LDS_API_IMPL_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>

#include "src/front.h"
#include "src/interrupt.h"
#include "src/lds-calc.h"
#include "src/mem.h"
#include "src/run.h"
#include "src/session.h"

/* A list of program texts the session owns. */
typedef struct {
    lds_source *at;
    unsigned n;
} lds_api_sources;

/* What a streaming run keeps (src/api_stream.c): the texts it parsed,
 * and in an interactive one the live session REPL input continues. */
typedef struct {
    struct lds_parse_ctx *parse;  /* one context: each text's #defines seen by the next */
    lds_front_texts texts;        /* the programs, kernel files lowered */
    bool have_texts;
    lds_program *progs;
    unsigned nprogs;
    const lds_source **sources;   /* the programs' texts (Markdown shows them) */
    lds_runner *runner;           /* interactive: the reporter and gates */
    lds_session *live;            /* interactive: the session input runs in */
} lds_api_stream;

struct ldscalc_session {
    lds_cancel cancel;            /* ldscalc_cancel's: current while a run runs */
    lds_options opts;             /* every option, parsed as the command line's */
    lds_front_options front;      /* lang */
    char *kernel, *threads;       /* the options' texts the session owns */
    char *output_dir, *group_digits, *counters_file;
    ldscalc_error error;          /* the last ldscalc_set that failed */
    char error_msg[512], error_file[32];
    char *error_text;             /* the same as the command line prints it */
    bool broken;                  /* memory ran out in it: every run fails */
    /* streaming (ldscalc_stream) */
    bool stream;
    bool interactive, show_lowered, format_given;
    int emit;                     /* FMT_PROBE_CUDA or FMT_PROBE_HIP; 0: none */
    lds_api_sources texts, files, suggest;   /* run in this order */
    lds_api_stream run;
};

/* Set an option (src/api_options.c); the error kept in s. */
int lds_api_set_option(ldscalc_session *s, const char *option, const char *value);
/* Keep a usage error in s: its message, and its text as the command
 * line prints it.  Returns LDSCALC_USAGE. */
int lds_api_usage(ldscalc_session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Whether a text a caller passes as a pointer and a length may be read:
 * NULL only when empty, and no longer than a program file may be
 * (LDS_MAX_FILE_BYTES: a length near SIZE_MAX is refused, never wrapped). */
bool lds_api_text_ok(const char *text, size_t len);
/* Free what a streaming run kept. */
void lds_api_stream_free(ldscalc_session *s);
void lds_api_sources_free(lds_api_sources *l);

/* A record the run made, in order: an access or an expect. */
typedef struct {
    bool expect;
    size_t index;
} lds_api_event;

/* An error or warning the result owns. */
typedef struct {
    ldscalc_error e;
    char *file, *message;
    lds_diag diag;                /* as the session had it (reports print it) */
} lds_api_diag;

struct ldscalc_result {
    int status;
    lds_session *ls;              /* the run's: its records are the result's data */
    struct lds_parse_ctx *parse;
    lds_front_texts texts;        /* the texts run (kernel files lowered) */
    bool have_texts;
    lds_api_event *events;
    size_t nevents, capevents;
    lds_api_diag *diags;          /* the errors and warnings, in order */
    size_t ndiags, capdiags;
    FILE *print_out;              /* the print statements' output */
    char *printed;
    size_t printed_len;
    bool fixes_done;              /* diagnostics and SARIF's searches ran */
    lds_total *totals;            /* made on first use */
    size_t ntotals;
    bool have_totals;
};

/* A result with nothing in it; NULL when out of memory. */
ldscalc_result *lds_api_result_new(void);
void lds_api_add_event(ldscalc_result *r, bool expect, size_t index);
/* Keep a copy of d with this status (LDSCALC_OK: a warning). */
void lds_api_add_diag(ldscalc_result *r, const lds_diag *d, int status);

/* Run the rest of the calling function under a recovery point for
 * out-of-memory: it returns `fail` (the session broken) if memory runs
 * out before LDS_API_UNGUARD. */
#define LDS_API_GUARD(s, fail)                                                                         \
    jmp_buf api_at_;                                                                                   \
    jmp_buf *api_before_ = lds_oom_set(&api_at_);                                                      \
    if (setjmp(api_at_)) {                                                                             \
        lds_oom_set(api_before_);                                                                      \
        (s)->broken = true;                                                                            \
        return (fail);                                                                                 \
    }
#define LDS_API_UNGUARD() lds_oom_set(api_before_)

/* The same for a call that runs statements: the session's cancel token
 * current on this thread (cleared first when `fresh`) until
 * LDS_API_RUN_UNGUARD. */
#define LDS_API_RUN_GUARD(s, fail, fresh)                                                              \
    if (fresh)                                                                                         \
        lds_cancel_clear(&(s)->cancel);                                                                \
    lds_cancel *api_token_ = lds_cancel_enter(&(s)->cancel);                                           \
    jmp_buf api_at_;                                                                                   \
    jmp_buf *api_before_ = lds_oom_set(&api_at_);                                                      \
    if (setjmp(api_at_)) {                                                                             \
        lds_oom_set(api_before_);                                                                      \
        lds_cancel_enter(api_token_);                                                                  \
        (s)->broken = true;                                                                            \
        return (fail);                                                                                 \
    }
#define LDS_API_RUN_UNGUARD()                                                                          \
    do {                                                                                               \
        lds_oom_set(api_before_);                                                                      \
        lds_cancel_enter(api_token_);                                                                  \
    } while (0)

#endif
