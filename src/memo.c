/* src/memo.c - the instruction memo (src/memo.h): a direct-mapped table
 * keyed by a hash of the lanes, each entry holding the lanes themselves
 * (so a hit is exact, never a hash collision). */
#include "src/memo.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"

#define SLOTS 1024
/* Instructions an access simulates before its table is made: a short
 * access would pay more for the table (570 KiB zeroed) than it saves. */
#define WARMUP 64
/* After this many look-ups, fewer hits than 1 in 32 turn it off. */
#define TRIAL 2048

/* The totals of a result: every field of lds_sim_result before its
 * phases (cycles, ideal, ways, broadcasts, unaligned, paired). */
#define TOTALS_SIZE offsetof(lds_sim_result, nphases)

typedef struct {
    bool used;
    uint64_t hash, active;
    uint64_t addr[LDS_SIM_MAX_WAVE];
    unsigned char totals[TOTALS_SIZE];
} entry;

struct lds_memo {
    entry *slot;
    uint64_t lookups, hits;
    bool off;
};

lds_memo *lds_memo_new(lds_arena *arena)
{
    return lds_arena_alloc(arena, sizeof(lds_memo));
}

void lds_memo_release(lds_memo *m)
{
    if (!m)
        return;
    lds_free(m->slot);
    m->slot = NULL;
}

static uint64_t mask_of(const bool *active, unsigned n)
{
    uint64_t m = 0;
    for (unsigned l = 0; l < n; l++)
        m |= (uint64_t)active[l] << l;
    return m;
}

static uint64_t hash_of(uint64_t active, const uint64_t *addr, unsigned n)
{
    uint64_t h = active * 0x9e3779b97f4a7c15ull;
    for (unsigned l = 0; l < n; l++)
        h = (h ^ addr[l]) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

bool lds_memo_find(lds_memo *m, const bool *active, const uint64_t *addr, unsigned n, lds_sim_result *res)
{
    if (m->off)
        return false;
    if (++m->lookups == TRIAL && m->hits * 32 < TRIAL) {
        m->off = true;   /* the patterns do not recur here */
        lds_free(m->slot);
        m->slot = NULL;
        return false;
    }
    if (!m->slot)
        return false;
    uint64_t mask = mask_of(active, n), h = hash_of(mask, addr, n);
    const entry *e = &m->slot[h % SLOTS];
    if (!e->used || e->hash != h || e->active != mask || memcmp(e->addr, addr, n * sizeof *addr))
        return false;
    m->hits++;
    memcpy(res, e->totals, TOTALS_SIZE);
    res->nphases = 0;
    return true;
}

void lds_memo_keep(lds_memo *m, const bool *active, const uint64_t *addr, unsigned n, const lds_sim_result *res)
{
    if (m->off)
        return;
    if (!m->slot) {
        if (m->lookups < WARMUP)
            return;
        m->slot = lds_xcalloc(SLOTS, sizeof *m->slot);
    }
    uint64_t mask = mask_of(active, n), h = hash_of(mask, addr, n);
    entry *e = &m->slot[h % SLOTS];
    e->used = true;
    e->hash = h;
    e->active = mask;
    memcpy(e->addr, addr, n * sizeof *addr);
    memcpy(e->totals, res, TOTALS_SIZE);
}
