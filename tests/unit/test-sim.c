/* tests/unit/test-sim.c - R1-R3 on hand-built lane addresses, including
 * every worked example of doc/rules.md section 6. */
#include <string.h>

#include "sim/phases.h"
#include "sim/profile.h"
#include "sim/sim.h"
#include "tests/unit/cunit_tap.h"

static bool active[LDS_SIM_MAX_WAVE];
static uint64_t addr[LDS_SIM_MAX_WAVE];
static lds_sim_result res;

static lds_sim_profile profile(const char *name)
{
    const lds_sim_profile *p = lds_sim_profile_find(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    return *p;
}

/* Every lane active at base + lane * stride bytes. */
static void strided(unsigned wave, uint64_t stride)
{
    for (unsigned l = 0; l < LDS_SIM_MAX_WAVE; l++) {
        active[l] = l < wave;
        addr[l] = l * stride;
    }
}

static void run(const lds_sim_profile *p, lds_sim_kind kind, unsigned width)
{
    lds_sim_access a = { kind, width, 1, p->wave, active, addr, LDS_FORM_PLAIN, false, false, 0 };
    const char *why = NULL;
    CU_ASSERT_EQUAL_FATAL(lds_sim_run(p, &a, &res, &why), 0);
}

/* The same instruction in global memory (sim/coalesce.c). */
static void run_global(const lds_sim_profile *p, lds_sim_kind kind, unsigned width)
{
    lds_sim_access a = { kind, width, 1, p->wave, active, addr, LDS_FORM_PLAIN, true, false, 0 };
    const char *why = NULL;
    CU_ASSERT_EQUAL_FATAL(lds_sim_run(p, &a, &res, &why), 0);
}

static void test_stride4(void)
{
    lds_sim_profile p = profile("generic");
    strided(32, 16);   /* f32[lane*4] */
    run(&p, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ways, 4);
    CU_ASSERT_EQUAL(res.cycles, 4);
    CU_ASSERT_EQUAL(res.ideal, 1);
    CU_ASSERT_EQUAL(res.broadcasts, 0);
    CU_ASSERT_EQUAL(res.phase[0].worst_bank, 0);
}

static void test_stride33_and_broadcast(void)
{
    lds_sim_profile p = profile("generic");
    strided(32, 33 * 4);
    run(&p, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ways, 1);
    CU_ASSERT_EQUAL(res.cycles - res.ideal, 0);
    strided(32, 0);
    for (unsigned l = 0; l < 32; l++)
        addr[l] = 28;   /* f32[7] */
    run(&p, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ways, 1);
    CU_ASSERT_EQUAL(res.broadcasts, 31);
}

/* Seed 000's table: stride S on 32 banks is gcd(S, 32)-way. */
static void test_stride_table(void)
{
    lds_sim_profile p = profile("generic");
    for (unsigned s = 1; s <= 64; s++) {
        unsigned g = s, b = 32;
        while (b) {
            unsigned t = g % b;
            g = b;
            b = t;
        }
        strided(32, 4 * s);
        run(&p, LDS_ACCESS_READ, 4);
        CU_ASSERT_EQUAL(res.ways, g);
    }
    lds_sim_profile x = profile("xe-hpg");   /* 16 banks, 16 lanes */
    strided(16, 4 * 16);
    run(&x, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ways, 16);
    strided(16, 4 * 6);
    run(&x, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ways, 2);
}

static void test_gfx942_b128(void)
{
    lds_sim_profile p = profile("gfx942");
    strided(64, 16);
    run(&p, LDS_ACCESS_READ, 16);
    CU_ASSERT_EQUAL(res.cycles, 8);
    CU_ASSERT_EQUAL(res.ideal, 8);
    CU_ASSERT_EQUAL(res.ways, 1);
    /* the non-contiguous groups: phase 0 holds lanes 0-3 and 20-23 */
    CU_ASSERT_EQUAL(res.phase[0].lanes, 0xFULL | (0xFULL << 20));
    CU_ASSERT_EQUAL(res.phase[1].lanes, (0xFULL << 4) | (0xFULL << 16));
    CU_ASSERT_EQUAL(res.phase[4].lanes, 0xFULL << 32 | 0xFULL << 52);
}

/* Phases whose banks each hold many distinct words: the counter's set of
 * the units after a bank's first (sim/sim.c) fills up to the phase's
 * cells.  Lane l at stride S bytes, every address on the same banks. */
static void test_many_words_a_bank(void)
{
    lds_sim_profile g = profile("generic");
    strided(32, 128);   /* b128 at 128 bytes: 8 lanes a phase, 8 words on each of banks 0-3 */
    run(&g, LDS_ACCESS_READ, 16);
    CU_ASSERT_EQUAL(res.nphases, 4);
    CU_ASSERT_EQUAL(res.ways, 8);
    CU_ASSERT_EQUAL(res.cycles, 32);
    CU_ASSERT_EQUAL(res.broadcasts, 0);
    for (unsigned l = 0; l < 32; l++)   /* lanes in twos on one address: 4 words a bank, each read twice */
        addr[l] = l / 2 * 128;
    run(&g, LDS_ACCESS_READ, 16);
    CU_ASSERT_EQUAL(res.ways, 4);
    CU_ASSERT_EQUAL(res.cycles, 16);
    CU_ASSERT_EQUAL(res.broadcasts, 4 * 16);
    /* b32, every lane on bank 0 (a multiple of 32 words): lane l reads
     * word 32 (l % 13), 13 words, each by 2 or 3 lanes (sim/oneword.c
     * hashes a bank's words past 12 lanes) */
    for (unsigned l = 0; l < 32; l++)
        addr[l] = l % 13 * 128;
    run(&g, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ways, 13);
    CU_ASSERT_EQUAL(res.cycles, 13);
    CU_ASSERT_EQUAL(res.broadcasts, 32 - 13);
    for (unsigned l = 0; l < 32; l++)   /* 32 words: 32-way */
        addr[l] = l * 128;
    run(&g, LDS_ACCESS_WRITE, 4);
    CU_ASSERT_EQUAL(res.ways, 32);
    CU_ASSERT_EQUAL(res.broadcasts, 0);
    lds_sim_profile amd = profile("gfx942");
    strided(64, 256);   /* b64 at 256 bytes: 16 lanes a phase, 16 words on each of banks 0-1 */
    run(&amd, LDS_ACCESS_READ, 8);
    CU_ASSERT_EQUAL(res.ways, 16);
    CU_ASSERT_EQUAL(res.cycles, 64);
    lds_sim_profile xe = profile("xe-hpg");   /* 16 banks; writes never merge */
    for (unsigned l = 0; l < LDS_SIM_MAX_WAVE; l++) {
        active[l] = l < 16;
        addr[l] = l / 2 * 64;
    }
    run(&xe, LDS_ACCESS_WRITE, 8);   /* 8 lanes a phase, 8 writes on each of banks 0-1 */
    CU_ASSERT_EQUAL(res.ways, 8);
    CU_ASSERT_EQUAL(res.cycles, 16);
    CU_ASSERT_EQUAL(res.broadcasts, 0);
    run(&xe, LDS_ACCESS_READ, 8);    /* reads merge: 4 words a bank, each twice */
    CU_ASSERT_EQUAL(res.ways, 4);
    CU_ASSERT_EQUAL(res.cycles, 8);
    CU_ASSERT_EQUAL(res.broadcasts, 2 * 8);
}

/* A pattern where gfx942's non-contiguous ds_read_b128 groups and plain
 * 8-lane groups disagree.  Lane group g = (lane % 32) / 4 reads 16 bytes
 * at words 32g + 16(g/4) + 4(lane%4): groups 0-3 use banks 0-15, groups
 * 4-7 banks 16-31.  An 8c phase pairs groups (0,1): same banks, distinct
 * words, 2 cycles.  gfx942 pairs (0,5), (1,4), (2,7), (3,6): 1 cycle. */
static void test_noncontiguous_matters(void)
{
    lds_sim_profile p = profile("gfx942");
    for (unsigned l = 0; l < 64; l++) {
        unsigned k = l % 32, g = k / 4;
        active[l] = true;
        addr[l] = 4 * (32 * (uint64_t)g + 16 * (g / 4) + 4 * (k % 4));
    }
    run(&p, LDS_ACCESS_READ, 16);
    CU_ASSERT_EQUAL(res.ways, 1);
    CU_ASSERT_EQUAL(res.cycles, 8);
    strcpy(p.geometry[LDS_ACCESS_READ][LDS_WC_B128].phases, "8c");
    run(&p, LDS_ACCESS_READ, 16);
    CU_ASSERT_EQUAL(res.ways, 2);
    CU_ASSERT_EQUAL(res.cycles, 16);
    CU_ASSERT_EQUAL(res.ideal, 8);
}

static void test_seed_rules_b128_write(void)
{
    lds_sim_profile p = profile("gfx942");
    strided(64, 16);
    run(&p, LDS_ACCESS_WRITE, 16);
    CU_ASSERT_EQUAL(res.ways, 1);   /* calibrated: 8c groups, no conflict */
    CU_ASSERT_EQUAL(res.cycles, 8);
    p.r2 = LDS_R2_STRICT;
    p.r3 = LDS_R3_SUBSTEPS;
    run(&p, LDS_ACCESS_WRITE, 16);
    CU_ASSERT_EQUAL(res.ways, 4);   /* literal R3: 32 lanes on 8 banks per sub-step */
    CU_ASSERT_EQUAL(res.ideal, 8);  /* 2 half-waves x 4 sub-steps */
    CU_ASSERT_EQUAL(res.cycles, 32);
}

/* R2: two lanes on the two fp16 halves of one word. */
static void test_r2_strict_vs_word(void)
{
    lds_sim_profile p = profile("gfx942");
    strided(64, 2);   /* f16[lane]: lanes 2k, 2k+1 share a word */
    run(&p, LDS_ACCESS_READ, 2);
    CU_ASSERT_EQUAL(res.ways, 1);
    CU_ASSERT_EQUAL(res.broadcasts, 32);
    p.r2 = LDS_R2_STRICT;
    run(&p, LDS_ACCESS_READ, 2);
    CU_ASSERT_EQUAL(res.ways, 2);
    CU_ASSERT_EQUAL(res.broadcasts, 0);
}

static void test_inactive_and_partial(void)
{
    lds_sim_profile p = profile("generic");
    strided(32, 16);
    for (unsigned l = 8; l < 32; l++)
        active[l] = false;   /* lanes 0-7: banks 0,4,...,28: distinct */
    run(&p, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ways, 1);
    CU_ASSERT_EQUAL(res.cycles, 1);
    memset(active, 0, sizeof active);
    run(&p, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.cycles, 0);
    CU_ASSERT_EQUAL(res.ideal, 0);
    CU_ASSERT_EQUAL(res.ways, 0);
    /* b64, lanes 0-15 of 16c: half a wave active is one phase */
    strided(16, 8);
    run(&p, LDS_ACCESS_READ, 8);
    CU_ASSERT_EQUAL(res.ideal, 1);
    CU_ASSERT_EQUAL(res.cycles, 1);
}

static void test_atomics_and_intel_writes(void)
{
    lds_sim_profile p = profile("generic");
    strided(32, 0);   /* every lane on word 0 */
    run(&p, LDS_ACCESS_ATOMIC, 4);
    CU_ASSERT_EQUAL(res.ways, 32);
    CU_ASSERT_EQUAL(res.broadcasts, 0);
    run(&p, LDS_ACCESS_WRITE, 4);
    CU_ASSERT_EQUAL(res.ways, 1);   /* one writer wins */
    lds_sim_profile x = profile("xe-hpg");
    strided(16, 0);
    run(&x, LDS_ACCESS_WRITE, 4);
    CU_ASSERT_EQUAL(res.ways, 16);  /* Intel: writes never merge */
    run(&x, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ways, 1);
}

static void test_phase_map(void)
{
    uint8_t map[LDS_SIM_MAX_WAVE];
    const char *why = NULL;
    CU_ASSERT_EQUAL(lds_sim_phase_map("16c", 64, map, &why), 4);
    CU_ASSERT_EQUAL(map[17], 1);
    CU_ASSERT_EQUAL(lds_sim_phase_map("0-3,12-15,20-23,24-27|4-7,8-11,16-19,28-31", 64, map, &why), 4);
    CU_ASSERT_EQUAL(map[13], 0);
    CU_ASSERT_EQUAL(map[9], 1);
    CU_ASSERT_EQUAL(map[45], 2);
    CU_ASSERT_EQUAL(lds_sim_phase_map("0-3|5-7", 64, map, &why), 0);   /* lane 4 missing */
    CU_ASSERT_EQUAL(lds_sim_phase_map("0-3,2-7", 64, map, &why), 0);   /* lane 2 twice */
    CU_ASSERT_EQUAL(lds_sim_phase_map("x", 64, map, &why), 0);
    CU_ASSERT_EQUAL(lds_sim_phase_map("0c", 64, map, &why), 0);
}

static void test_profiles(void)
{
    CU_ASSERT_EQUAL(lds_sim_profile_count(), 21);
    CU_ASSERT_STRING_EQUAL(lds_sim_profile_find("RTX 5090")->name, "sm120");
    CU_ASSERT_STRING_EQUAL(lds_sim_profile_find("gfx1030")->name, "rdna2");
    CU_ASSERT_EQUAL(lds_sim_profile_find("gfx950")->banks, 64);
    CU_ASSERT_EQUAL(lds_sim_profile_find("sm90")->lds_bytes, 228 * 1024);
    CU_ASSERT_EQUAL(lds_sim_profile_find("sm80")->lds_bytes, 164 * 1024);
    CU_ASSERT_PTR_NULL(lds_sim_profile_find("sm42"));
    /* every table of every profile is well formed */
    for (unsigned i = 0; i < lds_sim_profile_count(); i++) {
        const lds_sim_profile *p = lds_sim_profile_at(i);
        uint8_t map[LDS_SIM_MAX_WAVE];
        const char *why = NULL;
        for (int k = 0; k < LDS_ACCESS_KINDS; k++)
            for (int wc = 0; wc < LDS_WC_COUNT; wc++) {
                const lds_sim_entry *e = &p->geometry[k][wc];
                CU_ASSERT(lds_sim_phase_map(e->phases, p->wave, map, &why) > 0);
                const char *source = lds_sim_text_of(e->source);
                CU_ASSERT(source && source[0]);   /* every entry says where it comes from */
                CU_ASSERT(lds_sim_entry_banks(p, e) > 0);
            }
    }
    /* the columns that used to be read from a name: vendor, target, spellings */
    for (unsigned i = 0; i < lds_sim_profile_count(); i++) {
        const lds_sim_profile *p = lds_sim_profile_at(i);
        lds_sim_vendor v = lds_sim_profile_vendor(p);
        CU_ASSERT_EQUAL(v == LDS_VENDOR_NVIDIA, !strncmp(p->target, "sm_", 3));
        CU_ASSERT_EQUAL(v == LDS_VENDOR_AMD, !strncmp(p->target, "gfx", 3));
        CU_ASSERT(v == LDS_VENDOR_AMD || !p->gfx11_names);
        CU_ASSERT_EQUAL(p->partitions != 0, !strcmp(p->name, "gfx1250"));
    }
    CU_ASSERT_STRING_EQUAL(lds_sim_profile_find("rdna2")->target, "gfx1030");
    CU_ASSERT_FALSE(lds_sim_profile_find("rdna2")->gfx11_names);
    CU_ASSERT_TRUE(lds_sim_profile_find("gfx1250")->gfx11_names);
    CU_ASSERT_EQUAL(lds_sim_profile_find("MI100")->global, LDS_GLOBAL_CDNA2);
    CU_ASSERT_EQUAL(lds_sim_profile_find("Battlemage")->vendor, LDS_VENDOR_INTEL);
    CU_ASSERT_EQUAL(lds_sim_profile_find("pvc")->bank_bytes, 8);
    CU_ASSERT_EQUAL(lds_sim_profile_find("gfx1250")->lds_bytes, 320 * 1024);
    const lds_sim_profile *nv = lds_sim_profile_find("sm80");
    CU_ASSERT_FALSE(lds_sim_aligned(nv, 8, 4));
    CU_ASSERT_TRUE(lds_sim_aligned(lds_sim_profile_find("gfx942"), 8, 4));
    CU_ASSERT_FALSE(lds_sim_aligned(nv, 4, 2));
}

/* gfx950: 64 banks, b32 in one 64-lane phase. */
static void test_gfx950(void)
{
    lds_sim_profile p = profile("gfx950");
    strided(64, 4);
    run(&p, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ideal, 1);
    CU_ASSERT_EQUAL(res.ways, 1);
    strided(64, 128);   /* stride 32 words: 2 banks, 32 lanes each */
    run(&p, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ways, 32);
}

/* Xe2: a wide class served a word at a time.  Blocked b128 (a lane's 16
 * bytes together, lanes 16 bytes apart): each word's pass puts 16 lanes
 * on 4 banks, 4-way, 4 passes; the same bytes as four striped b32 passes
 * are conflict-free; the literal R3 gives the blocked store the same. */
static void test_word_steps(void)
{
    lds_sim_profile p = profile("xe2");
    strided(16, 16);
    run(&p, LDS_ACCESS_WRITE, 16);
    CU_ASSERT_EQUAL(res.cycles, 16);
    CU_ASSERT_EQUAL(res.ideal, 4);
    CU_ASSERT_EQUAL(res.ways, 4);
    strided(16, 4);
    run(&p, LDS_ACCESS_WRITE, 4);
    CU_ASSERT_EQUAL(res.cycles, 1);
    strided(16, 8);   /* b64 at 8 bytes: 16 lanes on 8 banks each pass */
    run(&p, LDS_ACCESS_READ, 8);
    CU_ASSERT_EQUAL(res.cycles, 4);
    CU_ASSERT_EQUAL(res.ideal, 2);
    lds_sim_profile hpg = profile("xe-hpg");   /* a lane's words together: 4 passes, no conflict */
    strided(16, 16);
    run(&hpg, LDS_ACCESS_WRITE, 16);
    CU_ASSERT_EQUAL(res.cycles, 4);
    CU_ASSERT_EQUAL(res.ideal, 4);
    p.r3 = LDS_R3_SUBSTEPS;
    run(&p, LDS_ACCESS_WRITE, 16);
    CU_ASSERT_EQUAL(res.cycles, 16);
}

/* A table whose period (3) does not divide the wave (64): 66 groups, the
 * last cut short; each lane its own phase. */
static void test_period_not_dividing_wave(void)
{
    uint8_t map[LDS_SIM_MAX_WAVE];
    const char *why = NULL;
    CU_ASSERT_EQUAL(lds_sim_phase_map("0|1|2", 64, map, &why), 66);
    CU_ASSERT_EQUAL(map[63], 63);
    lds_sim_profile p = profile("gfx942");
    strcpy(p.geometry[LDS_ACCESS_READ][LDS_WC_B32].phases, "0|1|2");
    strided(64, 4);
    run(&p, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.ideal, 64);
    CU_ASSERT_EQUAL(res.cycles, 64);
    CU_ASSERT_EQUAL(res.ways, 1);
}

/* What the pictures ask: the words of a lane in a phase (all four of a
 * b128; one per sub-step under the literal R3), and per-cell conflict
 * and broadcast flags. */
static void test_lane_words_and_cells(void)
{
    lds_sim_profile p = profile("gfx942");
    uint64_t words[LDS_SIM_MAX_LANE_WORDS];
    static lds_sim_cell cells[LDS_SIM_MAX_CELLS];
    strided(64, 16);
    addr[5] = 160;   /* lane 5 at words 40-43 */
    lds_sim_access a = { LDS_ACCESS_READ, 16, 1, 64, active, addr, LDS_FORM_PLAIN, false, false, 0 };
    const char *why = NULL;
    CU_ASSERT_EQUAL_FATAL(lds_sim_run(&p, &a, &res, &why), 0);
    CU_ASSERT_EQUAL(lds_sim_lane_words(&p, &a, &res.phase[1], 5, words), 4);
    CU_ASSERT_EQUAL(words[0], 40);
    CU_ASSERT_EQUAL(words[3], 43);
    CU_ASSERT_EQUAL(lds_sim_bank_of(&p, &a, 40), 8);
    p.r3 = LDS_R3_SUBSTEPS;   /* sub-step 2: one word, base + 8 bytes */
    lds_sim_phase ph = { (uint64_t)1 << 5, 2, 0, 0, 0, 0 };
    CU_ASSERT_EQUAL(lds_sim_lane_words(&p, &a, &ph, 5, words), 1);
    CU_ASSERT_EQUAL(words[0], 42);
    /* generic: lanes 0 and 1 on word 0 (a broadcast), lanes 2 and 3 on
     * words 1 and 33 of bank 1 (a conflict) */
    lds_sim_profile g = profile("generic");
    memset(active, 0, sizeof active);
    active[0] = active[1] = active[2] = active[3] = true;
    addr[0] = addr[1] = 0;
    addr[2] = 4;
    addr[3] = 33 * 4;
    lds_sim_access b = { LDS_ACCESS_READ, 4, 1, 32, active, addr, LDS_FORM_PLAIN, false, false, 0 };
    CU_ASSERT_EQUAL_FATAL(lds_sim_run(&g, &b, &res, &why), 0);
    CU_ASSERT_EQUAL(res.ways, 2);
    CU_ASSERT_EQUAL(lds_sim_phase_cells(&g, &b, &res.phase[0], cells), 4);
    CU_ASSERT_TRUE(cells[0].shared && !cells[0].conflict);
    CU_ASSERT_TRUE(cells[1].shared);
    CU_ASSERT_TRUE(cells[2].conflict && cells[3].conflict);
    CU_ASSERT_EQUAL(cells[3].word, 33);
    CU_ASSERT_EQUAL(cells[3].bank, 1);
    /* atomics never merge: the two lanes on word 0 conflict */
    b.kind = LDS_ACCESS_ATOMIC;
    CU_ASSERT_FALSE(lds_sim_merges(&g, LDS_ACCESS_ATOMIC));
    CU_ASSERT_EQUAL_FATAL(lds_sim_run(&g, &b, &res, &why), 0);
    lds_sim_phase_cells(&g, &b, &res.phase[0], cells);
    CU_ASSERT_TRUE(cells[0].conflict && !cells[0].shared);
}

/* ds_read2-style: two addresses per lane, both words in the lane's phase,
 * in the phases of the class of the bytes a lane moves. */
static void test_two_addresses(void)
{
    lds_sim_profile p = profile("generic");
    static uint64_t two[LDS_SIM_MAX_WAVE * 2];
    for (unsigned l = 0; l < 32; l++) {
        active[l] = true;
        two[2 * l] = l * 4;             /* banks 0..31 */
        two[2 * l + 1] = l * 4 + 128;   /* banks 0..31 again, other words */
    }
    lds_sim_access a = { LDS_ACCESS_READ, 4, 2, 32, active, two, LDS_FORM_PLAIN, false, false, 0 };
    const char *why = NULL;
    CU_ASSERT_EQUAL_FATAL(lds_sim_run(&p, &a, &res, &why), 0);
    /* served as the b64 class (8 bytes a lane): generic's half-warp
     * phases, lanes 0-15 on banks 0-15 twice (words l and l + 32) */
    CU_ASSERT_EQUAL(res.ideal, 2);
    CU_ASSERT_EQUAL(res.ways, 2);
    CU_ASSERT_EQUAL(res.phase[0].accesses, 32);
    CU_ASSERT_EQUAL(res.phase[0].lanes, 0xffffu);
}

/* An entry's own bank period: gfx950's ds_write_b64 wraps at 32 words on
 * a 64-bank part; a set override of the period follows. */
static void test_entry_bank_period(void)
{
    lds_sim_profile p = profile("gfx950");
    strided(64, 128);   /* every lane at word 32 l */
    run(&p, LDS_ACCESS_WRITE, 8);
    CU_ASSERT_EQUAL(res.ideal, 4);
    CU_ASSERT_EQUAL(res.cycles, 64);
    CU_ASSERT_EQUAL(lds_sim_geometry_of(&p, LDS_ACCESS_WRITE, 8).banks, 32);
    CU_ASSERT_EQUAL(lds_sim_geometry_of(&p, LDS_ACCESS_READ, 8).banks, 64);
    p.geometry[LDS_ACCESS_WRITE][LDS_WC_B64].banks = 64;   /* words 32 l: banks 0 and 32 */
    run(&p, LDS_ACCESS_WRITE, 8);
    CU_ASSERT_EQUAL(res.cycles, 32);
    char over[LDS_SIM_OVERRIDES_LEN];
    lds_sim_profile_overrides(&p, over, sizeof over);
    CU_ASSERT_STRING_EQUAL(over, "banks write b64=64");
}

/* Unaligned wide lanes: left out of the bank check only in the classes
 * measured so (gfx950 loads of b64, b96, b128); counted; a phase of them
 * alone still takes its pass.  Elsewhere every word counts, as on
 * gfx942, where the gfx950 rule broke a measured kernel. */
static void test_unaligned_left_out(void)
{
    lds_sim_profile p = profile("gfx950");
    strided(64, 0);
    for (unsigned l = 0; l < 64; l++)
        active[l] = l < 2;
    addr[1] = 61 * 4;   /* words 61-64: bank 0 again, beside lane 0 */
    run(&p, LDS_ACCESS_READ, 16);
    CU_ASSERT_EQUAL(res.cycles, 1);
    CU_ASSERT_EQUAL(res.unaligned, 1);
    p.geometry[LDS_ACCESS_READ][LDS_WC_B128].unaligned_free = false;   /* every word counts */
    run(&p, LDS_ACCESS_READ, 16);
    CU_ASSERT_EQUAL(res.cycles, 2);
    CU_ASSERT_EQUAL(res.unaligned, 0);
    p = profile("gfx950");
    run(&p, LDS_ACCESS_WRITE, 16);   /* writes were not measured: counted */
    CU_ASSERT_EQUAL(res.unaligned, 0);
    active[0] = false;          /* lane 1 alone, unaligned: one pass */
    run(&p, LDS_ACCESS_READ, 16);
    CU_ASSERT_EQUAL(res.cycles, 1);
    CU_ASSERT_EQUAL(res.ideal, 1);
    CU_ASSERT_TRUE(lds_sim_unaligned(&p, LDS_ACCESS_READ, 8, 252));
    CU_ASSERT_FALSE(lds_sim_unaligned(&p, LDS_ACCESS_READ, 8, 256));
    CU_ASSERT_TRUE(lds_sim_unaligned(&p, LDS_ACCESS_READ, 12, 120));   /* b96 at word 30: measured 0 */
    CU_ASSERT_FALSE(lds_sim_unaligned(&p, LDS_ACCESS_READ, 12, 128));
    CU_ASSERT_TRUE(lds_sim_unaligned(&p, LDS_ACCESS_WRITE, 8, 252));   /* ds_write_b64: measured too */
    CU_ASSERT_FALSE(lds_sim_unaligned(&p, LDS_ACCESS_WRITE, 16, 4));   /* the wider writes: counted */
    CU_ASSERT_FALSE(lds_sim_unaligned(lds_sim_profile_find("gfx942"), LDS_ACCESS_WRITE, 8, 252));
    CU_ASSERT_FALSE(lds_sim_unaligned(lds_sim_profile_find("gfx942"), LDS_ACCESS_READ, 16, 4));
    CU_ASSERT_FALSE(lds_sim_unaligned(lds_sim_profile_find("generic"), LDS_ACCESS_READ, 16, 4));
}

/* The pair rule: loads only, b64 (one group of 32) and b128 (half-warps);
 * lane n with n^1, or with n^2; an idle partner breaks nothing; one
 * unequal pair cancels it; n^4 does not count. */
static void test_pairing(void)
{
    lds_sim_profile p = profile("sm90");
    for (unsigned l = 0; l < 32; l++) {
        active[l] = true;
        addr[l] = (l / 2) * 16;
    }
    run(&p, LDS_ACCESS_READ, 16);
    CU_ASSERT_EQUAL(res.ideal, 2);
    CU_ASSERT_EQUAL(res.cycles, 2);
    CU_ASSERT_TRUE(res.paired);
    for (unsigned l = 0; l < 32; l++)
        addr[l] = (l % 2 + 4 * (l / 4)) * 16;   /* lane n == n^2 */
    run(&p, LDS_ACCESS_READ, 16);
    CU_ASSERT_TRUE(res.paired);
    CU_ASSERT_EQUAL(res.ideal, 2);
    active[1] = active[3] = false;   /* lanes 0 and 2 still pair (n^2) */
    run(&p, LDS_ACCESS_READ, 16);
    CU_ASSERT_TRUE(res.paired);
    for (unsigned l = 0; l < 32; l++) {   /* every partner idle: nothing breaks a pair */
        active[l] = l % 8 == 0;
        addr[l] = l * 16;
    }
    run(&p, LDS_ACCESS_READ, 16);   /* the H200: 4 wavefronts, 2 conflicts */
    CU_ASSERT_TRUE(res.paired);
    CU_ASSERT_EQUAL(res.cycles, 4);
    CU_ASSERT_EQUAL(res.ideal, 2);
    for (unsigned l = 0; l < 32; l++) {
        active[l] = true;
        addr[l] = (l & ~4u) * 16;   /* n == n^4 only: no pair */
    }
    run(&p, LDS_ACCESS_READ, 16);
    CU_ASSERT_FALSE(res.paired);
    CU_ASSERT_EQUAL(res.ideal, 4);
    for (unsigned l = 0; l < 32; l++)
        addr[l] = (l / 2) * 8;
    addr[31] = 0;                   /* one unequal pair cancels it */
    run(&p, LDS_ACCESS_READ, 8);
    CU_ASSERT_FALSE(res.paired);
    CU_ASSERT_EQUAL(res.ideal, 2);
    addr[31] = 15 * 8;
    run(&p, LDS_ACCESS_READ, 8);    /* b64: one group of 32 */
    CU_ASSERT_TRUE(res.paired);
    CU_ASSERT_EQUAL(res.ideal, 1);
    CU_ASSERT_EQUAL(res.cycles, 1);
    run(&p, LDS_ACCESS_WRITE, 8);   /* stores never pair */
    CU_ASSERT_FALSE(res.paired);
    CU_ASSERT_EQUAL(res.ideal, 2);
    p = profile("gfx942");
    run(&p, LDS_ACCESS_READ, 8);    /* NVIDIA's rule only */
    CU_ASSERT_FALSE(res.paired);
}

/* The instruction forms: cp.async's small copies never merge, its 16-byte
 * .cg copies count lines, and a 64-bit atomic without an instruction runs
 * as a CAS loop (the three patterns the H200 measured). */
static void test_forms(void)
{
    lds_sim_profile p = profile("sm90");
    lds_sim_access a = { LDS_ACCESS_WRITE, 8, 1, 32, active, addr, LDS_FORM_NO_MERGE, false, false, 0 };
    const char *why;
    for (unsigned l = 0; l < 32; l++) {
        active[l] = true;
        addr[l] = (l % 2) * 256;
    }
    CU_ASSERT_EQUAL(lds_sim_run(&p, &a, &res, &why), 0);   /* 16 lanes a bank, each counted */
    CU_ASSERT_EQUAL(res.cycles, 32);
    a.form = LDS_FORM_PLAIN;
    lds_sim_run(&p, &a, &res, &why);                    /* merged: two words a half-warp */
    CU_ASSERT_EQUAL(res.cycles, 4);
    a.kind = LDS_ACCESS_READ;             /* ldmatrix.x4 @ 0: rows never pair (H200: 4) */
    a.width = 16;
    a.form = LDS_FORM_MATRIX;
    for (unsigned l = 0; l < 32; l++)
        addr[l] = 0;
    lds_sim_run(&p, &a, &res, &why);
    CU_ASSERT_FALSE(res.paired);
    CU_ASSERT_EQUAL(res.cycles, 4);
    a.form = LDS_FORM_PLAIN;              /* LDS.128 @ 0 pairs: two half-warps */
    lds_sim_run(&p, &a, &res, &why);
    CU_ASSERT_TRUE(res.paired);
    CU_ASSERT_EQUAL(res.cycles, 2);
    a.kind = LDS_ACCESS_WRITE;
    a.form = LDS_FORM_LINES;
    for (unsigned l = 0; l < 32; l++)
        addr[l] = (l / 8) * 16 + (l % 8) * 128;         /* 8 lines */
    lds_sim_run(&p, &a, &res, &why);
    CU_ASSERT_EQUAL(res.cycles, 8);
    CU_ASSERT_EQUAL(res.ideal, 8);
    a.kind = LDS_ACCESS_ATOMIC;
    a.width = 8;
    a.form = LDS_FORM_CAS_LOOP;
    static const struct { unsigned stride, iterations; uint64_t loads, cas; } measured[] = {
        { 8, 1, 2, 4 }, { 16, 2, 6, 8 }, { 0, 32, 32, 96 },
    };
    for (unsigned i = 0; i < 3; i++) {
        lds_sim_loop loop;
        for (unsigned l = 0; l < 32; l++)
            addr[l] = l * measured[i].stride;
        CU_ASSERT_EQUAL(lds_sim_cas_loop(&p, &a, &loop, &why), 0);
        CU_ASSERT_EQUAL(loop.iterations, measured[i].iterations);
        CU_ASSERT_EQUAL(loop.loads.cycles, measured[i].loads);
        CU_ASSERT_EQUAL(loop.cas_cycles, measured[i].cas);
    }
    for (unsigned l = 0; l < 32; l++)   /* beyond the measurements: 4 lanes a word, 8 words apart in banks */
        addr[l] = (l % 8) * 8;
    lds_sim_loop loop;
    lds_sim_cas_loop(&p, &a, &loop, &why);
    CU_ASSERT_EQUAL(loop.iterations, 4);   /* one lane of each address a pass */
}

/* ds_read2_b64 on gfx942: each address in its own 16-lane phases. */
static void test_read2_per_address(void)
{
    lds_sim_profile p = profile("gfx942");
    static uint64_t two[2 * 64];
    for (unsigned l = 0; l < 64; l++) {
        active[l] = true;
        two[2 * l] = l * 16;
        two[2 * l + 1] = l * 16 + 8;
    }
    lds_sim_access a = { LDS_ACCESS_READ, 8, 2, 64, active, two, LDS_FORM_PLAIN, false, false, 0 };
    const char *why;
    lds_sim_run(&p, &a, &res, &why);   /* lanes l and l+8 share bank 4l: 2-way, 8 phases */
    CU_ASSERT_EQUAL(res.ideal, 8);
    CU_ASSERT_EQUAL(res.cycles, 16);
    p = profile("gfx950");              /* not documented there: the b128 of the bytes */
    lds_sim_run(&p, &a, &res, &why);
    CU_ASSERT_EQUAL(res.ideal, 4);
}

/* The words a full phase brings, and a table's period. */
static void test_phase_words_and_period(void)
{
    CU_ASSERT_EQUAL(lds_sim_phase_words(lds_sim_profile_find("gfx942"), LDS_ACCESS_READ, 4), 32);
    CU_ASSERT_EQUAL(lds_sim_phase_words(lds_sim_profile_find("gfx950"), LDS_ACCESS_READ, 4), 64);
    CU_ASSERT_EQUAL(lds_sim_phase_words(lds_sim_profile_find("gfx950"), LDS_ACCESS_READ, 12), 24);
    CU_ASSERT_EQUAL(lds_sim_phase_words(lds_sim_profile_find("gfx950"), LDS_ACCESS_WRITE, 8), 32);
    CU_ASSERT_EQUAL(lds_sim_phase_period("8c"), 8);
    CU_ASSERT_EQUAL(lds_sim_phase_period("0-3,20-23|4-7,16-19|8-11,28-31|12-15,24-27"), 32);
    CU_ASSERT_EQUAL(lds_sim_phase_period("0|1|2"), 3);
    CU_ASSERT_EQUAL(lds_sim_phase_period("0-3|5"), 0);   /* lane 4 left out */
}

/* Confidence: measured only where counters were; no NVIDIA part has
 * b96; the profiles' flags. */
static void test_confidence(void)
{
    const lds_sim_profile *g = lds_sim_profile_find("gfx950");
    CU_ASSERT_EQUAL(lds_sim_entry_of(g, LDS_ACCESS_READ, 12)->confidence, LDS_CONF_MEASURED);
    CU_ASSERT_EQUAL(lds_sim_entry_of(g, LDS_ACCESS_WRITE, 8)->confidence, LDS_CONF_MEASURED);
    CU_ASSERT_EQUAL(lds_sim_entry_of(g, LDS_ACCESS_WRITE, 4)->confidence, LDS_CONF_INFERRED);
    CU_ASSERT_TRUE(lds_sim_entry_uncertain(lds_sim_entry_of(g, LDS_ACCESS_WRITE, 16)));
    CU_ASSERT_EQUAL(lds_sim_entry_of(lds_sim_profile_find("sm100"), LDS_ACCESS_READ, 16)->confidence,
                    LDS_CONF_INFERRED);
    CU_ASSERT_EQUAL(lds_sim_entry_of(lds_sim_profile_find("sm90"), LDS_ACCESS_READ, 16)->confidence,
                    LDS_CONF_MEASURED);
    CU_ASSERT_EQUAL(lds_sim_entry_of(lds_sim_profile_find("sm90"), LDS_ACCESS_READ, 16)->pair.confidence,
                    LDS_CONF_MEASURED);
    CU_ASSERT_EQUAL(lds_sim_entry_of(lds_sim_profile_find("sm75"), LDS_ACCESS_READ, 16)->pair.confidence,
                    LDS_CONF_DOCUMENTED);
    CU_ASSERT_EQUAL(lds_sim_entry_of(lds_sim_profile_find("sm80"), LDS_ACCESS_READ, 8)->pair.confidence,
                    LDS_CONF_INFERRED);
    for (unsigned i = 0; i < lds_sim_profile_count(); i++) {
        const lds_sim_profile *p = lds_sim_profile_at(i);
        bool nv = lds_sim_profile_vendor(p) == LDS_VENDOR_NVIDIA;
        CU_ASSERT_EQUAL(p->has_b96, !nv);
        CU_ASSERT(lds_sim_text_of(p->title) && lds_sim_text_of(p->summary) && lds_sim_text_of(p->source));
        for (int k = 0; k < LDS_ACCESS_KINDS; k++)
            for (int w = 0; w < LDS_WC_COUNT; w++) {
                const lds_sim_entry *e = &p->geometry[k][w];
                /* every entry says where it comes from */
                CU_ASSERT(lds_sim_text_of(e->source) && lds_sim_text_of(e->unaligned.source));
                CU_ASSERT_EQUAL(e->paired != LDS_SIM_TEXT_NONE,
                                nv && k == LDS_ACCESS_READ && (w == LDS_WC_B64 || w == LDS_WC_B128));
                if (e->paired) {   /* the pair rule's phases are a table, with a source */
                    uint8_t map[LDS_SIM_MAX_WAVE];
                    const char *why = NULL;
                    CU_ASSERT(lds_sim_phase_map(lds_sim_text_of(e->paired), p->wave, map, &why) > 0);
                    CU_ASSERT_PTR_NOT_NULL(lds_sim_text_of(e->pair.source));
                }
                CU_ASSERT_EQUAL(e->unaligned_free, !strcmp(p->name, "gfx950")
                                                       && ((k == LDS_ACCESS_READ && w >= LDS_WC_B64)
                                                           || (k == LDS_ACCESS_WRITE && w == LDS_WC_B64)));
            }
    }
    CU_ASSERT_STRING_EQUAL(lds_sim_confidence_name(LDS_CONF_MEASURED), "measured");
    /* texts by number: none, the fixed ones, and nothing past the last */
    CU_ASSERT_PTR_NULL(lds_sim_text_of(LDS_SIM_TEXT_NONE));
    CU_ASSERT_STRING_EQUAL(lds_sim_text_of(LDS_SIM_TEXT_SET), "set in the program");
    CU_ASSERT_STRING_EQUAL(lds_sim_text_of(LDS_SIM_TEXT_32C), "32c");
    CU_ASSERT_PTR_NULL(lds_sim_text_of(UINT16_MAX));
}

/* Global memory: each worked out by hand.  Seed 003's rules of thumb on
 * CDNA3 (64-byte transactions, wave64), NVIDIA's sectors (32 bytes in
 * 128-byte lines, warp32), and the edges: a start mid-unit, a lane over
 * a unit boundary, inactive lanes, every lane on one word. */
static void test_coalescing(void)
{
    lds_sim_profile cdna = profile("gfx942"), nv = profile("sm90"), xe = profile("xe-hpg");
    strided(64, 16);   /* 64 lanes x 16 B contiguous: 1024 B = 16 lines of 64 */
    run_global(&cdna, LDS_ACCESS_READ, 16);
    CU_ASSERT_EQUAL(res.cycles, 16);
    CU_ASSERT_EQUAL(res.ideal, 16);
    CU_ASSERT_EQUAL(res.useful, 1024);
    CU_ASSERT_EQUAL(res.lines, 8);   /* 128-byte vL1D lines */
    strided(64, 256);  /* 4 B 256 B apart: a transaction a lane */
    run_global(&cdna, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.cycles, 64);
    CU_ASSERT_EQUAL(res.ideal, 4);   /* 256 useful bytes fill 4 */
    CU_ASSERT_EQUAL(res.useful, 256);
    CU_ASSERT_EQUAL(res.nphases, 64);
    CU_ASSERT_EQUAL(res.phase[5].lanes, (uint64_t)1 << 5);
    strided(32, 4);    /* a warp of b32: 128 B, 4 sectors, 1 line */
    run_global(&nv, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.cycles, 4);
    CU_ASSERT_EQUAL(res.lines, 1);
    CU_ASSERT_EQUAL(res.phase[1].lanes, 0xff00u);   /* lanes 8-15 in the second sector */
    for (unsigned l = 0; l < 32; l++)   /* shifted 16 bytes: a fifth sector, a second line */
        addr[l] = 112 + 4 * l;
    run_global(&nv, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.cycles, 5);
    CU_ASSERT_EQUAL(res.ideal, 4);
    CU_ASSERT_EQUAL(res.lines, 2);
    strided(32, 128);  /* a column of a 32-float row: a sector and a line each */
    run_global(&nv, LDS_ACCESS_WRITE, 4);
    CU_ASSERT_EQUAL(res.cycles, 32);
    CU_ASSERT_EQUAL(res.lines, 32);
    CU_ASSERT_EQUAL(res.useful, 128);
    strided(32, 0);    /* one word for all: one sector, 4 useful bytes */
    run_global(&nv, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.cycles, 1);
    CU_ASSERT_EQUAL(res.useful, 4);
    strided(32, 8);    /* b64 over a unit boundary: lane at 60 spans 60..67 */
    addr[0] = 60;
    for (unsigned l = 1; l < 32; l++)
        active[l] = false;
    run_global(&nv, LDS_ACCESS_READ, 8);
    CU_ASSERT_EQUAL(res.cycles, 2);
    CU_ASSERT_EQUAL(res.ideal, 1);
    CU_ASSERT_EQUAL(res.useful, 8);
    strided(32, 4);    /* half the lanes off: the other half's 64 bytes */
    for (unsigned l = 0; l < 32; l += 2)
        active[l] = false;
    run_global(&nv, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.cycles, 4);
    CU_ASSERT_EQUAL(res.useful, 64);
    CU_ASSERT_EQUAL(res.ideal, 2);
    strided(16, 4);    /* Intel: 64-byte lines, a SIMD16 of b32 is one */
    run_global(&xe, LDS_ACCESS_READ, 4);
    CU_ASSERT_EQUAL(res.cycles, 1);
    lds_sim_access none = { LDS_ACCESS_READ, 4, 1, 32, active, addr, LDS_FORM_PLAIN, true, false, 0 };
    for (unsigned l = 0; l < 32; l++)
        active[l] = false;
    const char *why = NULL;
    CU_ASSERT_EQUAL(lds_sim_run(&nv, &none, &res, &why), 0);
    CU_ASSERT_EQUAL(res.cycles, 0);   /* an all-off instruction: 0 sectors, as Nsight says */
    CU_ASSERT_EQUAL(res.useful, 0);
}

/* The hot path (cost_phase and its one-word fast path) against the
 * reference count that keeps every lane-word entry (lds_sim_phase_banks,
 * which the pictures use): on every profile, for random accesses of every
 * width and kind (read, write, atomic) - aligned, conflict-free permutations, broadcasts, a few
 * lanes on few banks, a few words repeated on each of two banks, lanes
 * off their width's alignment (some crossing a word), inactive lanes - each phase's cost is the busiest
 * bank's distinct units (at least 1), and its accesses and distinct units
 * add up alike. */
static void test_hot_path_matches_reference(void)
{
    static const unsigned widths[] = { 1, 2, 4, 8, 16 };
    uint64_t x = 12345;
    unsigned compared = 0, wrong = 0, masked = 0, mask_wrong = 0;
    for (unsigned pi = 0; pi < lds_sim_profile_count(); pi++) {
        const lds_sim_profile *p = lds_sim_profile_at(pi);
        for (unsigned trial = 0; trial < 450; trial++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            unsigned width = widths[x % 5], kind = (unsigned)(x >> 8) % 3, shape = (unsigned)(x >> 16) % 6;
            bool lane_active[LDS_SIM_MAX_WAVE];
            uint64_t lane_addr[LDS_SIM_MAX_WAVE];
            for (unsigned l = 0; l < p->wave; l++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                uint64_t slot = shape == 0 ? (l * 7 + trial) % 64          /* a permutation */
                              : shape == 1 ? (x >> 20) % 8                   /* few slots: conflicts, broadcasts */
                              : shape == 2 ? l * (1 + trial % 33)            /* a stride */
                              : shape == 3 ? (x >> 24) % 4096                /* scattered */
                              : shape == 4 ? (x >> 20) % 4 * 64 + (x >> 30) % 2   /* a bank's words repeat */
                                           : (x >> 24) % 64;                 /* some lanes off their width */
                lane_addr[l] = slot * width + (shape == 5 && (x >> 44) % 4 == 0 ? 1 + (x >> 50) % 3 : 0);
                lane_active[l] = (x >> 40) % 8 != 0;
            }
            lds_sim_access a = { (lds_sim_kind)kind, width, 1, p->wave, lane_active, lane_addr, LDS_FORM_PLAIN, false, false, 0 };
            lds_sim_result r;
            const char *why = NULL;
            if (lds_sim_run(p, &a, &r, &why) < 0)
                continue;   /* a width the profile has no table for */
            /* the active lanes given as bits too (as src/instr.c gives
             * them): the same result, phase by phase */
            lds_sim_access bits = a;
            bits.has_mask = true;
            for (unsigned l = 0; l < p->wave; l++)
                bits.active_mask |= (uint64_t)lane_active[l] << l;
            lds_sim_result rb;
            masked++;
            bool same = lds_sim_run(p, &bits, &rb, &why) == 0 && rb.cycles == r.cycles && rb.ideal == r.ideal
                        && rb.ways == r.ways && rb.broadcasts == r.broadcasts && rb.nphases == r.nphases;
            for (unsigned i = 0; same && i < r.nphases; i++)   /* field by field: the struct has padding */
                same = rb.phase[i].lanes == r.phase[i].lanes && rb.phase[i].cost == r.phase[i].cost
                       && rb.phase[i].substep == r.phase[i].substep && rb.phase[i].accesses == r.phase[i].accesses
                       && rb.phase[i].distinct == r.phase[i].distinct && rb.phase[i].worst_bank == r.phase[i].worst_bank;
            if (!same && mask_wrong++ < 3)
                printf("# %s b%u shape %u: with the mask, cycles %llu/%llu phases %u/%u\n", p->name, width * 8, shape,
                       (unsigned long long)rb.cycles, (unsigned long long)r.cycles, rb.nphases, r.nphases);
            for (unsigned i = 0; i < r.nphases; i++) {
                unsigned hits[LDS_SIM_MAX_BANKS], distinct[LDS_SIM_MAX_BANKS];
                lds_sim_phase_banks(p, &a, &r.phase[i], hits, distinct);
                unsigned busiest = 0, worst = 0, nhits = 0, ndistinct = 0;
                unsigned banks = lds_sim_access_geometry(p, &a).banks;
                for (unsigned b = 0; b < banks; b++) {
                    if (distinct[b] > busiest) {   /* the lowest of the busiest banks */
                        busiest = distinct[b];
                        worst = b;
                    }
                    nhits += hits[b];
                    ndistinct += distinct[b];
                }
                compared++;
                if (r.phase[i].cost != (busiest ? busiest : 1) || r.phase[i].accesses != nhits
                    || r.phase[i].distinct != ndistinct || (busiest && r.phase[i].worst_bank != worst)) {
                    if (wrong++ < 5)
                        printf("# %s %s b%u shape %u phase %u: cost %u/%u accesses %u/%u distinct %u/%u\n", p->name,
                               kind == 2 ? "atomic" : kind ? "write" : "read", width * 8, shape, i, r.phase[i].cost, busiest,
                               r.phase[i].accesses, nhits, r.phase[i].distinct, ndistinct);
                }
            }
        }
    }
    CU_ASSERT(compared > 10000);
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT(masked > 1000);
    CU_ASSERT_EQUAL(mask_wrong, 0);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("sim", NULL, NULL);
    CU_add_test(s, "f32[lane*4] is 4-way", test_stride4);
    CU_add_test(s, "stride 33 and a broadcast", test_stride33_and_broadcast);
    CU_add_test(s, "stride table is gcd(S,32)", test_stride_table);
    CU_add_test(s, "gfx942 ds_read_b128 phases", test_gfx942_b128);
    CU_add_test(s, "non-contiguous b128 table", test_noncontiguous_matters);
    CU_add_test(s, "many words on a bank", test_many_words_a_bank);
    CU_add_test(s, "literal R3 on b128 writes", test_seed_rules_b128_write);
    CU_add_test(s, "R2 strict vs word", test_r2_strict_vs_word);
    CU_add_test(s, "inactive lanes, partial waves", test_inactive_and_partial);
    CU_add_test(s, "atomics and Intel writes", test_atomics_and_intel_writes);
    CU_add_test(s, "phase tables", test_phase_map);
    CU_add_test(s, "profiles", test_profiles);
    CU_add_test(s, "gfx950", test_gfx950);
    CU_add_test(s, "Xe2 serves wide classes a word at a time", test_word_steps);
    CU_add_test(s, "a period that does not divide the wave", test_period_not_dividing_wave);
    CU_add_test(s, "lane words and phase cells", test_lane_words_and_cells);
    CU_add_test(s, "two addresses per lane", test_two_addresses);
    CU_add_test(s, "a class's own bank period", test_entry_bank_period);
    CU_add_test(s, "unaligned wide lanes on AMD", test_unaligned_left_out);
    CU_add_test(s, "the pair rule of NVIDIA loads", test_pairing);
    CU_add_test(s, "cp.async and the 64-bit atomics' CAS loop", test_forms);
    CU_add_test(s, "ds_read2_b64 per address on gfx942", test_read2_per_address);
    CU_add_test(s, "phase words and table periods", test_phase_words_and_period);
    CU_add_test(s, "confidence and flags", test_confidence);
    CU_add_test(s, "global memory: transactions, lines, useful bytes", test_coalescing);
    CU_add_test(s, "the hot path counts as the reference does", test_hot_path_matches_reference);
    return lds_cunit_tap_main();
}
