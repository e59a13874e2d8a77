/* fuzz/random-driver.c - runs a libFuzzer target on random inputs without
 * libFuzzer or sanitizers, for long differential campaigns at full speed
 * (make fuzz-diff-random FUZZ_RUNS=N FUZZ_SEED=S).  A finding aborts, as
 * under libFuzzer; the input that found it is printed first. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t state;

static uint64_t next(void)   /* splitmix64 */
{
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    unsigned long long runs = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000;
    state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    uint8_t buf[64];
    for (unsigned long long r = 0; r < runs; r++) {
        size_t n = 8 + next() % (sizeof buf - 8);
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)next();
        LLVMFuzzerTestOneInput(buf, n);
        if ((r + 1) % 100000 == 0)
            fprintf(stderr, "%llu programs\n", r + 1);
    }
    printf("%llu programs, no finding\n", runs);
    return 0;
}
