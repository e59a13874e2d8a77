/* bench/hand.c - the workloads of `make bench`, each as the loop a
 * careful engineer would write by hand for that one access pattern:
 * int64 addresses, bank = word % banks, the distinct words of each bank
 * in each phase.  They print the same totals lds-calc prints, so that
 * bench/run.sh can check both agree before it compares their times.
 *
 * Usage: hand WORKLOAD N    (workloads: see the table at the end) */
#include <inttypes.h>
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
static void modular(long n, totals *t)
{
    unsigned char phase[32] = { 0 }, active[32];
    memset(active, 1, sizeof active);
    for (int64_t g = 0; g < 10; g++)
        for (int64_t w = 0; w < 8; w++)
            for (int64_t k = 0; k < n; k++) {
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
static void swizzle_b128(long n, totals *t)
{
    static const unsigned char groups[32] = { 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                              1, 1, 1, 1, 0, 0, 0, 0, 3, 3, 3, 3, 2, 2, 2, 2 };
    unsigned char phase[64], active[64];
    for (unsigned l = 0; l < 64; l++)
        phase[l] = (unsigned char)(groups[l % 32] + 4 * (l / 32));
    memset(active, 1, sizeof active);
    for (int64_t g = 0; g < 4; g++)
        for (int64_t w = 0; w < 4; w++)
            for (int64_t k = 0; k < n; k++) {
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
static void padded_columns(long n, totals *t)
{
    unsigned char phase[32] = { 0 }, active[32];
    memset(active, 1, sizeof active);
    for (int64_t w = 0; w < 4; w++)
        for (int64_t k = 0; k < n; k++) {
            int64_t word[32];
            for (int64_t l = 0; l < 32; l++)
                word[l] = ((l + 32 * (w % 2)) * (64 + k * k % 7) + k % 64) * 2 / 4;
            instruction(t, word, active, 32, 1, phase, 1, 32);
        }
}

static const struct {
    const char *name;
    void (*run)(long, totals *);
} workloads[] = {
    { "modular", modular },
    { "swizzle-b128", swizzle_b128 },
    { "padded-columns", padded_columns },
};

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: hand WORKLOAD N\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof workloads / sizeof workloads[0]; i++)
        if (!strcmp(argv[1], workloads[i].name)) {
            totals t = { 0, 0, 0 };
            workloads[i].run(atol(argv[2]), &t);
            printf("instructions %" PRIu64 " cycles %" PRIu64 " ideal %" PRIu64 "\n", t.instructions, t.cycles,
                   t.ideal);
            return 0;
        }
    fprintf(stderr, "hand: unknown workload '%s'\n", argv[1]);
    return 2;
}
