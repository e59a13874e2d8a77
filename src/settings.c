/* src/settings.c - the statements that shape the run rather than
 * simulate: arch, set, rules, threads, groups; and the description of a
 * profile's overrides, which every report header carries. */
#include "src/interp.h"

#include <string.h>

#include "sim/phases.h"

void lds_settings_sync(lds_interp *in)
{
    if (!in->threads_given)
        in->threads[0] = in->profile.wave;
    in->env.banks = in->profile.banks;
    in->env.bank_bytes = in->profile.bank_bytes;
    in->env.wave_size = in->profile.wave;
    memcpy(in->env.threads, in->threads, sizeof in->threads);
    in->env.groups = in->groups;
}

int lds_settings_arch(lds_interp *in, const char *name)
{
    const lds_sim_profile *p = lds_sim_profile_find(name);
    if (!p)
        return -1;
    in->profile = *p;
    lds_settings_sync(in);
    return 0;
}

void lds_settings_rules(lds_interp *in, lds_rules which)
{
    in->profile.r2 = which == RULES_SEED ? LDS_R2_STRICT : LDS_R2_WORD;
    in->profile.r3 = which == RULES_SEED ? LDS_R3_SUBSTEPS : LDS_R3_PHASES;
}

/* set phases WIDTH TABLE: a plain number N means contiguous groups of N */
static int set_phases(lds_interp *in, const lds_stmt *s)
{
    static const struct { const char *w; int lo, hi; } classes[] = {
        { "b8", LDS_WC_B8_B16, LDS_WC_B8_B16 }, { "b16", LDS_WC_B8_B16, LDS_WC_B8_B16 },
        { "b32", LDS_WC_B32, LDS_WC_B32 }, { "b64", LDS_WC_B64, LDS_WC_B64 },
        { "b96", LDS_WC_B96, LDS_WC_B96 }, { "b128", LDS_WC_B128_READ, LDS_WC_B128_WRITE },
        { "b128-read", LDS_WC_B128_READ, LDS_WC_B128_READ },
        { "b128-write", LDS_WC_B128_WRITE, LDS_WC_B128_WRITE },
    };
    const char *table = s->u.set.table;
    size_t len = strlen(table);
    char spec[LDS_SIM_SPEC_LEN];
    if (len + 2 > sizeof spec) {
        lds_diag_set(in->diag, s->loc, "lane-phase table too long");
        return -1;
    }
    memcpy(spec, table, len + 1);
    if (strspn(table, "0123456789") == len)
        memcpy(spec + len, "c", 2);
    uint8_t map[LDS_SIM_MAX_WAVE];
    const char *why = NULL;
    if (lds_sim_phase_map(spec, LDS_SIM_MAX_WAVE, map, &why) == 0) {
        lds_diag_set(in->diag, s->loc, "bad lane-phase table '%s': %s", table, why);
        return -1;
    }
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
        if (!strcmp(classes[i].w, s->u.set.width)) {
            for (int wc = classes[i].lo; wc <= classes[i].hi; wc++)
                memcpy(in->profile.phases[wc], spec, strlen(spec) + 1);
            return 0;
        }
    lds_diag_set(in->diag, s->u.set.word_loc, "set phases: unknown width '%s' (b8 b16 b32 b64 b96 b128 b128-read b128-write)",
                 s->u.set.width);
    return -1;
}

/* A value that must be a or b or c (spelled in `list`). */
static int one_of(lds_interp *in, const lds_expr *e, const char *what, const char *list, int64_t a, int64_t b,
                  int64_t c, int64_t *v)
{
    if (lds_exec_uniform(in, e, what, a, c, v) < 0)
        return -1;
    if (*v != a && *v != b && *v != c) {
        lds_diag_set(in->diag, e->loc, "%s must be %s, not %lld", what, list, (long long)*v);
        return -1;
    }
    return 0;
}

int lds_settings_set(lds_interp *in, const lds_stmt *s)
{
    lds_sim_profile *p = &in->profile;
    const lds_expr *e = s->u.set.value;
    int64_t v;
    switch (s->u.set.key) {
    case SET_PHASES:
        return set_phases(in, s);
    case SET_R2:
        p->r2 = strcmp(s->u.set.word, "strict") ? LDS_R2_WORD : LDS_R2_STRICT;
        return 0;
    case SET_R3:
        p->r3 = strcmp(s->u.set.word, "substeps") ? LDS_R3_PHASES : LDS_R3_SUBSTEPS;
        return 0;
    case SET_WRITE_MERGE:
        p->write_merge = strcmp(s->u.set.word, "yes") == 0;
        return 0;
    case SET_BANKS:
        if (lds_exec_uniform(in, e, "banks", 1, LDS_SIM_MAX_BANKS, &v) < 0)
            return -1;
        p->banks = (unsigned)v;
        break;
    case SET_BANK_BYTES:
        if (one_of(in, e, "bank_bytes", "4 or 8", 4, 8, 8, &v) < 0)
            return -1;
        p->bank_bytes = (unsigned)v;
        break;
    case SET_WAVE:
        if (one_of(in, e, "wave", "16, 32 or 64", 16, 32, 64, &v) < 0)
            return -1;
        p->wave = (unsigned)v;
        break;
    case SET_LDS:
        if (lds_exec_uniform(in, e, "lds", 16, (int64_t)1 << 40, &v) < 0)
            return -1;
        p->lds_bytes = (uint64_t)v;
        break;
    }
    lds_settings_sync(in);
    return 0;
}

int lds_settings_threads(lds_interp *in, const lds_stmt *s)
{
    int64_t t[3] = { 1, 1, 1 }, total = 1;
    for (unsigned i = 0; i < s->u.threads.n; i++) {
        const lds_expr *e = s->u.threads.dim[i];
        if (lds_exec_uniform(in, e, "a thread count", 1, LDS_MAX_THREADS, &t[i]) < 0)
            return -1;
        total *= t[i];
        if (total > LDS_MAX_THREADS) {
            lds_diag_set(in->diag, s->loc, "more than %lld threads in a workgroup", (long long)LDS_MAX_THREADS);
            return -1;
        }
    }
    memcpy(in->threads, t, sizeof t);
    in->threads_given = true;
    lds_settings_sync(in);
    return 0;
}

int lds_settings_groups(lds_interp *in, const lds_stmt *s)
{
    int64_t v;
    if (lds_exec_uniform(in, s->u.groups.count, "groups", 1, LDS_MAX_GROUPS, &v) < 0)
        return -1;
    in->groups = v;
    lds_settings_sync(in);
    return 0;
}
