/* bench/hand.c - the workloads of `make bench`, each as the loop a
 * careful engineer would write by hand for that one access pattern:
 * int64 addresses, bank = word % banks, the distinct words of each bank
 * in each phase.  They print the same totals lds-calc prints, so that
 * bench/run.sh can check both agree before it compares their times.
 *
 * Each workload splits its loop over k into T parts run on T threads
 * (default 1), so that lds-calc -jT can be compared with the same work
 * spread the same way.
 *
 * Usage: hand WORKLOAD N [T]    (workloads: see the table at the end) */
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t instructions, cycles, ideal;
} totals;

/* One instruction: `lanes` addresses of `words` words each (word
 * addresses), phase_of_lane[] giving each lane's phase, `banks` banks.
 * Costs the max over banks of distinct words, per phase. */
static void instruction(totals *t, const int64_t *word, const unsigned char *active, unsigned lanes, unsigned words,
                        const unsigned char *phase_of_lane, unsigned nphases, unsigned banks)
{
    enum { MAXW = 512 };
    for (unsigned ph = 0; ph < nphases; ph++) {
        int64_t seen[64][16];          /* per bank: distinct words so far */
        unsigned nseen[64] = { 0 }, cost = 0;
        int any = 0;
        for (unsigned l = 0; l < lanes; l++) {
            if (phase_of_lane[l] != ph || !active[l])
                continue;
            any = 1;
            for (unsigned k = 0; k < words; k++) {
                int64_t w = word[l] + k;
                unsigned b = (unsigned)(w % banks), i = 0;
                while (i < nseen[b] && seen[b][i] != w)
                    i++;
                if (i == nseen[b]) {
                    if (nseen[b] < 16)
                        seen[b][nseen[b]] = w;
                    nseen[b]++;
                    if (nseen[b] > cost)
                        cost = nseen[b];
                }
            }
        }
        if (any) {
            t->cycles += cost;
            t->ideal++;
        }
    }
    t->instructions++;
}

/* sm80, 256 threads, 10 groups: f32[(tid * k + group * k * k) % 4099] */
static void modular(int64_t k0, int64_t n, totals *t)
{
    unsigned char phase[32] = { 0 }, active[32];
    memset(active, 1, sizeof active);
    for (int64_t g = 0; g < 10; g++)
        for (int64_t w = 0; w < 8; w++)
            for (int64_t k = k0; k < n; k++) {
                int64_t word[32];
                for (int64_t l = 0; l < 32; l++) {
                    int64_t tid = w * 32 + l;
                    word[l] = (tid * k + g * k * k) % 4099;
                }
                instruction(t, word, active, 32, 1, phase, 1, 32);
            }
}

/* gfx942, 256 threads, 4 groups: ds_read_b128 with an XOR swizzle that
 * changes every trip and group: row = tid / 8, column
 * (tid % 8) ^ ((row + k*k + group) % 8) */
static void swizzle_b128(int64_t k0, int64_t n, totals *t)
{
    static const unsigned char groups[32] = { 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                              1, 1, 1, 1, 0, 0, 0, 0, 3, 3, 3, 3, 2, 2, 2, 2 };
    unsigned char phase[64], active[64];
    for (unsigned l = 0; l < 64; l++)
        phase[l] = (unsigned char)(groups[l % 32] + 4 * (l / 32));
    memset(active, 1, sizeof active);
    for (int64_t g = 0; g < 4; g++)
        for (int64_t w = 0; w < 4; w++)
            for (int64_t k = k0; k < n; k++) {
                int64_t word[64];
                for (int64_t l = 0; l < 64; l++) {
                    int64_t tid = w * 64 + l, row = tid / 8;
                    int64_t col = (tid % 8) ^ ((row + k * k + g) % 8);
                    word[l] = ((row * 8 + col) * 16) % 65536 / 4;
                }
                instruction(t, word, active, 64, 4, phase, 8, 32);
            }
}

/* sm80, 128 threads: a 64x64 f16 tile read by columns, its row padding
 * changing every trip: f16[(lane + 32 * w) * (64 + k * k % 7) + k % 64] */
static void padded_columns(int64_t k0, int64_t n, totals *t)
{
    unsigned char phase[32] = { 0 }, active[32];
    memset(active, 1, sizeof active);
    for (int64_t w = 0; w < 4; w++)
        for (int64_t k = k0; k < n; k++) {
            int64_t word[32];
            for (int64_t l = 0; l < 32; l++)
                word[l] = ((l + 32 * (w % 2)) * (64 + k * k % 7) + k % 64) * 2 / 4;
            instruction(t, word, active, 32, 1, phase, 1, 32);
        }
}

/* sm80, one wave: a scatter no period or memo can shorten (the residue
 * mod the prime 1000003 repeats only after 1000003 trips):
 * f32[(lane * 2654435761 + k * k * 40503) % 1000003 % 16384] */
static void scatter(int64_t k0, int64_t n, totals *t)
{
    unsigned char phase[32] = { 0 }, active[32];
    memset(active, 1, sizeof active);
    for (int64_t k = k0; k < n; k++) {
        int64_t word[32];
        for (int64_t l = 0; l < 32; l++)
            word[l] = (l * 2654435761 + k * k * 40503) % 1000003 % 16384;
        instruction(t, word, active, 32, 1, phase, 1, 32);
    }
}

/* The same beyond 64 bits (a loop of its own, not scatter's with the
 * index as a function pointer: a call per lane would slow the baseline
 * lds-calc is measured against): lane * k^3 * 40503 passes 2^63 from k = 61000
 * on, so lds-calc leaves its int64 programs; 128-bit integers here:
 * f32[(lane * k * k * k * 40503 + k) % 1000003 % 16384] */
static void bigint(int64_t k0, int64_t n, totals *t)
{
    unsigned char phase[32] = { 0 }, active[32];
    memset(active, 1, sizeof active);
    for (int64_t k = k0; k < n; k++) {
        int64_t word[32];
        for (int64_t l = 0; l < 32; l++) {
            unsigned __int128 v = (unsigned __int128)l * (unsigned __int128)(k * k) * (unsigned __int128)k * 40503u + (unsigned __int128)k;
            word[l] = (int64_t)(v % 1000003u % 16384u);
        }
        instruction(t, word, active, 32, 1, phase, 1, 32);
    }
}

typedef void (*workload_fn)(int64_t, int64_t, totals *);

static const struct {
    const char *name;
    workload_fn run;
} workloads[] = {
    { "modular", modular },
    { "swizzle-b128", swizzle_b128 },
    { "padded-columns", padded_columns },
    { "scatter", scatter },
    { "bigint", bigint },
};

typedef struct {
    workload_fn run;
    int64_t k0, k1;
    totals t;
} part;

static void *run_part(void *arg)
{
    part *p = arg;
    p->run(p->k0, p->k1, &p->t);
    return NULL;
}

int main(int argc, char **argv)
{
    enum { MAX_THREADS = 64 };
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: hand WORKLOAD N [THREADS]\n");
        return 2;
    }
    long n = atol(argv[2]), threads = argc == 4 ? atol(argv[3]) : 1;
    if (threads < 1 || threads > MAX_THREADS) {
        fprintf(stderr, "hand: THREADS must be 1 to %d\n", MAX_THREADS);
        return 2;
    }
    for (size_t i = 0; i < sizeof workloads / sizeof workloads[0]; i++)
        if (!strcmp(argv[1], workloads[i].name)) {
            part parts[MAX_THREADS];
            pthread_t tids[MAX_THREADS];
            totals t = { 0, 0, 0 };
            for (long p = 0; p < threads; p++) {
                parts[p] = (part){ workloads[i].run, n * p / threads, n * (p + 1) / threads, { 0, 0, 0 } };
                if (pthread_create(&tids[p], NULL, run_part, &parts[p])) {
                    fprintf(stderr, "hand: cannot start a thread\n");
                    return 2;
                }
            }
            for (long p = 0; p < threads; p++) {
                pthread_join(tids[p], NULL);
                t.instructions += parts[p].t.instructions;
                t.cycles += parts[p].t.cycles;
                t.ideal += parts[p].t.ideal;
            }
            printf("instructions %" PRIu64 " cycles %" PRIu64 " ideal %" PRIu64 "\n", t.instructions, t.cycles,
                   t.ideal);
            return 0;
        }
    fprintf(stderr, "hand: unknown workload '%s'\n", argv[1]);
    return 2;
}
