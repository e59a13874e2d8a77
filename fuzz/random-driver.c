/* fuzz/random-driver.c - runs a libFuzzer target on random inputs without
 * libFuzzer or sanitizers, for long differential campaigns at full speed:
 *
 *   diff-random [-j N] [-t SECONDS] [RUNS [SEED]]
 *
 * RUNS programs (100000) from SEED (1), or, with a time (-t, or the
 * environment's FUZZ_DIFF_SECONDS), as many as SECONDS allow, RUNS then
 * not counted; on N processes (-j, 1), process c drawing the stream of
 * seed SEED + 1000003 c, so that `diff-random R SEED_c` alone replays
 * it.  A finding aborts, as under libFuzzer: the target prints the
 * program, the driver the stream and the count that replay it.  At the
 * end: the programs, the seconds, the programs a second. */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_JOBS 256
#define STREAM_STEP 1000003ull

static uint64_t state;

static uint64_t next(void)   /* splitmix64 */
{
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* One stream: `runs` programs (0: no count) until `deadline` (0: none);
 * how many ran. */
static unsigned long long run_stream(unsigned long long seed, unsigned long long runs, double deadline)
{
    uint8_t buf[64];
    unsigned long long r = 0;
    state = seed;
    for (; (!runs || r < runs) && (deadline == 0 || now() < deadline); r++) {
        size_t n = 8 + next() % (sizeof buf - 8);
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)next();
        LLVMFuzzerTestOneInput(buf, n);
        if ((r + 1) % 100000 == 0)
            fprintf(stderr, "seed %llu: %llu programs\n", seed, r + 1);
    }
    return r;
}

static void usage(void)
{
    fprintf(stderr, "usage: diff-random [-j N] [-t SECONDS] [RUNS [SEED]]\n");
    exit(2);
}

/* The processes' streams, each reporting its count through a pipe. */
static int run_jobs(unsigned jobs, unsigned long long runs, unsigned long long seed, double seconds)
{
    pid_t pid[MAX_JOBS];
    int fd[MAX_JOBS];
    double start = now(), deadline = seconds > 0 ? start + seconds : 0;
    fflush(NULL);   /* nothing buffered twice */
    for (unsigned c = 0; c < jobs; c++) {
        int p[2];
        if (pipe(p) < 0 || (pid[c] = fork()) < 0) {
            perror("diff-random");
            return 2;
        }
        if (pid[c] == 0) {
            close(p[0]);
            unsigned long long mine = runs ? runs / jobs + (c < runs % jobs) : 0;
            unsigned long long done = mine || deadline ? run_stream(seed + STREAM_STEP * c, mine, deadline) : 0;
            if (write(p[1], &done, sizeof done) != (ssize_t)sizeof done)
                _exit(2);
            exit(0);   /* the target's statistics print at exit */
        }
        close(p[1]);
        fd[c] = p[0];
    }
    unsigned long long total = 0;
    int status = 0;
    for (unsigned c = 0; c < jobs; c++) {
        unsigned long long done = 0;
        int st = 0;
        ssize_t got = read(fd[c], &done, sizeof done);
        close(fd[c]);
        while (waitpid(pid[c], &st, 0) < 0 && errno == EINTR)
            ;
        if (got != (ssize_t)sizeof done || !WIFEXITED(st) || WEXITSTATUS(st)) {
            fprintf(stderr, "diff-random: a finding in the stream of seed %llu (process %u); replay it with "
                            "'diff-random RUNS %llu'\n", seed + STREAM_STEP * c, c, seed + STREAM_STEP * c);
            for (unsigned o = c + 1; o < jobs; o++)   /* the others stop: the run has its answer */
                kill(pid[o], SIGTERM);
            status = 1;
            continue;
        }
        total += done;
    }
    double took = now() - start;
    printf("%llu programs in %.1f s on %u process%s, %.0f programs/s%s\n", total, took, jobs, jobs == 1 ? "" : "es",
           took > 0 ? (double)total / took : 0.0, status ? ": a FINDING (above)" : ", no finding");
    return status;
}

int main(int argc, char **argv)
{
    unsigned jobs = 1;
    double seconds = 0;
    const char *env = getenv("FUZZ_DIFF_SECONDS");
    if (env && *env)
        seconds = strtod(env, NULL);
    int opt;
    while ((opt = getopt(argc, argv, "j:t:")) != -1) {
        if (opt == 'j')
            jobs = (unsigned)strtoul(optarg, NULL, 10);
        else if (opt == 't')
            seconds = strtod(optarg, NULL);
        else
            usage();
    }
    if (jobs < 1 || jobs > MAX_JOBS || seconds < 0 || argc - optind > 2)
        usage();
    unsigned long long runs = optind < argc ? strtoull(argv[optind], NULL, 10) : 100000;
    unsigned long long seed = optind + 1 < argc ? strtoull(argv[optind + 1], NULL, 10) : 1;
    if (seconds > 0)
        runs = 0;   /* a time: as many as it allows */
    if (jobs == 1 && seconds == 0) {   /* one stream in this process: a finding aborts here */
        unsigned long long done = run_stream(seed, runs, 0);
        printf("%llu programs, no finding\n", done);
        return 0;
    }
    return run_jobs(jobs, runs, seed, seconds);
}
