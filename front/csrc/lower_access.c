/* front/csrc/lower_access.c - a kernel's shared-memory accesses written
 * (front/csrc/lower_impl.h): the element an access names, as lds names it
 * (NAME[i]...[c], or from its offset), its width, and a skipped record
 * in its place where it cannot be modelled (an index on data, a whole
 * struct, a width no instruction has, a text lds would not read). */
#include "front/csrc/lower_impl.h"

/* The offset, in scalars, of a's element [idx...] (n of them): the row
 * sizes of the lds dimensions after each. */
val *cl_flat_of(lower *L, const val *s)
{
    if (s->flat)
        return (val *)s->flat;
    const sarray *a = s->arr;
    unsigned dims = a->ndims + (a->lanes > 1);
    val *f = cl_v_const(L, s->comp);
    for (unsigned d = 0; d < s->nidx; d++) {
        val *stride = cl_v_const(L, 1);
        for (unsigned e = d + 1; e < dims; e++) {
            int64_t k;
            bool known = false;
            if (sscanf(a->dims[e], "%lld", (long long *)&k) == 1 && strspn(a->dims[e], "0123456789") == strlen(a->dims[e]))
                known = true;
            stride = cl_int_op(L, "*", stride, known ? cl_v_const(L, k) : cl_v_name(L, C_UNIFORM, cl_fmt(L, "(%s)", a->dims[e])));
        }
        f = cl_int_op(L, "+", f, cl_int_op(L, "*", s->idx[d], stride));
    }
    return f;
}

/* The lds target of an access through s: NAME[i]...[c], from the C
 * subscripts when the element is named whole, else from the offset. */
const char *cl_target_text(lower *L, const val *s)
{
    const sarray *a = s->arr;
    unsigned dims = a->ndims + (a->lanes > 1);
    lds_buf b = { 0 };
    lds_buf_printf(&b, "%s", a->name);
    if (!s->flat && s->nidx == a->ndims) {
        for (unsigned d = 0; d < s->nidx; d++)
            lds_buf_printf(&b, "[%s]", s->idx[d]->text);
        if (a->lanes > 1)
            lds_buf_printf(&b, "[%u]", s->comp);
    } else {   /* from the offset: each index by division */
        val *f = cl_flat_of(L, s);
        for (unsigned d = 0; d < dims; d++) {
            val *stride = cl_v_const(L, 1);
            for (unsigned e = d + 1; e < dims; e++) {
                int64_t k;
                bool known = strspn(a->dims[e], "0123456789") == strlen(a->dims[e]) && sscanf(a->dims[e], "%lld", (long long *)&k) == 1;
                stride = cl_int_op(L, "*", stride, known ? cl_v_const(L, k) : cl_v_name(L, C_UNIFORM, cl_fmt(L, "(%s)", a->dims[e])));
            }
            val *q = cl_int_op(L, "/", f, stride);
            if (d > 0) {
                int64_t k;
                bool known = strspn(a->dims[d], "0123456789") == strlen(a->dims[d]) && sscanf(a->dims[d], "%lld", (long long *)&k) == 1;
                q = cl_int_op(L, "%", q, known ? cl_v_const(L, k) : cl_v_name(L, C_UNIFORM, cl_fmt(L, "(%s)", a->dims[d])));
            }
            lds_buf_printf(&b, "[%s]", q->text);
        }
    }
    const char *t = lds_arena_strndup(L->arena, lds_buf_str(&b), b.len);
    lds_buf_free(&b);
    return t;
}

const char *cl_kind_word(int kind) { return kind == 0 ? "read" : kind == 1 ? "write" : "atomic"; }

const char *cl_skip_head(lower *L, int kind, bool global, unsigned bytes)
{
    const char *width = bytes && bytes <= LDS_MAX_SKIPPED_BITS / 8 ? cl_fmt(L, " b%u", bytes * 8) : "";
    return cl_fmt(L, "skipped %s%s%s", cl_kind_word(kind), global ? " global" : "", width);
}

/* Why the indices of s cannot be followed, or NULL. */
const val *cl_data_index(const val *s)
{
    if (s->flat && s->flat->kind != V_INT)
        return s->flat;
    for (unsigned d = 0; d < s->nidx; d++)
        if (s->idx[d]->kind != V_INT)
            return s->idx[d];
    return NULL;
}

const char *cl_width_word(lower *L, unsigned bytes, const char *ctype, const char *lds_type)
{
    static const char *const whole[] = { "float3", "int3", "uint3", NULL };
    if (bytes != 12)
        return cl_fmt(L, "b%u", bytes * 8);
    for (int i = 0; ctype && whole[i]; i++)
        if (!strcmp(ctype, whole[i]))
            return whole[i];
    return lds_type && !strcmp(lds_type, "f32") ? "float3" : lds_type && !strcmp(lds_type, "i32") ? "int3" : "uint3";
}

/* One access through s (kind 0 read, 1 write, 2 atomic) of `bytes`. */
int cl_emit_access(lower *L, int kind, const val *s, unsigned bytes, lds_loc loc)
{
    return cl_emit_instruction(L, kind, NULL, s, bytes, loc);
}

int cl_emit_instruction(lower *L, int kind, const char *instr, const val *s, unsigned bytes, lds_loc loc)
{
    L->accesses++;
    const char *name = s->arr->name;
    const char *why = L->skip;
    lds_loc why_loc = L->skip_loc;
    const val *d = cl_data_index(s);
    if (!why && d) {
        why = d->why ? cl_fmt(L, "its index depends on %s", d->why) : "its index is data";
        why_loc = d->why_loc;
    }
    unsigned words;   /* a struct of 4-byte words, 12 bytes: a 12-byte element (below) */
    if (!why && !instr && cl_struct_of(s) && !(bytes == 12 && cl_struct_of_words(L, cl_struct_of(s), &words) && words == 12)) {
        why = cl_fmt(L, "it copies a whole struct ('%s'), with instructions the compiler picks (its members are followed)",
                     cl_struct_of(s)->name);
        why_loc = loc;
    }
    if (!why && !instr && bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 12 && bytes != 16) {
        why = cl_fmt(L, "it moves %u bytes at once, no instruction's width", bytes);
        why_loc = loc;
    }
    const val *idx[LDS_MAX_DIMS + 1];
    unsigned n = 0;
    if (s->flat)
        idx[n++] = s->flat;
    for (unsigned k = 0; k < s->nidx; k++)
        idx[n++] = s->idx[k];
    for (unsigned k = 0; k < n && !why; k++)   /* a value no -D gives: this access not modelled, the rest read */
        if ((why = cl_missing(L, idx[k], "an index", 1)) != NULL)
            why_loc = idx[k]->missing_loc;
    if (!why && (why = cl_missing(L, L->gmiss, "the condition of an access", 1)) != NULL)
        why_loc = L->gmiss->missing_loc;
    if (why) {
        cl_line(L, loc, "%s %s: %s%s%s", cl_skip_head(L, kind, false, bytes), name, why, why_loc.line ? " at " : "",
                why_loc.line ? cl_where(L, why_loc) : "");
        return 0;
    }
    const char *t = cl_target_text(L, s);
    if ((why = cl_unreadable(L, t, L->guard)) != NULL) {
        cl_line(L, loc, "%s %s: %s", cl_skip_head(L, kind, false, bytes), name, why);
        return 0;
    }
    const char *head = instr ? instr : cl_fmt(L, "%s %s", cl_kind_word(kind), cl_width_word(L, bytes, s->arr->ctype, s->arr->lds_type));
    if (L->guard)
        cl_line(L, loc, "%s %s if %s", head, t, L->guard);
    else
        cl_line(L, loc, "%s %s", head, t);
    return 0;
}

/* The bytes an access to s moves when it names the element (or the
 * pointee) whole. */
unsigned cl_access_bytes(const val *s)
{
    if (s->pointee)
        return s->pointee;
    return s->arr->scalar * (s->comp ? 1 : s->arr->lanes);
}

