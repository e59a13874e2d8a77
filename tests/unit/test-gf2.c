/* tests/unit/test-gf2.c - sim/gf2.c: ranks, cosets and the closed form
 * of one instruction, on values worked out by hand, and against
 * lds_sim_run on random GF(2)-linear lane maps. */
#include <string.h>

#include "sim/gf2.h"
#include "sim/profile.h"
#include "sim/sim.h"
#include "tests/unit/cunit_tap.h"

static const lds_sim_profile *profile(const char *name)
{
    const lds_sim_profile *p = lds_sim_profile_find(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    return p;
}

static void test_rank(void)
{
    uint64_t none[1] = { 0 };
    uint64_t three[] = { 0x1, 0x2, 0x3 };                  /* 1 ^ 2 = 3: rank 2 */
    uint64_t swz[] = { 0x10, 0x20, 0x40, 0x10 ^ 0x80 };    /* four independent */
    uint64_t bank_bits[] = { 0x21, 0x42, 0x21 ^ 0x42, 0x0 };
    CU_ASSERT_EQUAL(lds_gf2_rank(none, 1), 0);
    CU_ASSERT_EQUAL(lds_gf2_rank(three, 3), 2);
    CU_ASSERT_EQUAL(lds_gf2_rank(swz, 4), 4);
    CU_ASSERT_EQUAL(lds_gf2_rank(bank_bits, 4), 2);
    /* the kernel of (x -> x & 31) on the words {32, 64, 1}: 32 and 64 */
    uint64_t words[] = { 32, 64, 1 }, banks[] = { 0, 0, 1 };
    CU_ASSERT_EQUAL(lds_gf2_rank(words, 3) - lds_gf2_rank(banks, 3), 2);
}

static void test_coset_min(void)
{
    uint64_t v[] = { 0x6, 0x3 };   /* span {0, 3, 5, 6} */
    CU_ASSERT_EQUAL(lds_gf2_coset_min(0x7, v, 2), 1);   /* {7, 4, 2, 1} */
    CU_ASSERT_EQUAL(lds_gf2_coset_min(0x5, v, 2), 0);
    CU_ASSERT_EQUAL(lds_gf2_coset_min(0x18, v, 0), 0x18);
}

static void test_lane_coset(void)
{
    unsigned first, dim;
    uint64_t basis[LDS_GF2_LANE_BITS];
    CU_ASSERT_TRUE(lds_gf2_lane_coset(0xff00, &first, &dim, basis));   /* lanes 8-15 */
    CU_ASSERT_EQUAL(first, 8);
    CU_ASSERT_EQUAL(dim, 3);
    /* gfx942's ds_read_b128 group {4-7, 16-19}: 4 XOR span{1, 2, 20} */
    CU_ASSERT_TRUE(lds_gf2_lane_coset(0xf00f0ull, &first, &dim, basis));
    CU_ASSERT_EQUAL(first, 4);
    CU_ASSERT_EQUAL(dim, 3);
    CU_ASSERT_FALSE(lds_gf2_lane_coset(0x7, &first, &dim, basis));    /* three lanes */
    CU_ASSERT_FALSE(lds_gf2_lane_coset(0x17, &first, &dim, basis));   /* {0,1,2,4}: 3 ^ 4 missing */
    CU_ASSERT_FALSE(lds_gf2_lane_coset(0, &first, &dim, basis));
}

/* Every lane active: the closed form, and lds_sim_run on the same lanes. */
static bool both(const lds_sim_profile *p, lds_sim_kind kind, unsigned width, const lds_gf2_map *m,
                 lds_sim_result *closed, lds_sim_result *sim)
{
    bool active[LDS_SIM_MAX_WAVE];
    uint64_t addr[LDS_SIM_MAX_WAVE];
    for (unsigned l = 0; l < p->wave; l++) {
        active[l] = true;
        addr[l] = lds_gf2_address(m, l);
    }
    lds_sim_access a = { kind, width, 1, p->wave, active, addr, LDS_FORM_PLAIN, false, false, 0 };
    lds_sim_class c;
    const char *why = NULL;
    lds_sim_class_of(p, &a, &c);
    CU_ASSERT_EQUAL_FATAL(lds_sim_run(p, &a, sim, &why), 0);
    return lds_gf2_run(p, &a, &c, m, closed);
}

static void test_hand_values(void)
{
    lds_sim_result cf, sim;
    /* f32[lane * 4] on sm80: word 4 lane, bank 4 lane & 31: ranks 5 and 3 -> 4-way */
    lds_gf2_map stride4 = { 5, { 16, 32, 64, 128, 256 }, 0 };
    CU_ASSERT_TRUE_FATAL(both(profile("sm80"), LDS_ACCESS_READ, 4, &stride4, &cf, &sim));
    CU_ASSERT_EQUAL(cf.ways, 4);
    CU_ASSERT_EQUAL(cf.cycles, 4);
    CU_ASSERT_EQUAL(cf.phase[0].worst_bank, 0);
    /* the same XOR 0x2c (bank 11 for lane 0): still 4-way, busiest bank
     * the least of 11 ^ {0,4,...,28}: 3 */
    stride4.base = 0x2c;
    CU_ASSERT_TRUE_FATAL(both(profile("sm80"), LDS_ACCESS_READ, 4, &stride4, &cf, &sim));
    CU_ASSERT_EQUAL(cf.ways, 4);
    CU_ASSERT_EQUAL(cf.phase[0].worst_bank, 3);
    /* Swizzle<3,3,3> column read, b128 (8 lanes a phase): row r = lane at
     * 128 r bytes, chunk 0 XOR (r % 8) at 16 (r % 8): conflict-free */
    lds_gf2_map swz = { 5, { 128 | 16, 256 | 32, 512 | 64, 1024, 2048 }, 0 };
    CU_ASSERT_TRUE_FATAL(both(profile("sm80"), LDS_ACCESS_READ, 16, &swz, &cf, &sim));
    CU_ASSERT_EQUAL(cf.ways, 1);
    CU_ASSERT_EQUAL(cf.cycles, 4);
    CU_ASSERT_EQUAL(cf.ideal, 4);
    /* without the swizzle: 8 rows on banks 0-3, 8-way */
    lds_gf2_map plain = { 5, { 128, 256, 512, 1024, 2048 }, 0 };
    CU_ASSERT_TRUE_FATAL(both(profile("sm80"), LDS_ACCESS_READ, 16, &plain, &cf, &sim));
    CU_ASSERT_EQUAL(cf.ways, 8);
    CU_ASSERT_EQUAL(cf.cycles, 32);
    /* b64 where lanes n and n^1 share an address: NVIDIA's pair rule */
    lds_gf2_map pairs = { 5, { 0, 8, 16, 32, 64 }, 0 };
    CU_ASSERT_TRUE_FATAL(both(profile("sm90"), LDS_ACCESS_READ, 8, &pairs, &cf, &sim));
    CU_ASSERT_TRUE(cf.paired);
    CU_ASSERT_EQUAL(cf.cycles, sim.cycles);
    /* every lane on one word: a broadcast of 31, and 32-way for atomics */
    lds_gf2_map one = { 5, { 0, 0, 0, 0, 0 }, 64 };
    CU_ASSERT_TRUE_FATAL(both(profile("generic"), LDS_ACCESS_READ, 4, &one, &cf, &sim));
    CU_ASSERT_EQUAL(cf.broadcasts, 31);
    CU_ASSERT_EQUAL(cf.ways, 1);
    CU_ASSERT_TRUE_FATAL(both(profile("generic"), LDS_ACCESS_ATOMIC, 4, &one, &cf, &sim));
    CU_ASSERT_EQUAL(cf.ways, 32);
    CU_ASSERT_EQUAL(cf.broadcasts, 0);
}

static void test_declines(void)
{
    lds_sim_result cf, sim;
    lds_gf2_map odd = { 5, { 8, 16, 32, 64, 128 }, 4 };   /* b64 at 4 mod 8 */
    CU_ASSERT_FALSE(both(profile("gfx942"), LDS_ACCESS_READ, 8, &odd, &cf, &sim));
    lds_gf2_map wide = { 5, { 12, 24, 48, 96, 192 }, 0 };   /* b96: not a power of two */
    CU_ASSERT_FALSE(both(profile("gfx942"), LDS_ACCESS_READ, 12, &wide, &cf, &sim));
}

static uint64_t state = 0x9e3779b97f4a7c15u;

static uint64_t next(void)   /* xorshift64 */
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* Random maps on every profile, kind and width: where the closed form
 * answers, lds_sim_run agrees on every total and phase. */
static void test_random_against_simulator(void)
{
    static const char *const names[] = { "generic", "sm80", "sm90", "gfx942", "gfx950", "rdna3", "rdna4", "xe-hpg" };
    static const unsigned widths[] = { 1, 2, 4, 8, 16 };
    unsigned answered = 0;
    for (unsigned t = 0; t < 20000; t++) {
        const lds_sim_profile *p = profile(names[next() % 8]);
        unsigned width = widths[next() % 5];
        lds_sim_kind kind = (lds_sim_kind)(next() % 3);
        lds_gf2_map m = { (unsigned)__builtin_ctz(p->wave), { 0 }, 0 };
        uint64_t span = 1 + next() % 14;   /* address bits used */
        for (unsigned b = 0; b < m.lane_bits; b++)
            m.col[b] = next() % 4 == 0 ? 0 : (next() & ((1ull << span) - 1)) & ~(uint64_t)(width - 1);
        m.base = (next() & 0xffff) & ~(uint64_t)(width - 1);
        lds_sim_result cf, sim;
        if (!both(p, kind, width, &m, &cf, &sim))
            continue;
        answered++;
        const uint64_t got[] = { cf.cycles, cf.ideal, cf.ways, cf.broadcasts, cf.paired, cf.nphases },
                       want[] = { sim.cycles, sim.ideal, sim.ways, sim.broadcasts, sim.paired, sim.nphases };
        for (unsigned f = 0; f < 6; f++)
            CU_ASSERT_EQUAL_FATAL(got[f], want[f]);
        for (unsigned i = 0; i < cf.nphases; i++) {   /* every phase as the simulator has it */
            const lds_sim_phase *a = &cf.phase[i], *b = &sim.phase[i];
            CU_ASSERT(a->lanes == b->lanes && a->cost == b->cost && a->worst_bank == b->worst_bank
                      && a->accesses == b->accesses && a->distinct == b->distinct);
        }
    }
    CU_ASSERT(answered > 10000);   /* the declines are the exceptions */
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("gf2", NULL, NULL);
    CU_add_test(s, "ranks", test_rank);
    CU_add_test(s, "the least of a coset", test_coset_min);
    CU_add_test(s, "phases as cosets of lanes", test_lane_coset);
    CU_add_test(s, "values worked out by hand", test_hand_values);
    CU_add_test(s, "what it declines", test_declines);
    CU_add_test(s, "random maps against the simulator", test_random_against_simulator);
    return lds_cunit_tap_main();
}
