/* sim/profile.c - the built-in hardware profiles (doc/rules.md section 5). */
#include "sim/profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KIB 1024u

/* The AMD non-contiguous ds_read_b128 groups (CK docs, Triton #11365). */
#define GFX942_B128_READ "0-3,20-23|4-7,16-19|8-11,28-31|12-15,24-27"
#define GFX950_B128_READ "0-3,12-15,20-23,24-27|4-7,8-11,16-19,28-31"

#define NV_SOURCE "CUDA C++ Programming Guide, Compute Capability 5.x+ shared memory; b64/b128 phases from NVIDIA developer forum measurements"
#define NV_CONF "documented (CUDA guide); b64/b128 phases forum-measured"
#define NV(nm, kib, atomic, what) \
    { nm, 32, 4, 32, (kib) * KIB, true, true, atomic, LDS_R2_WORD, LDS_R3_PHASES, \
      { "32c", "32c", "16c", "8c", "8c", "8c" }, NV_CONF, NV_SOURCE, what, false }

static const lds_sim_profile profiles[] = {
    { "generic", 32, 4, 32, 64 * KIB, true, false, 8, LDS_R2_WORD, LDS_R3_PHASES,
      { "32c", "32c", "16c", "8c", "8c", "8c" }, "textbook",
      "the textbook model: 32 banks of 4 bytes, one phase per 128 bytes",
      "textbook 32-bank shared memory", false },
    NV("sm70", 96, 8, "NVIDIA Volta (V100)"),
    NV("sm75", 64, 8, "NVIDIA Turing"),
    NV("sm80", 164, 8, "NVIDIA Ampere (A100)"),
    NV("sm86", 100, 8, "NVIDIA Ampere (GA10x)"),
    NV("sm89", 100, 8, "NVIDIA Ada Lovelace"),
    NV("sm90", 228, 16, "NVIDIA Hopper (H100)"),
    NV("sm100", 228, 16, "NVIDIA Blackwell (B200)"),
    { "gfx90a", 32, 4, 64, 64 * KIB, true, false, 8, LDS_R2_WORD, LDS_R3_PHASES,
      { "32c", "32c", "16c", "8c", GFX942_B128_READ, "8c" },
      "inferred from gfx942 (not measured on MI200)",
      "AMD GCN/CDNA guide (half-waves checked separately); b128 tables assumed equal to gfx942",
      "AMD Instinct MI200 (CDNA2)", true },
    { "gfx942", 32, 4, 64, 64 * KIB, true, false, 8, LDS_R2_WORD, LDS_R3_PHASES,
      { "32c", "32c", "16c", "8c", GFX942_B128_READ, "8c" },
      "measured: reproduces the seed-003 SQ_LDS_BANK_CONFLICT table",
      "CDNA3 ISA (32 banks); AMD CK LDS bank-conflict docs; ROCm blog on CK-Tile; Triton #11365; seed 003 counters",
      "AMD Instinct MI300 (CDNA3)", false },
    { "gfx950", 64, 4, 64, 160 * KIB, true, false, 8, LDS_R2_WORD, LDS_R3_PHASES,
      { "32c", "64c", "32c", "16c", GFX950_B128_READ, "8c" },
      "weak: vendor code comments and empirical latency probes",
      "Triton #9662 (64 banks) and #11365 (b128 groups); nod-ai empirical-lds probes",
      "AMD Instinct MI350/MI355 (CDNA4)", true },
    { "rdna3", 32, 4, 32, 64 * KIB, true, false, 8, LDS_R2_WORD, LDS_R3_PHASES,
      { "32c", "32c", "16c", "8c", GFX942_B128_READ, "8c" },
      "empirical latency probes",
      "nod-ai empirical-lds latency probes (RDNA3)",
      "AMD RDNA3 (gfx11), wave32", true },
    { "rdna4", 32, 4, 32, 64 * KIB, true, false, 8, LDS_R2_WORD, LDS_R3_PHASES,
      { "32c", "32c", "16c", "8c", "8c", "8c" },
      "empirical latency probes",
      "nod-ai empirical-lds latency probes (RDNA4)",
      "AMD RDNA4 (gfx12), wave32", true },
    { "xe-hpg", 16, 4, 16, 64 * KIB, false, false, 8, LDS_R2_WORD, LDS_R3_PHASES,
      { "16c", "16c", "8c", "4c", "4c", "4c" },
      "documented (16 banks x 4 B); writes never merge",
      "Intel oneAPI GPU Optimization Guide, SLM bank conflicts; Intel OpenCL guide (same-bank writes always conflict)",
      "Intel Arc (Xe-HPG), SIMD16", false },
};

unsigned lds_sim_profile_count(void)
{
    return (unsigned)(sizeof profiles / sizeof profiles[0]);
}

const lds_sim_profile *lds_sim_profile_at(unsigned i)
{
    return i < lds_sim_profile_count() ? &profiles[i] : NULL;
}

const lds_sim_profile *lds_sim_profile_find(const char *name)
{
    for (unsigned i = 0; i < lds_sim_profile_count(); i++)
        if (strcmp(profiles[i].name, name) == 0)
            return &profiles[i];
    return NULL;
}

lds_sim_width_class lds_sim_width_class_of(lds_sim_kind kind, unsigned width)
{
    if (width <= 2)
        return LDS_WC_B8_B16;
    if (width <= 4)
        return LDS_WC_B32;
    if (width <= 8)
        return LDS_WC_B64;
    if (width <= 12)
        return LDS_WC_B96;
    return kind == LDS_ACCESS_WRITE ? LDS_WC_B128_WRITE : LDS_WC_B128_READ;
}

const char *lds_sim_width_class_name(lds_sim_width_class wc)
{
    static const char *const names[LDS_WC_COUNT] = {
        "b8/b16", "b32", "b64", "b96", "b128 read", "b128 write"
    };
    return wc < LDS_WC_COUNT ? names[wc] : "?";
}

const char *lds_sim_profile_rules(const lds_sim_profile *p)
{
    if (p->r2 == LDS_R2_WORD && p->r3 == LDS_R3_PHASES)
        return "calibrated";
    if (p->r2 == LDS_R2_STRICT && p->r3 == LDS_R3_SUBSTEPS)
        return "seed";
    return "mixed";
}

/* Append to buf at *n (snprintf's rules: never past size). */
static void add(char *buf, size_t size, size_t *n, const char *what, const char *value)
{
    if (*n < size)
        *n += (size_t)snprintf(buf + *n, size - *n, "%s%s=%s", *n ? ", " : "", what, value);
}

static void add_number(char *buf, size_t size, size_t *n, const char *what, uint64_t value)
{
    char v[24];
    snprintf(v, sizeof v, "%llu", (unsigned long long)value);
    add(buf, size, n, what, v);
}

void lds_sim_profile_overrides(const lds_sim_profile *p, char *buf, size_t size)
{
    const lds_sim_profile *b = lds_sim_profile_find(p->name);
    size_t n = 0;
    buf[0] = '\0';
    if (!b)
        return;
    if (p->banks != b->banks)
        add_number(buf, size, &n, "banks", p->banks);
    if (p->bank_bytes != b->bank_bytes)
        add_number(buf, size, &n, "bank_bytes", p->bank_bytes);
    if (p->wave != b->wave)
        add_number(buf, size, &n, "wave", p->wave);
    if (p->lds_bytes != b->lds_bytes)
        add_number(buf, size, &n, "lds", p->lds_bytes);
    if (p->r2 != b->r2)
        add(buf, size, &n, "r2", p->r2 == LDS_R2_STRICT ? "strict" : "word");
    if (p->r3 != b->r3)
        add(buf, size, &n, "r3", p->r3 == LDS_R3_SUBSTEPS ? "substeps" : "phases");
    if (p->write_merge != b->write_merge)
        add(buf, size, &n, "write_merge", p->write_merge ? "yes" : "no");
    for (int wc = 0; wc < LDS_WC_COUNT; wc++)
        if (strcmp(p->phases[wc], b->phases[wc])) {
            char what[32];
            snprintf(what, sizeof what, "phases %s", lds_sim_width_class_name((lds_sim_width_class)wc));
            add(buf, size, &n, what, p->phases[wc]);
        }
}

lds_sim_vendor lds_sim_profile_vendor(const lds_sim_profile *p)
{
    if (!strncmp(p->name, "sm", 2))
        return LDS_VENDOR_NVIDIA;
    if (!strncmp(p->name, "gfx", 3) || !strncmp(p->name, "rdna", 4))
        return LDS_VENDOR_AMD;
    if (!strncmp(p->name, "xe", 2))
        return LDS_VENDOR_INTEL;
    return LDS_VENDOR_NONE;
}
