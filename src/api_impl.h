/* src/api_impl.h - what the C API's two halves share: the session and
 * result structs, and the guard every entry point runs under. */
#ifndef LDS_API_IMPL_H
#define LDS_API_IMPL_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>

#include "src/front.h"
#include "base/interrupt.h"
#include "src/lds-calc-tool.h"
#include "base/mem.h"
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
    lds_heap *heap;               /* its memory (base/mem.h) */
    lds_cancel cancel;            /* ldscalc_cancel's: current while a run runs */
    lds_options opts;             /* every option, parsed as the command line's */
    lds_front_options front;      /* lang */
    char *kernel, *threads;       /* the options' texts the session owns */
    char *output_dir, *group_digits, *counters_file;
    char *build_command;          /* the build's command line (after --), or NULL */
    char *compile_commands;       /* -p: a compilation database or its folder, or NULL */
    ldscalc_error error;          /* the last ldscalc_set that failed */
    char error_msg[512], error_file[32];
    char *error_text;             /* the same as the command line prints it */
    bool broken;                  /* memory ran out in it: every call fails */
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
/* The error the options (s->opts) keep, made the session's: LDSCALC_USAGE. */
int lds_api_options_error(ldscalc_session *s);
/* Whether a text a caller passes as a pointer and a length may be read:
 * NULL only when empty, and no longer than a program file may be
 * (LDS_MAX_FILE_BYTES: a length near SIZE_MAX is refused, never wrapped). */
bool lds_api_text_ok(const char *text, size_t len);
/* The build's command line or compilation database, once the options
 * and -f files are all given (src/api_project.c): its flags into the
 * options, its architecture the profile unless -a gave one, its source
 * the file read where no -f names one. */
int lds_api_apply_build(ldscalc_session *s);
/* Read path into the session's -f files; LDSCALC_USAGE, with the
 * session's error, where it cannot be read. */
int lds_api_add_file(ldscalc_session *s, const char *what, const char *path);
/* Free what a streaming run kept. */
void lds_api_stream_free(ldscalc_session *s);
void lds_api_sources_free(lds_api_sources *l);

/* A library session's configuration with s's profile, limits and
 * threads (what every run of s shares), the rest the defaults. */
void lds_api_limits_config(const ldscalc_session *s, lds_session_config *cfg);
/* A metric of m as ldscalc_access holds it: UINT64_MAX when it does not fit. */
uint64_t lds_api_metric_u64(const lds_metrics *m, lds_metric which);
/* Whether a struct the caller gives the library to fill is usable: its
 * first field, its size, covers at least that field (0: never set). */
bool lds_api_sized_ok(const void *to);
/* Copy the filled struct from (have bytes) into the caller's to, at most
 * the size the caller set in its first field, which stays the caller's
 * (lds-calc.h: a program built against an older, smaller struct is never
 * written past). */
void lds_api_copy_sized(void *to, const void *from, size_t have);

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
    lds_heap *heap;               /* its memory (base/mem.h) */
    int status;
    lds_session *ls;              /* the run's: its records are the result's data */
    struct lds_parse_ctx *parse;
    lds_front_texts texts;        /* the texts run (kernel files lowered) */
    bool have_texts;
    lds_api_event *events;
    size_t nevents, capevents;
    lds_api_diag *diags;          /* the errors and warnings, in order */
    size_t ndiags, capdiags;
    lds_mem_stream print;         /* the print statements' output, while it runs */
    char *printed;                /* and after ("" when nothing) */
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

/* ------------------------------------------------------------- calls
 *
 * Every entry point that allocates (or frees GMP integers) runs as a
 * call on one object, a session or a result: that object's heap is
 * current on the thread (its allocations are counted in it, base/mem.h),
 * and a recovery point catches memory running out.  Then the object is
 * lost - its heap emptied without reading what was half built - and the
 * call returns its failure value.  A lost result is empty, with status
 * LDSCALC_NO_MEMORY; a lost session is broken: every later call on it
 * answers LDSCALC_NO_MEMORY, and it can only be closed.  A run is a
 * call on the result it makes: the session it runs in stays usable. */

/* What a call changed on its thread, to put back when it ends. */
typedef struct {
    jmp_buf *at;
    lds_heap *heap;
    lds_cancel *token;
    bool token_set;
} lds_api_frame;

/* Make at the recovery point and heap the current heap (and token the
 * cancel token, when not NULL); returns what to put back. */
lds_api_frame lds_api_enter(jmp_buf *at, lds_heap *heap, lds_cancel *token);
void lds_api_leave(const lds_api_frame *f);
/* Memory ran out in a call on s, or on r: free what it holds (above). */
void lds_api_session_lost(ldscalc_session *s);
void lds_api_result_lost(ldscalc_result *r);

/* Run the rest of the calling function as a call on session s; it
 * returns `fail` when s is broken already, or memory runs out before
 * LDS_API_LEAVE.  The _RUN form also makes s's cancel token current
 * (cleared first when `fresh`): the call runs statements. */
#define LDS_API_ON_SESSION(s, fail) LDS_API_CALL_(s, fail, NULL)
#define LDS_API_RUN_ON_SESSION(s, fail, fresh)                                                             if (!(s)->broken && (fresh))                                                                               lds_cancel_clear(&(s)->cancel);                                                                    LDS_API_CALL_(s, fail, &(s)->cancel)
#define LDS_API_CALL_(s, fail, token)                                                                      if ((s)->broken)                                                                                           return (fail);                                                                                     jmp_buf api_at_;                                                                                       lds_api_frame api_frame_ = lds_api_enter(&api_at_, (s)->heap, (token));                                if (setjmp(api_at_)) {                                                                                     lds_api_leave(&api_frame_);                                                                            lds_api_session_lost(s);                                                                               return (fail);                                                                                     }
/* The same for a call on result r (a lost result is empty, not broken). */
#define LDS_API_ON_RESULT(r, fail)                                                                         jmp_buf api_at_;                                                                                       lds_api_frame api_frame_ = lds_api_enter(&api_at_, (r)->heap, NULL);                                   if (setjmp(api_at_)) {                                                                                     lds_api_leave(&api_frame_);                                                                            lds_api_result_lost(r);                                                                                return (fail);                                                                                     }
#define LDS_API_LEAVE() lds_api_leave(&api_frame_)

#endif
