/* src/scope.c - the scope: a stack of symbols, looked up innermost first. */
#include "src/scope.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/check.h"
#include "base/strset.h"
#include "base/mem.h"

/* Built-in names, and the kernel spellings that mean the same. */
#define BUILTIN(n, v, d) { .name = n, .kind = SYM_BUILTIN, .var = v, .deps = d }
/* Read-only, and shared by every scope: nothing writes a built-in symbol
 * (resolution marks uses only on a program's own names), so a write
 * would fault here rather than pass unseen between sessions. */
static const lds_sym builtin_syms[] = {
    BUILTIN("lane", V_LANE, LDS_DEP_LANE),
    BUILTIN("wave", V_WAVE, LDS_DEP_WAVE),
    BUILTIN("tid", V_TID, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("tid.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("tid.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("tid.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("group", V_GROUP, LDS_DEP_GROUP),
    BUILTIN("banks", V_BANKS, 0),
    BUILTIN("bank_bytes", V_BANK_BYTES, 0),
    BUILTIN("wave_size", V_WAVE_SIZE, 0),
    BUILTIN("groups", V_GROUPS, 0),
    /* CUDA */
    BUILTIN("threadIdx.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("threadIdx.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("threadIdx.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("blockIdx.x", V_GROUP, LDS_DEP_GROUP),
    BUILTIN("blockDim.x", V_THREADS_X, 0),
    BUILTIN("blockDim.y", V_THREADS_Y, 0),
    BUILTIN("blockDim.z", V_THREADS_Z, 0),
    BUILTIN("gridDim.x", V_GROUPS, 0),
    BUILTIN("warpSize", V_WAVE_SIZE, 0),
    /* HLSL */
    BUILTIN("SV_GroupIndex", V_TID, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("SV_GroupThreadID.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("SV_GroupThreadID.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("SV_GroupThreadID.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("SV_GroupID.x", V_GROUP, LDS_DEP_GROUP),
    BUILTIN("SV_DispatchThreadID.x", V_DISPATCH_X, LDS_DEP_LANE | LDS_DEP_WAVE | LDS_DEP_GROUP),
    /* Mojo */
    BUILTIN("thread_idx.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("thread_idx.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("thread_idx.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE),
    BUILTIN("block_idx.x", V_GROUP, LDS_DEP_GROUP),
    BUILTIN("block_dim.x", V_THREADS_X, 0),
};
#undef BUILTIN

/* A name's bucket in sc. */
static size_t bucket_of(const lds_scope *sc, const char *name)
{
    return (size_t)lds_str_hash(name) & (sc->nbuckets - 1);
}

/* syms[i], the innermost symbol, into its bucket's chain. */
static void chain(lds_scope *sc, size_t i)
{
    size_t b = bucket_of(sc, sc->syms[i]->name);
    sc->next[i] = sc->bucket[b];
    sc->bucket[b] = i + 1;
}

/* Room for one more symbol, the buckets at least half as many as the
 * symbols (rebuilt, innermost last, when they grow). */
static void make_room(lds_scope *sc)
{
    size_t cap = sc->cap;
    sc->syms = lds_xgrow(sc->syms, sc->n, &sc->cap, sizeof *sc->syms, 64);
    if (sc->cap != cap || !sc->next)
        sc->next = lds_xreallocarray(sc->next, sc->cap, sizeof *sc->next);
    if (sc->nbuckets >= sc->n + 1 && sc->bucket)
        return;
    size_t nb = sc->nbuckets ? sc->nbuckets : 64;
    while (nb < 2 * (sc->n + 1))
        nb *= 2;
    lds_free(sc->bucket);
    sc->bucket = lds_xcalloc(nb, sizeof *sc->bucket);
    sc->nbuckets = nb;
    for (size_t i = 0; i < sc->n; i++)
        chain(sc, i);
}

lds_sym *lds_scope_declare(lds_scope *sc, lds_arena *arena, const char *name, lds_sym_kind kind, lds_loc loc)
{
    make_room(sc);
    lds_sym *s = lds_arena_alloc(arena, sizeof *s);
    s->name = lds_arena_strndup(arena, name, strlen(name));
    s->kind = kind;
    s->loc = loc;
    if (kind == SYM_CONST)
        s->value = lds_arena_mpz(arena);
    sc->syms[sc->n] = s;
    chain(sc, sc->n++);
    return s;
}

void lds_scope_pop_to(lds_scope *sc, size_t mark)
{
    while (sc->n > mark) {   /* the innermost is the head of its chain */
        size_t i = --sc->n;
        sc->bucket[bucket_of(sc, sc->syms[i]->name)] = sc->next[i];
    }
}

/* The built-ins' chains, hashed once for the process: every scope
 * starts as a copy (a -D sweep or a candidate search opens a session,
 * and so a scope, per point). */
enum { NBUILTIN = sizeof builtin_syms / sizeof builtin_syms[0] };
static struct {
    size_t cap, nbuckets;
    size_t next[NBUILTIN];
    size_t *bucket;               /* [nbuckets]: builtin_buckets */
} builtin_chains;
/* The chains' heads: static, so that nothing of the process's is left for
 * a leak checker to call lost (nbuckets, a power of two of at least
 * 2 x NBUILTIN and 64, is under 4 x NBUILTIN + 64). */
static size_t builtin_buckets[4 * NBUILTIN + 64];
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void hash_builtins(void)
{
    size_t cap = 64, nb = 64;   /* as make_room would grow them, one at a time */
    while (cap < NBUILTIN)
        cap *= 2;
    while (nb < 2 * NBUILTIN)
        nb *= 2;
    LDS_ASSERT(nb <= sizeof builtin_buckets / sizeof builtin_buckets[0]);
    lds_scope sc = { .nbuckets = nb, .next = builtin_chains.next, .n = NBUILTIN, .bucket = builtin_buckets };
    lds_sym *syms[NBUILTIN];
    sc.syms = syms;
    for (size_t i = 0; i < NBUILTIN; i++) {
        syms[i] = (lds_sym *)&builtin_syms[i];
        chain(&sc, i);
    }
    builtin_chains.cap = cap;
    builtin_chains.nbuckets = nb;
    builtin_chains.bucket = sc.bucket;
}

void lds_scope_init(lds_scope *sc)
{
    memset(sc, 0, sizeof *sc);
    pthread_once(&builtin_once, hash_builtins);
    if (!builtin_chains.bucket) {
        for (size_t i = 0; i < NBUILTIN; i++) {
            make_room(sc);
            sc->syms[sc->n] = (lds_sym *)&builtin_syms[i];
            chain(sc, sc->n++);
        }
        return;
    }
    sc->cap = builtin_chains.cap;
    sc->nbuckets = builtin_chains.nbuckets;
    sc->syms = lds_xreallocarray(NULL, sc->cap, sizeof *sc->syms);
    sc->next = lds_xreallocarray(NULL, sc->cap, sizeof *sc->next);
    sc->bucket = lds_xreallocarray(NULL, sc->nbuckets, sizeof *sc->bucket);
    for (size_t i = 0; i < NBUILTIN; i++)
        sc->syms[i] = (lds_sym *)&builtin_syms[i];
    memcpy(sc->next, builtin_chains.next, sizeof builtin_chains.next);
    memcpy(sc->bucket, builtin_chains.bucket, sc->nbuckets * sizeof *sc->bucket);
    sc->n = NBUILTIN;
}

void lds_scope_reset(lds_scope *sc)
{
    if (!sc->syms) {   /* never made, or freed */
        lds_scope_init(sc);
        return;
    }
    LDS_ASSERT(sc->n >= NBUILTIN);
    lds_scope_pop_to(sc, NBUILTIN);
}

void lds_scope_free(lds_scope *sc)
{
    lds_free(sc->syms);
    lds_free(sc->next);
    lds_free(sc->bucket);
    memset(sc, 0, sizeof *sc);
}

lds_sym *lds_scope_find(const lds_scope *sc, const char *name)
{
    if (!sc->nbuckets)
        return NULL;
    for (size_t i = sc->bucket[bucket_of(sc, name)]; i; i = sc->next[i - 1])   /* innermost first */
        if (strcmp(sc->syms[i - 1]->name, name) == 0)
            return sc->syms[i - 1];
    return NULL;
}

bool lds_sym_is_builtin(const lds_sym *s)
{
    return s->kind == SYM_BUILTIN;
}

bool lds_is_builtin_name(const char *name)
{
    for (size_t i = 0; i < sizeof builtin_syms / sizeof builtin_syms[0]; i++)
        if (!strcmp(builtin_syms[i].name, name))
            return true;
    return false;
}

void lds_array_dims_text(lds_buf *b, const lds_array *a)
{
    for (unsigned d = 0; d < a->ndims; d++)
        lds_buf_printf(b, "[%lld]", (long long)a->dims[d]);
}
