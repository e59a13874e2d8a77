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

struct ldscalc_session {
    lds_cancel cancel;            /* ldscalc_cancel's: current while a run runs */
    lds_options opts;             /* defines and limits, parsed as the command line's */
    lds_front_options front;      /* lang */
    char *arch, *kernel, *threads;
    ldscalc_error error;          /* the last ldscalc_set that failed */
    char error_msg[512], error_file[32];
    bool broken;                  /* memory ran out in it: every run fails */
};

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

#endif
