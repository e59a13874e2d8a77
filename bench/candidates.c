/* bench/candidates.c - `make bench`'s candidate API rows: microseconds a
 * candidate for a layout search's question, scored through
 * ldscalc_score (one at a time), ldscalc_score_many (one thread, and
 * every thread) and, against them, ldscalc_run of the same program with
 * the candidate's define.  Prints min and median of RUNS rounds.
 * Usage: candidates [RUNS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lds-calc.h"

#define PROGRAM "arch sm80; array f32 T[32][32 + PAD]; read T[lane][k] for k in 0..8"
#define PER_ROUND 4000
#define MAX_RUNS 64

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void row(const char *name, double *us, int runs)
{
    qsort(us, (size_t)runs, sizeof *us, by_value);
    printf("%-28s %8.2f %8.2f   (%.0f candidates a second)\n", name, us[0], us[runs / 2], 1e6 / us[runs / 2]);
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    runs = runs < 1 ? 1 : runs > MAX_RUNS ? MAX_RUNS : runs;
    static ldscalc_value values[PER_ROUND];
    static ldscalc_candidate cands[PER_ROUND];
    static ldscalc_score_result out[PER_ROUND];
    for (int i = 0; i < PER_ROUND; i++) {
        values[i] = (ldscalc_value){ "PAD", i % 64 };
        cands[i] = (ldscalc_candidate){ NULL, &values[i], 1 };
    }
    out[0].size = sizeof out[0];
    double one[MAX_RUNS], many1[MAX_RUNS], manyall[MAX_RUNS], run[MAX_RUNS];
    ldscalc_session *s = ldscalc_open(), *all = ldscalc_open();
    ldscalc_prepared *p, *pall;
    ldscalc_set(s, "jobs", "1");
    if (!s || !all || ldscalc_prepare(s, NULL, PROGRAM, strlen(PROGRAM), &p) != LDSCALC_OK
        || ldscalc_prepare(all, NULL, PROGRAM, strlen(PROGRAM), &pall) != LDSCALC_OK) {
        fprintf(stderr, "candidates: prepare failed\n");
        return 1;
    }
    uint64_t check = 0;
    for (int r = 0; r < runs; r++) {
        double t = now();
        for (int i = 0; i < PER_ROUND; i++) {
            ldscalc_score_result sc = { .size = sizeof sc };
            ldscalc_score(p, &cands[i], &sc);
            check += sc.excess;
        }
        one[r] = (now() - t) / PER_ROUND * 1e6;
        t = now();
        ldscalc_score_many(p, cands, PER_ROUND, out);
        many1[r] = (now() - t) / PER_ROUND * 1e6;
        t = now();
        ldscalc_score_many(pall, cands, PER_ROUND, out);
        manyall[r] = (now() - t) / PER_ROUND * 1e6;
        t = now();
        for (int i = 0; i < PER_ROUND / 8; i++) {
            char def[32];
            snprintf(def, sizeof def, "PAD=%d", i % 64);
            ldscalc_set(s, "define", def);
            ldscalc_result *res = ldscalc_run(s, NULL, PROGRAM, strlen(PROGRAM));
            ldscalc_access a;
            ldscalc_result_access(res, 0, &a);
            check += a.excess;
            ldscalc_result_free(res);
        }
        run[r] = (now() - t) / (PER_ROUND / 8) * 1e6;
    }
    printf("\nC candidate API: %s, microseconds a candidate, min and median of %d rounds\n", PROGRAM, runs);
    row("ldscalc_score", one, runs);
    row("ldscalc_score_many -j1", many1, runs);
    row("ldscalc_score_many (all)", manyall, runs);
    row("ldscalc_run of the text", run, runs);
    ldscalc_prepared_free(p);
    ldscalc_prepared_free(pall);
    ldscalc_close(s);
    ldscalc_close(all);
    return check == 0;   /* the work was done: some candidate conflicts */
}
