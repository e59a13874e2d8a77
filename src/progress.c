/* src/progress.c - the progress line (src/progress.h). */
#include "src/progress.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "base/mem.h"

/* Seconds before the line appears, and between two updates. */
#define SHOW_AFTER 1.0
#define UPDATE_EVERY 0.25

struct lds_progress_line {
    FILE *out;
    const char *prog;
    pthread_mutex_t lock;
    double start, last;       /* of the access running; of the last update */
    bool running, shown;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

lds_progress_line *lds_progress_line_new(FILE *out, const char *prog)
{
    lds_progress_line *pl = lds_xcalloc(1, sizeof *pl);
    pl->out = out;
    pl->prog = prog ? prog : "lds-calc";
    pthread_mutex_init(&pl->lock, NULL);
    return pl;
}

void lds_progress_line_free(lds_progress_line *pl)
{
    if (!pl)
        return;
    pthread_mutex_destroy(&pl->lock);
    lds_free(pl);
}

void lds_progress_line_update(lds_progress_line *pl, unsigned line, uint64_t done, uint64_t planned, bool finished,
                              const char *unit)
{
    if (!unit)
        unit = "instructions";
    if (finished ? pthread_mutex_lock(&pl->lock) != 0 : pthread_mutex_trylock(&pl->lock) != 0)
        return;
    double t = now();
    if (finished) {
        if (pl->shown)
            fputs("\r\033[K", pl->out);   /* erase it: the report follows */
        pl->running = pl->shown = false;
    } else if (!pl->running) {
        pl->running = true;
        pl->start = t;
    } else if (t - pl->start >= SHOW_AFTER && t - pl->last >= UPDATE_EVERY) {
        if (planned > done)
            fprintf(pl->out, "\r%s: line %u: %3.0f%% (%llu of %llu %s)\033[K", pl->prog, line,
                    100.0 * (double)done / (double)planned, (unsigned long long)done, (unsigned long long)planned, unit);
        else
            fprintf(pl->out, "\r%s: line %u: %llu %s\033[K", pl->prog, line, (unsigned long long)done, unit);
        fflush(pl->out);
        pl->last = t;
        pl->shown = true;
    }
    pthread_mutex_unlock(&pl->lock);
}
