/* bench/candidates.c - `make bench`'s candidate API rows: microseconds a
 * candidate for a layout search's question, scored through
 * ldscalc_score (one at a time), ldscalc_score_many (one thread, and
 * every thread) and, against them, ldscalc_run of the same program with
 * the candidate's define.  Prints min and median of RUNS rounds, of the
 * wall-clock time and, for the rows on one thread, of that thread's CPU
 * time (what a loaded machine does not inflate).
 * Usage: candidates [RUNS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lds-calc.h"

#define PROGRAM "arch sm80; array f32 T[32][32 + PAD]; read T[lane][k] for k in 0..8"
#define PER_ROUND 4000
#define MAX_RUNS 64

static double clock_of(clockid_t which)
{
    struct timespec t;
    clock_gettime(which, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A round's start and end: wall and this thread's CPU. */
typedef struct {
    double wall, cpu;
} stamp;

static stamp now(void)
{
    return (stamp){ clock_of(CLOCK_MONOTONIC), clock_of(CLOCK_THREAD_CPUTIME_ID) };
}

/* Microseconds a candidate since t, n candidates: into wall[r] and cpu[r]. */
static void took(stamp t, int n, double *wall, double *cpu, int r)
{
    stamp e = now();
    wall[r] = (e.wall - t.wall) / n * 1e6;
    cpu[r] = (e.cpu - t.cpu) / n * 1e6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A row: wall min and median, CPU min and median (cpu NULL: the row ran
 * on several threads, its CPU time is not a candidate's). */
static void row(const char *name, double *wall, double *cpu, int runs)
{
    qsort(wall, (size_t)runs, sizeof *wall, by_value);
    printf("%-28s %8.2f %8.2f", name, wall[0], wall[runs / 2]);
    if (cpu) {
        qsort(cpu, (size_t)runs, sizeof *cpu, by_value);
        printf(" %8.2f %8.2f", cpu[0], cpu[runs / 2]);
    } else {
        printf(" %8s %8s", "-", "-");
    }
    printf("   (%.0f candidates a second)\n", 1e6 / wall[runs / 2]);
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
    double one_cpu[MAX_RUNS], many1_cpu[MAX_RUNS], manyall_cpu[MAX_RUNS], run_cpu[MAX_RUNS];
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
        stamp t = now();
        for (int i = 0; i < PER_ROUND; i++) {
            ldscalc_score_result sc = { .size = sizeof sc };
            ldscalc_score(p, &cands[i], &sc);
            check += sc.excess;
        }
        took(t, PER_ROUND, one, one_cpu, r);
        t = now();
        ldscalc_score_many(p, cands, PER_ROUND, out);
        took(t, PER_ROUND, many1, many1_cpu, r);
        t = now();
        ldscalc_score_many(pall, cands, PER_ROUND, out);
        took(t, PER_ROUND, manyall, manyall_cpu, r);
        t = now();
        for (int i = 0; i < PER_ROUND / 8; i++) {
            char def[32];
            snprintf(def, sizeof def, "PAD=%d", i % 64);
            ldscalc_set(s, "define", def);
            ldscalc_result *res = ldscalc_run(s, NULL, PROGRAM, strlen(PROGRAM));
            ldscalc_access a = LDSCALC_ACCESS_INIT;
            ldscalc_result_access(res, 0, &a);
            check += a.excess;
            ldscalc_result_free(res);
        }
        took(t, PER_ROUND / 8, run, run_cpu, r);
    }
    printf("\nC candidate API: %s, microseconds a candidate, min and median of %d rounds\n", PROGRAM, runs);
    printf("%-28s %8s %8s %8s %8s\n", "", "wall min", "median", "cpu min", "median");
    row("ldscalc_score", one, one_cpu, runs);
    row("ldscalc_score_many -j1", many1, many1_cpu, runs);
    row("ldscalc_score_many (all)", manyall, NULL, runs);
    row("ldscalc_run of the text", run, run_cpu, runs);
    ldscalc_prepared_free(p);
    ldscalc_prepared_free(pall);
    ldscalc_close(s);
    ldscalc_close(all);
    return check == 0;   /* the work was done: some candidate conflicts */
}
