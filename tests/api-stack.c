/* tests/api-stack.c - a program embedding the library that runs a file
 * through the C API from a thread with a small stack, as a compiler or an
 * editor plugin may (tests/hardening4-calls.sh):
 *
 *     api-stack FILE KIB [OPTION=VALUE]...
 *
 * prints "status S accesses N" and exits 0 when the run returned (a stack
 * overflow kills the process: exit by signal). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lds-calc.h"

typedef struct {
    const char *path;
    char **options;
    int noptions;
    int status;
    size_t accesses;
} job;

static void *run(void *arg)
{
    job *j = arg;
    ldscalc_session *s = ldscalc_open();
    if (!s)
        return NULL;
    for (int i = 0; i < j->noptions; i++) {
        char *eq = strchr(j->options[i], '=');
        if (eq) {
            *eq = '\0';
            ldscalc_set(s, j->options[i], eq + 1);
        }
    }
    ldscalc_result *r = ldscalc_run_file(s, j->path);
    j->status = ldscalc_result_status(r);
    j->accesses = ldscalc_result_naccesses(r);
    ldscalc_result_free(r);
    ldscalc_close(s);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: api-stack FILE KIB [OPTION=VALUE]...\n");
        return 2;
    }
    job j = { argv[1], argv + 3, argc - 3, -1, 0 };
    pthread_attr_t attr;
    pthread_t t;
    if (pthread_attr_init(&attr) != 0 || pthread_attr_setstacksize(&attr, strtoul(argv[2], NULL, 10) * 1024) != 0
        || pthread_create(&t, &attr, run, &j) != 0) {
        fprintf(stderr, "api-stack: no thread\n");
        return 2;
    }
    pthread_join(t, NULL);
    printf("status %d accesses %zu\n", j.status, j.accesses);
    return 0;
}
