/* src/address.c - a lane's byte address for an access target. */
#include "src/address.h"

#include "sim/sim.h"
#include "base/limits.h"

/* Element offset of an array element, with its bounds checks. */
static int element_offset(const lds_address_ctx *c, int64_t *off)
{
    const lds_target *t = c->t;
    const lds_array *a = &t->array->array;
    int64_t idx[LDS_MAX_DIMS];
    for (unsigned d = 0; d < t->nidx; d++) {
        if (lds_eval_int64(c->ev, t->idx[d], &idx[d], "the index") < 0)
            return -1;
        int64_t extent = a->ndims ? a->dims[d] : 1;
        if (idx[d] < 0 || idx[d] >= extent) {
            lds_diag_set(c->ev->diag, t->idx[d]->loc, "index %lld is out of range for dimension %u of '%s' (0..%lld)",
                         (long long)idx[d], d + 1, t->name, (long long)extent - 1);
            return -1;
        }
    }
    return lds_element_offset(c->ev, t->array, idx, t->nidx, t->loc, off);
}

int lds_element_offset(lds_eval *ev, const lds_sym *array, const int64_t *idx, unsigned n, lds_loc loc, int64_t *off)
{
    const lds_array *a = &array->array;
    if (a->layout) {
        if (lds_eval_call_int64(ev, a->layout, idx, n, loc, off) < 0)
            return -1;
        if (*off < 0 || (uint64_t)*off >= a->elems) {
            lds_diag_set(ev->diag, loc, "the layout gives element %lld, outside the array's %llu elements",
                         (long long)*off, (unsigned long long)a->elems);
            return -1;
        }
        return 0;
    }
    int64_t o = 0;
    for (unsigned d = 0; d < n; d++)
        o = o * (a->ndims ? a->dims[d] : 1) + idx[d];   /* bounded at declaration */
    *off = o;
    return 0;
}

/* The end of the access's memory space, and its name for messages. */
static uint64_t space_end(const lds_address_ctx *c)
{
    return c->global ? LDS_GLOBAL_BYTES : c->profile->lds_bytes;
}

static const char *space_name(const lds_address_ctx *c)
{
    return c->global ? "the global address space lds-calc models" : "shared memory";
}

/* The bytes from an address the access touches. */
static uint64_t address_reach(const lds_address_ctx *c)
{
    return c->reach > c->width ? c->reach : c->width;
}

int lds_target_address(const lds_address_ctx *c, uint64_t *out)
{
    const lds_target *t = c->t;
    lds_diag *diag = c->ev->diag;
    int64_t v;
    uint64_t addr;
    switch (t->kind) {
    case T_ELEM:
        if (element_offset(c, &v) < 0)
            return -1;
        addr = t->array->array.base + (uint64_t)v * c->elem_size;
        break;
    case T_ANON:
        if (lds_eval_int64(c->ev, t->idx[0], &v, "the index") < 0)
            return -1;
        if (v < 0 || (uint64_t)v > space_end(c) / c->elem_size) {   /* the address check says why past the end */
            lds_diag_set(diag, t->idx[0]->loc, "element %lld of the anonymous array lies outside %s (%llu bytes)",
                         (long long)v, space_name(c), (unsigned long long)space_end(c));
            return -1;
        }
        addr = (uint64_t)v * c->elem_size;
        break;
    default:
        if (lds_eval_int64(c->ev, t->addr, &v, "the address") < 0)
            return -1;
        if (v < 0) {
            lds_diag_set(diag, t->addr->loc, "negative address %lld", (long long)v);
            return -1;
        }
        addr = (uint64_t)v;
        break;
    }
    unsigned align = lds_address_alignment(c);
    if (align && addr % align) {
        if (c->align)
            lds_diag_set(diag, t->loc, "address %llu is not aligned to %u bytes, as this instruction needs",
                         (unsigned long long)addr, align);
        else
            lds_diag_set(diag, t->loc, "address %llu is not aligned to %u bytes, as a b%u access needs on this profile",
                         (unsigned long long)addr, align, c->width * 8);
        return -1;
    }
    uint64_t reach = address_reach(c), limit = space_end(c);
    if (addr > limit || limit - addr < reach) {
        if (reach > c->width)
            lds_diag_set(diag, t->loc,
                         "address %llu + %llu bytes (to the end of its farther address, offset1 or offset0) lies "
                         "beyond %s (%llu bytes on this profile)",
                         (unsigned long long)addr, (unsigned long long)reach, space_name(c), (unsigned long long)limit);
        else
            lds_diag_set(diag, t->loc, "address %llu + %u bytes lies beyond %s (%llu bytes%s)",
                         (unsigned long long)addr, c->width, space_name(c), (unsigned long long)limit,
                         c->global ? "" : " on this profile");
        return -1;
    }
    *out = addr;
    return 0;
}

/* One lane's element offset from its indices (and layout), or -1. */
/* Lane l's element offset, and in *bad whether an index or the layout's
 * offset is out of bounds (then the offset means nothing).  No branch on
 * the values: every lane of a wave goes through it. */
static uint64_t element_at(const lds_address_ctx *c, const lds_lanes_out *v, unsigned l, bool *bad)
{
    const lds_target *t = c->t;
    const lds_array *a = &t->array->array;
    uint64_t o = 0;
    bool out = false;
    for (unsigned d = 0; d < t->nidx; d++) {
        uint64_t i = (uint64_t)v->idx[d][l], extent = a->ndims ? (uint64_t)a->dims[d] : 1;
        out |= i >= extent;   /* a negative index is huge as unsigned */
        o = o * extent + i;   /* bounded at declaration when in range */
    }
    if (a->layout) {
        o = (uint64_t)v->offset[l];
        out |= o >= (uint64_t)a->elems;
    }
    *bad = out;
    return o;
}

unsigned lds_address_alignment(const lds_address_ctx *c)
{
    return c->align ? c->align : lds_sim_alignment(c->profile, c->width);
}

int lds_target_addresses(const lds_address_ctx *c, const lds_lanes_out *v, unsigned nlanes, uint64_t *addr)
{
    const lds_target *t = c->t;
    uint64_t reach = address_reach(c), limit = space_end(c);
    uint64_t align = lds_address_alignment(c), end = limit < reach ? 0 : limit - reach;
    uint64_t anon_end = limit / c->elem_size;
    unsigned bad = 0;   /* an active lane faults */
    bool too_wide = limit < reach;   /* no address fits */
    /* every lane, without a branch on its values (a loop per kind); an
     * inactive lane's address is 0 and its faults do not count.  When
     * every lane is active (most instructions), the loop keeps no mask. */
    uint64_t mis = align - 1, act = v->active;
    bool all = act == (nlanes >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nlanes) - 1);
#define EVERY_LANE(address, faults) \
    do { \
        if (all) \
            for (unsigned l = 0; l < nlanes; l++) { \
                bool out = false; \
                uint64_t a = (address); \
                addr[l] = a; \
                bad |= (faults); \
            } \
        else \
            for (unsigned l = 0; l < nlanes; l++) { \
                bool out = false; \
                uint64_t a = (address); \
                unsigned on = (unsigned)(act >> l & 1); \
                addr[l] = a & (0 - (uint64_t)on); \
                bad |= (faults) & on; \
            } \
    } while (0)
    const lds_array *arr = t->kind == T_ELEM ? &t->array->array : NULL;
    if (arr && !arr->layout && t->nidx == 1 && arr->ndims == 1) {   /* a row: no call a lane */
        const int64_t *x = v->idx[0];   /* a negative index: huge */
        uint64_t base = arr->base, n0 = (uint64_t)arr->dims[0], es = c->elem_size;
        EVERY_LANE(base + (uint64_t)x[l] * es, (out | ((uint64_t)x[l] >= n0)) | ((a & mis) != 0) | (a > end));
    } else if (arr && !arr->layout && t->nidx == 2 && arr->ndims == 2) {   /* a tile, row-major */
        const int64_t *x = v->idx[0], *y = v->idx[1];
        uint64_t base = arr->base, n0 = (uint64_t)arr->dims[0], n1 = (uint64_t)arr->dims[1], es = c->elem_size;
        EVERY_LANE(base + ((uint64_t)x[l] * n1 + (uint64_t)y[l]) * es,
                   (out | ((uint64_t)x[l] >= n0) | ((uint64_t)y[l] >= n1)) | ((a & mis) != 0) | (a > end));
    } else if (t->kind == T_ELEM) {
        uint64_t base = t->array->array.base;
        EVERY_LANE(base + element_at(c, v, l, &out) * c->elem_size, out | ((a & mis) != 0) | (a > end));
    } else if (t->kind == T_ANON && all) {   /* the extremes decide: no test per lane */
        const int64_t *x = v->idx[0];
        uint64_t xmax = 0, amax = 0, aor = 0, es = c->elem_size;
        for (unsigned l = 0; l < nlanes; l++) {
            uint64_t xl = (uint64_t)x[l], a = xl * es;   /* a negative index: huge */
            addr[l] = a;
            xmax = xl > xmax ? xl : xmax;
            amax = a > amax ? a : amax;
            aor |= a;
        }
        bad = (xmax > anon_end) | (amax > end) | ((aor & mis) != 0);
    } else if (t->kind == T_ANON) {
        const int64_t *x = v->idx[0];   /* a negative index: huge */
        EVERY_LANE((uint64_t)x[l] * c->elem_size, (out | ((uint64_t)x[l] > anon_end)) | ((a & mis) != 0) | (a > end));
    } else {
        EVERY_LANE((uint64_t)v->addr[l], (out | (v->addr[l] < 0)) | ((a & mis) != 0) | (a > end));
    }
#undef EVERY_LANE
    if (too_wide && v->active)
        bad = 1;
    return bad ? -1 : 0;   /* lds_target_address says which lane, and why */
}
