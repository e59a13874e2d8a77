/* src/scope.c - the scope: a stack of symbols, looked up innermost first. */
#include "src/scope.h"

#include <stdlib.h>
#include <string.h>

#include "src/buf.h"
#include "src/mem.h"

/* Built-in names, and the kernel spellings that mean the same. */
static const struct { const char *name; lds_var_id var; uint64_t deps; } builtin_vars[] = {
    { "lane", V_LANE, LDS_DEP_LANE },
    { "wave", V_WAVE, LDS_DEP_WAVE },
    { "tid", V_TID, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "tid.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "tid.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "tid.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "group", V_GROUP, LDS_DEP_GROUP },
    { "banks", V_BANKS, 0 },
    { "bank_bytes", V_BANK_BYTES, 0 },
    { "wave_size", V_WAVE_SIZE, 0 },
    { "groups", V_GROUPS, 0 },
    /* CUDA */
    { "threadIdx.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "threadIdx.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "threadIdx.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "blockIdx.x", V_GROUP, LDS_DEP_GROUP },
    { "blockDim.x", V_THREADS_X, 0 },
    { "blockDim.y", V_THREADS_Y, 0 },
    { "blockDim.z", V_THREADS_Z, 0 },
    { "gridDim.x", V_GROUPS, 0 },
    { "warpSize", V_WAVE_SIZE, 0 },
    /* HLSL */
    { "SV_GroupIndex", V_TID, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "SV_GroupThreadID.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "SV_GroupThreadID.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "SV_GroupThreadID.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "SV_GroupID.x", V_GROUP, LDS_DEP_GROUP },
    { "SV_DispatchThreadID.x", V_DISPATCH_X, LDS_DEP_LANE | LDS_DEP_WAVE | LDS_DEP_GROUP },
    /* Mojo */
    { "thread_idx.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "thread_idx.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "thread_idx.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "block_idx.x", V_GROUP, LDS_DEP_GROUP },
    { "block_dim.x", V_THREADS_X, 0 },
};

lds_sym *lds_scope_declare(lds_scope *sc, lds_arena *arena, const char *name, lds_sym_kind kind, lds_loc loc)
{
    sc->syms = lds_xgrow(sc->syms, sc->n, &sc->cap, sizeof *sc->syms, 64);
    lds_sym *s = lds_arena_alloc(arena, sizeof *s);
    s->name = lds_arena_strndup(arena, name, strlen(name));
    s->kind = kind;
    s->loc = loc;
    if (kind == SYM_CONST)
        s->value = lds_arena_mpz(arena);
    sc->syms[sc->n++] = s;
    return s;
}

void lds_scope_pop_to(lds_scope *sc, size_t mark)
{
    if (mark < sc->n)
        sc->n = mark;
}

void lds_scope_init(lds_scope *sc, lds_arena *arena)
{
    lds_loc none = { NULL, 0, 0 };
    memset(sc, 0, sizeof *sc);
    for (size_t i = 0; i < sizeof builtin_vars / sizeof builtin_vars[0]; i++) {
        lds_sym *s = lds_scope_declare(sc, arena, builtin_vars[i].name, SYM_BUILTIN, none);
        s->var = builtin_vars[i].var;
        s->deps = builtin_vars[i].deps;
    }
}

void lds_scope_free(lds_scope *sc)
{
    free(sc->syms);
    memset(sc, 0, sizeof *sc);
}

lds_sym *lds_scope_find(const lds_scope *sc, const char *name)
{
    for (size_t i = sc->n; i-- > 0;)
        if (strcmp(sc->syms[i]->name, name) == 0)
            return sc->syms[i];
    return NULL;
}

bool lds_sym_is_builtin(const lds_sym *s)
{
    return s->kind == SYM_BUILTIN;
}

bool lds_is_builtin_name(const char *name)
{
    for (size_t i = 0; i < sizeof builtin_vars / sizeof builtin_vars[0]; i++)
        if (!strcmp(builtin_vars[i].name, name))
            return true;
    return false;
}

void lds_array_dims_text(lds_buf *b, const lds_array *a)
{
    for (unsigned d = 0; d < a->ndims; d++)
        lds_buf_printf(b, "[%lld]", (long long)a->dims[d]);
}
