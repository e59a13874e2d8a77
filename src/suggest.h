/* src/suggest.h - suggest NAME: which layout of an array makes its
 * accesses cheapest.  Every candidate (src/suggest_candidates.c) is
 * simulated in full: the texts the session ran are replayed in a
 * session of their own, the array laid out by the candidate, only the
 * accesses to it running, up to the suggest statement.  The layouts are
 * ranked by total cycles, then excess, then the array's bytes, then
 * simplicity (lds(5), suggest). */
#ifndef LDS_SUGGEST_H
#define LDS_SUGGEST_H

#include <stdio.h>

#include "base/diag.h"
#include "src/results.h"
#include "src/session.h"
#include "src/suggest_print.h"

typedef struct {
    const lds_session_config *cfg;    /* the session's: each replay starts as it did */
    const lds_ran_text *texts;        /* what it ran, the statement's text last */
    size_t ntexts;
    const char *array;
    lds_loc loc;                      /* the statement the search serves */
    FILE *print_out;                  /* where --explain's fix goes; NULL: nowhere */
    lds_results *results;             /* where the ranked list is kept */
    const lds_access_result *rec;     /* --explain: the access that conflicted
                                         (its kernel's terms), or NULL */
    lds_fixes_said *said;             /* --explain: the fixes printed so far */
} lds_suggest_request;

/* Search and keep the ranked list in the results, for the reports.  0,
 * or -1 with diag set (no access to the array, an array of one
 * dimension, a program that does not run). */
int lds_suggest_statement(const lds_suggest_request *q, lds_diag *diag);
/* --explain: one line with the best fix, to print_out (none if the
 * search cannot start).  0, or -1 with diag set when Ctrl-C stopped it. */
int lds_suggest_fix(const lds_suggest_request *q, lds_diag *diag);
/* The same search, its ranked list kept in the results (a search that
 * cannot start keeps nothing): the fixes of --format diagnostics and
 * sarif.  0, or -1 with diag set when Ctrl-C stopped it. */
int lds_suggest_keep(const lds_suggest_request *q, lds_diag *diag);

#endif
