/* src/progress.h - how far a long access has gone (a progress line on a
 * terminal): a counter the threads simulating it add to, and a tick. */
#ifndef LDS_PROGRESS_H
#define LDS_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* How far a long access has gone, for a progress line: shared by the
 * threads simulating it. */
typedef struct lds_progress {
    _Atomic uint64_t done;            /* instructions simulated so far */
    uint64_t planned;                 /* of those the plan counted */
    /* called now and then, from any of the threads */
    void (*tick)(struct lds_progress *p);
    void *ctx;
} lds_progress;

/* The progress line on a terminal's standard error: shown once an
 * access has run for a second, updated a few times a second, erased when
 * it ends.  Safe to update from any thread (an update that would wait is
 * skipped). */
typedef struct lds_progress_line lds_progress_line;

lds_progress_line *lds_progress_line_new(FILE *out, const char *prog);
void lds_progress_line_free(lds_progress_line *pl);
/* unit: what done counts ("layouts"); NULL: instructions */
void lds_progress_line_update(lds_progress_line *pl, unsigned line, uint64_t done, uint64_t planned, bool finished,
                              const char *unit);

#endif
