/* lds-calc.h - the lds-calc library: the bank conflicts (and global
 * coalescing) of GPU shared-memory accesses, as function calls.
 *
 * Open a session, set its options, run lds programs or kernel files in
 * it, read each run's results as data or render them in any report
 * format, close.  The library prints nothing, never exits or aborts the
 * process (memory running out is an error value too, below) and keeps no
 * global state but GMP's allocation functions: sessions are independent,
 * and several sessions may run at once on several threads (one run at a
 * time in a session).  Errors are values, with their place.  lds-calc(3) documents
 * every function; lds(5) the language; lds-calc(1) the command line,
 * whose options the session options mirror.
 *
 * Every function checks its arguments: a NULL session, result, text or
 * out-pointer, or a text's length past the program limit (64 MiB, so
 * never SIZE_MAX), gives LDSCALC_USAGE (a run: a result with that
 * status and the reason; with a session, its error says why), NULL, 0
 * or -1 as the function's comment says, never a crash.  NULL is allowed
 * where a comment says so: a name, a length out-pointer, buf with size
 * 0, an empty text (len 0).
 *
 * Structs the library fills in the caller's memory (ldscalc_access,
 * ldscalc_expect, ldscalc_layout, ldscalc_score_result,
 * ldscalc_score_access) start with `size`, which the caller sets to its
 * sizeof before the call - the INIT macro of each does it:
 *     ldscalc_access a = LDSCALC_ACCESS_INIT;
 * Fields are only ever added at a struct's end, and the library writes
 * at most `size` bytes: a program built against an older, smaller struct
 * gets the fields it knows and nothing is written past them.  A size
 * smaller than the size field itself (0: not set) is LDSCALC_USAGE, and
 * nothing is written.  The structs the caller fills for the library
 * (ldscalc_value, ldscalc_candidate) never grow: a new field would come
 * with a new function.
 *
 * This is the embedding API.  The command line's own layer (streamed
 * reports, the REPL's live session) is src/lds-calc-tool.h in the
 * source tree, which is not installed.
 *
 * Link with `pkg-config --cflags --libs ldscalc`. */
#ifndef LDS_CALC_H
#define LDS_CALC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The API's version: it changes when a function or a struct of this
 * header changes incompatibly, or the JSON format does; additions (a new
 * function, a new option, a field at a struct's end) keep it.  It is the
 * shared library's soname, libldscalc.so.LDSCALC_API_VERSION
 * (libldscalc.so.2), which changes with it and only with it.  The JSON
 * format has a name of its own, which changes when the format does (and
 * the API version with it): a program that parses the JSON checks
 * LDSCALC_JSON_FORMAT against the document's "format".  Version 2 put
 * the size field first in the structs the library fills. */
#define LDSCALC_API_VERSION 2
#define LDSCALC_JSON_FORMAT "lds-calc/2"

/* The package's version (configure.ac's), as numbers: the header a
 * program was compiled with.  LDSCALC_VERSION_NUMBER is MAJOR * 10000 +
 * MINOR * 100 + PATCH (#if LDSCALC_VERSION_NUMBER >= 100: the candidate
 * API, below, is there).  An addition to the API raises MINOR. */
#define LDSCALC_VERSION_MAJOR 0
#define LDSCALC_VERSION_MINOR 1
#define LDSCALC_VERSION_PATCH 0
#define LDSCALC_VERSION_NUMBER (LDSCALC_VERSION_MAJOR * 10000 + LDSCALC_VERSION_MINOR * 100 + LDSCALC_VERSION_PATCH)

/* The API version of the library linked (LDSCALC_API_VERSION when it was
 * built), and the package's version as text ("0.1.0": a static string,
 * valid for the process's life).  ldscalc_version_number is the
 * library's LDSCALC_VERSION_NUMBER: a program checks at run time
 *     ldscalc_api_version() == LDSCALC_API_VERSION
 *     && ldscalc_version_number() >= LDSCALC_VERSION_NUMBER
 * before it calls what its header has and an older library may not. */
int ldscalc_api_version(void);
const char *ldscalc_version(void);
int ldscalc_version_number(void);

/* Memory: what the library allocates, the library frees, never the
 * caller's free() (the library's C runtime may not be the program's).
 * Each function that returns memory says which function frees it:
 * sessions ldscalc_close, results ldscalc_result_free, prepared programs
 * ldscalc_prepared_free; a plain block (the command line's
 * ldscalc_read_file text) ldscalc_free.  Each function that returns a
 * string, or fills a struct with strings, says how long they live: at
 * most while the object they were read from lives (copy what must
 * outlive it).  A result's strings also end when a call on that result
 * runs out of memory (the result is emptied, below).  The caller's
 * strings are copied where the library keeps them.  ldscalc_free(NULL)
 * does nothing. */
void ldscalc_free(void *p);

/* A struct of the library's with its size set, the rest zero (C:
 * designated, C++11: value-initialized; both quiet under -Wextra). */
#ifdef __cplusplus
#define LDSCALC_SIZED_INIT(type) ([] { type t = type(); t.size = sizeof t; return t; }())
#else
#define LDSCALC_SIZED_INIT(type) { .size = sizeof(type) }
#endif

/* How a call or a run ended: the command line's exit statuses
 * (lds-calc(1)), and out-of-memory, which the command line reports with
 * status 4. */
typedef enum {
    LDSCALC_OK = 0,
    LDSCALC_CHECK = 1,        /* an expect failed */
    LDSCALC_USAGE = 2,        /* a bad option, an unreadable file, an unknown format */
    LDSCALC_SYNTAX = 3,       /* the program does not parse: nothing ran */
    LDSCALC_EVAL = 4,         /* a statement failed (an error, a limit): those before it ran */
    LDSCALC_NO_MEMORY = 5,    /* memory ran out: what the call worked on is lost (below) */
    LDSCALC_CANCELLED = 130   /* ldscalc_cancel stopped it */
} ldscalc_status;

/* An error or a warning, with its place (file NULL and line 0 when it
 * has none, as an option's error).  The library's own, returned by
 * pointer (never filled in the caller's memory): it may grow at its end. */
typedef struct {
    int status;               /* an ldscalc_status; LDSCALC_OK for a warning */
    const char *file;
    unsigned line, column;    /* from 1 */
    const char *message;
} ldscalc_error;

typedef struct ldscalc_session ldscalc_session;
typedef struct ldscalc_result ldscalc_result;

/* A session with the default options (the generic profile, the default
 * limits, as many threads as processors).  NULL only when out of memory. */
ldscalc_session *ldscalc_open(void);
/* Set an option, by the name of its long command-line option:
 *   arch NAME          the starting profile (lds-calc --arch-info lists them)
 *   define NAME=EXPR   a constant, as -D (a name given again takes the new
 *                      value; a range or list is refused: run once per value)
 *   max-steps N, max-ops N, max-bits N, jobs N   the limits and threads
 *   show LEVEL         summary, phases, lanes or grid
 *   at NAME=N,...      the instruction show draws (wave=3,k=5)
 *   explain on|off     explain every access
 *   gmp-only on|off    evaluate on the exact-integer path only (testing)
 *   enumerate on|off   every instruction simulated, no closed form or other
 *                      shortcut (testing)
 *   lang L, kernel NAME, threads "X, Y, Z"   for kernel files (L: cuda,
 *                      hip, opencl, hlsl, glsl or lds)
 * (the command line's streaming session, src/lds-calc-tool.h, takes the
 * rest of its options).  option and value are copied.  Returns
 * LDSCALC_OK, or LDSCALC_USAGE with ldscalc_session_error set (the
 * session is unchanged). */
int ldscalc_set(ldscalc_session *s, const char *option, const char *value);
/* The error of the last ldscalc_set (or ldscalc_prepare) that failed,
 * or NULL; it and its strings are the session's, valid until the next
 * call on s or its close. */
const ldscalc_error *ldscalc_session_error(const ldscalc_session *s);
/* Ask the run (or scoring batch) in progress in s to stop: it ends with
 * LDSCALC_CANCELLED, keeping what finished.  From any thread, or a
 * signal handler; a run that starts later is not affected.  NULL does
 * nothing. */
void ldscalc_cancel(ldscalc_session *s);
/* Close the session and free what it holds (results read from it stay
 * valid; free a prepared program made in it first).  NULL does nothing. */
void ldscalc_close(ldscalc_session *s);

/* Run an lds program (name: how messages name it, "<arg1>" if NULL).
 * Each run starts afresh under the session's options.  Returns the
 * result, whatever its status, which the caller frees with
 * ldscalc_result_free (it does not depend on s: it outlives s's close);
 * NULL only when out of memory.  name and text are copied. */
ldscalc_result *ldscalc_run(ldscalc_session *s, const char *name, const char *text, size_t len);
/* Run a file: an lds program, or a kernel file (.cu .cuh .hip .cl .hlsl
 * .comp .glsl, or the lang option) lowered to one program per kernel. */
ldscalc_result *ldscalc_run_file(ldscalc_session *s, const char *path);
/* Free a result and every string read from it.  NULL does nothing. */
void ldscalc_result_free(ldscalc_result *r);

/* Every pointer the functions below return, and every string in a struct
 * they fill, is the result's: valid until ldscalc_result_free(r), or a
 * call on r that returns LDSCALC_NO_MEMORY (or NULL, -1). */

/* The run's status, and its error (NULL if none; the result's, above). */
int ldscalc_result_status(const ldscalc_result *r);
const ldscalc_error *ldscalc_result_error(const ldscalc_result *r);
/* Warnings, in order (the result's, above). */
size_t ldscalc_result_nwarnings(const ldscalc_result *r);
const ldscalc_error *ldscalc_result_warning(const ldscalc_result *r, size_t i);
/* What the program's print statements wrote ("" if nothing; the
 * result's, above). */
const char *ldscalc_result_printed(const ldscalc_result *r);

/* One access statement's result.  Metrics are exact integers, which may
 * pass 64 bits: read them with ldscalc_access_metric as decimal text;
 * the uint64_t fields hold them, or UINT64_MAX when they do not fit. */
typedef struct {
    size_t size;              /* the caller's sizeof: LDSCALC_ACCESS_INIT */
    const char *file;
    unsigned line, column;
    const char *source;       /* the statement as written */
    const char *array;        /* NULL: none named */
    const char *profile;      /* the profile it ran on */
    const char *kind;         /* "read", "write" or "atomic" */
    unsigned width;           /* bytes per lane and instruction (0: an access
                                 not modelled whose width is not known) */
    int global;               /* global memory: cycles are transactions */
    int failed;               /* an error stopped it: metrics partial */
    const char *error;        /* why, when failed */
    uint64_t instructions, cycles, ideal, excess, ways, broadcasts;
} ldscalc_access;
#define LDSCALC_ACCESS_INIT LDSCALC_SIZED_INIT(ldscalc_access)

size_t ldscalc_result_naccesses(const ldscalc_result *r);
/* Fill *a (its size set) with access i, its strings the result's
 * (above); LDSCALC_USAGE if there is no access i or a->size is too small
 * (nothing written then). */
int ldscalc_result_access(const ldscalc_result *r, size_t i, ldscalc_access *a);
/* Any metric of access i by its lds(5) name (ways, cycles, ideal,
 * excess, broadcasts, instructions, unaligned, skipped; transactions,
 * requests, useful_bytes, fetched_bytes, efficiency, lines for global
 * accesses), in decimal, into buf (snprintf's contract).  Returns the
 * length of the text, or -1 for an unknown metric or access. */
int ldscalc_access_metric(const ldscalc_result *r, size_t i, const char *metric, char *buf, size_t size);

/* The run's totals: one per profile and memory space (never summed
 * across profiles), in the order they first appear. */
size_t ldscalc_result_ntotals(const ldscalc_result *r);
/* Total i's profile (the result's string, above) and space, and one of
 * its metrics as above. */
const char *ldscalc_total_profile(const ldscalc_result *r, size_t i);
int ldscalc_total_is_global(const ldscalc_result *r, size_t i);
int ldscalc_total_metric(const ldscalc_result *r, size_t i, const char *metric, char *buf, size_t size);

/* The program's expect statements. */
typedef struct {
    size_t size;              /* the caller's sizeof: LDSCALC_EXPECT_INIT */
    const char *file;
    unsigned line, column;
    const char *source;
    const char *metric;       /* as written */
    int ok;
    const char *actual, *expected;   /* decimal */
} ldscalc_expect;
#define LDSCALC_EXPECT_INIT LDSCALC_SIZED_INIT(ldscalc_expect)

size_t ldscalc_result_nexpects(const ldscalc_result *r);
/* Fill *e (its size set) with expect i, as ldscalc_result_access. */
int ldscalc_result_expect(const ldscalc_result *r, size_t i, ldscalc_expect *e);

/* The suggest statements' results: per statement, the layouts tried,
 * [0] the array as declared, then the others best first. */
typedef struct {
    size_t size;              /* the caller's sizeof: LDSCALC_LAYOUT_INIT */
    const char *label;        /* "pad rows by 1 element", "Swizzle<5,0,5>" */
    const char *layout;       /* the lds layout expression; NULL: as declared */
    const char *cute, *triton;   /* the same for CuTe and Triton, or NULL */
    const char *error;        /* it could not run, and why (then not ranked) */
    uint64_t ways;            /* the worst access's */
    uint64_t bytes;           /* the array's, padding included */
} ldscalc_layout;
#define LDSCALC_LAYOUT_INIT LDSCALC_SIZED_INIT(ldscalc_layout)

size_t ldscalc_result_nsuggestions(const ldscalc_result *r);
/* Suggestion i: its array (the result's string, above), where, and how
 * many layouts it ranked. */
const char *ldscalc_suggestion_array(const ldscalc_result *r, size_t i);
unsigned ldscalc_suggestion_line(const ldscalc_result *r, size_t i);
size_t ldscalc_suggestion_nlayouts(const ldscalc_result *r, size_t i);
/* Fill *l (its size set) with layout k, as ldscalc_result_access. */
int ldscalc_suggestion_layout(const ldscalc_result *r, size_t i, size_t k, ldscalc_layout *l);
/* Layout k's excess cycles over every access to the array, in decimal. */
int ldscalc_suggestion_excess(const ldscalc_result *r, size_t i, size_t k, char *buf, size_t size);

/* Render the run as a report in a --format of lds-calc(1): text, json,
 * csv, markdown, svg, counters, diagnostics or sarif: the same bytes the
 * command line writes to standard output for this program.  Writes at
 * most size bytes into buf, NUL included (buf may be NULL when size is
 * 0), and the text's full length into *length (if not NULL): call again
 * with a larger buffer when it did not fit.  Returns LDSCALC_OK, or
 * LDSCALC_USAGE for an unknown format, or for svg when the run has
 * several pictures (the command line writes those to a directory: render
 * each access alone). */
int ldscalc_render(ldscalc_result *r, const char *format, char *buf, size_t size, size_t *length);
/* Access i's picture as SVG (its first instruction: lanes against banks,
 * or against transactions for a global access), as ldscalc_render writes
 * text; LDSCALC_USAGE if there is no access i or it failed. */
int ldscalc_access_svg(ldscalc_result *r, size_t i, char *buf, size_t size, size_t *length);

/* ---------------------------------------------------------------------
 * Candidates: a program described once, scored for many values of its
 * parameters (an autotuner's layout search).  ldscalc_prepare parses the
 * program and keeps it; each score runs it with the candidate's values
 * for its free names (as -D NAME=VALUE would) and the candidate's
 * profile, with no text parsed again: the numbers are those of
 * ldscalc_run of the program with those defines, or with each name
 * written out as its value.  The handle keeps the session s: close it
 * after ldscalc_prepared_free, and score on one thread at a time (one
 * handle; several handles on one session may not score at once either:
 * they share its cancel).
 *
 * A candidate that cannot run (a misaligned vector access, an array too
 * large, an index out of bounds, a limit, a parameter without a value or
 * one the program does not have, an unknown profile) is not an error: its
 * score says why, and a batch goes on to the next. */

typedef struct ldscalc_prepared ldscalc_prepared;

/* A parameter's value in a candidate. */
typedef struct {
    const char *name;
    int64_t value;
} ldscalc_value;

/* A candidate: values for some of the parameters (the others keep their
 * defaults, below) and the profile it starts on (NULL: the session's arch
 * option; an arch statement in the program switches from it, as it does
 * from the option). */
typedef struct {
    const char *arch;
    const ldscalc_value *values;
    size_t nvalues;
} ldscalc_candidate;

/* A candidate's score.  The caller sets size (LDSCALC_SCORE_RESULT_INIT);
 * the library fills the fields that fit in it. */
typedef struct {
    size_t size;              /* the caller's sizeof */
    int status;               /* LDSCALC_OK, LDSCALC_CHECK (an expect failed:
                                 scored all the same), or why it is
                                 infeasible: LDSCALC_USAGE (a parameter),
                                 LDSCALC_EVAL (a statement failed),
                                 LDSCALC_CANCELLED, LDSCALC_NO_MEMORY */
    const char *reason;       /* NULL, or why: "1:35: index 32 is out of range
                                 for dimension 1 of 'T' (0..31) (lane 32, k = 0)" */
    size_t naccesses;         /* access statements that ran (a failed one too) */
    /* over the shared-memory accesses that ran: the worst ways, and the
     * sums of the others (UINT64_MAX when they do not fit) */
    uint64_t ways, instructions, cycles, ideal, excess, broadcasts;
} ldscalc_score_result;
#define LDSCALC_SCORE_RESULT_INIT LDSCALC_SIZED_INIT(ldscalc_score_result)

/* One access of a score: the fields of ldscalc_access, with the same
 * meanings.  The caller sets size (LDSCALC_SCORE_ACCESS_INIT). */
typedef struct {
    size_t size;              /* the caller's sizeof */
    unsigned line, column;
    const char *array;        /* NULL: none named */
    const char *profile;
    const char *kind;         /* "read", "write" or "atomic" */
    unsigned width;
    int global;
    int failed;
    uint64_t instructions, cycles, ideal, excess, ways, broadcasts;
} ldscalc_score_access;
#define LDSCALC_SCORE_ACCESS_INIT LDSCALC_SIZED_INIT(ldscalc_score_access)

/* Parse the lds program text in session s (name: how reasons name it,
 * "<arg1>" if NULL) and find its parameters: the names its statements use
 * and nothing declares, each with the session's define of that name as
 * its default (ldscalc_set(s, "define", "PAD=1")), or none; a session
 * define the program never reads is a parameter too.  (A name is found
 * when the program, run once with the defaults and 1 for the rest,
 * reaches it: define a name the run would not reach to make it one.)
 * A misspelt name is a parameter too: check the list.  Returns
 * LDSCALC_OK with *out set, a handle the caller frees with
 * ldscalc_prepared_free (a program that fails for other reasons
 * prepares: its scores say why), or LDSCALC_SYNTAX (the text does not
 * parse), LDSCALC_USAGE (an unknown arch option, more than 64
 * parameters) or LDSCALC_NO_MEMORY, with ldscalc_session_error saying
 * why and *out NULL.  The text and name are copied. */
int ldscalc_prepare(ldscalc_session *s, const char *name, const char *text, size_t len, ldscalc_prepared **out);
/* Its parameters: their number, the i-th's name (valid until
 * ldscalc_prepared_free; NULL past the end), and whether it has a
 * default (into *value when not NULL; 0 when it has none or it does not
 * fit 64 bits). */
size_t ldscalc_prepared_nparams(const ldscalc_prepared *p);
const char *ldscalc_prepared_param(const ldscalc_prepared *p, size_t i, int64_t *value, int *has_default);
/* Score one candidate into *out (its size set; c NULL: no values).
 * Returns LDSCALC_OK when the candidate was scored, feasible or not
 * (out->status says), or LDSCALC_USAGE for a NULL p or out, or out->size
 * too small.  The reason in *out, and the accesses, are the handle's:
 * valid until the next score on p or ldscalc_prepared_free; the
 * candidate's strings are not kept. */
int ldscalc_score(ldscalc_prepared *p, const ldscalc_candidate *c, ldscalc_score_result *out);
/* Score ncand candidates into out[0 .. ncand-1] (each one's size set as
 * out[0]'s, the stride of the array), on as many threads as the
 * session's jobs option allows (one keeps the order of work, not of
 * results: those are in candidate order either way).  The results are
 * those of ldscalc_score for each.  Returns LDSCALC_OK, LDSCALC_USAGE
 * or LDSCALC_NO_MEMORY (no candidate scored). */
int ldscalc_score_many(ldscalc_prepared *p, const ldscalc_candidate *c, size_t ncand, ldscalc_score_result *out);
/* Access i of candidate k of the last score (k 0 after
 * ldscalc_score) into *a (its size set); LDSCALC_USAGE if none or
 * a->size is too small.  Its strings (array, profile, kind) are the
 * handle's, valid until ldscalc_prepared_free or a score of p that
 * answers LDSCALC_NO_MEMORY for a candidate. */
int ldscalc_scored_access(const ldscalc_prepared *p, size_t k, size_t i, ldscalc_score_access *a);
/* Free the handle, and every string its parameters and scores gave.
 * NULL does nothing. */
void ldscalc_prepared_free(ldscalc_prepared *p);

/* Memory running out.  Inside any call it is an error value, never an
 * exit or an abort: the call returns LDSCALC_NO_MEMORY (or NULL, 0 or -1
 * as its comment says), and what it worked on is lost, its memory freed
 * at once without reading what was half built:
 *   - a run (ldscalc_run, ldscalc_run_file): its result is empty, with
 *     status LDSCALC_NO_MEMORY; the session runs on;
 *   - a call on a result (reading a metric, a total, rendering): the
 *     result becomes that empty result;
 *   - a call on a session (ldscalc_set, the command line's streaming
 *     calls): the session is broken; every later call on it answers
 *     LDSCALC_NO_MEMORY, its error says "out of memory", and it can
 *     only be closed.
 * GMP allocates through functions the first ldscalc_open installs, once
 * for the process: inside the library's calls they allocate as the
 * library does (memory running out is the error value above); outside,
 * they call the functions GMP had before - its default ones, or a host
 * program's own, set with mp_set_memory_functions before the first
 * ldscalc_open (set them then or never: GMP's allocator is the
 * process's).  A stream given to the command line's ldscalc_stream
 * (src/lds-calc-tool.h) must not use GMP in its own write functions. */

/* Install GMP's allocation functions now rather than at the first
 * ldscalc_open (above); for programs written before that was the
 * default (the command line calls it). */
void ldscalc_use_gmp_allocator(void);

#ifdef __cplusplus
}
#endif

#endif
