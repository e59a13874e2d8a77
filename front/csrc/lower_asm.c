/* front/csrc/lower_asm.c - inline PTX in a kernel (front/csrc/lower_impl.h).
 *
 * Tensor-core kernels load their tiles with ldmatrix (store them with
 * stmatrix, fill them with cp.async) from inline assembly, at an address
 * the kernel takes with __cvta_generic_to_shared(&tile[row][col]).  That
 * address is followed as a pointer into the array (a byte address:
 * arithmetic on it moves it by whole elements, or it is unknown), and
 * each ldmatrix, stmatrix or cp.async (4, 8 or 16 bytes) in an asm
 * statement whose shared-memory operand is one becomes the lds
 * instruction of that name on the element, and each plain ld.shared or
 * st.shared a read or write as wide as its vector and type.  An asm statement with
 * another instruction that may touch memory is a warning, as any
 * construct not followed. */
#include "front/csrc/lower_impl.h"

#include <ctype.h>

static const char *const address_calls[] = { "__cvta_generic_to_shared", "__nvvm_get_smem_pointer",
                                              "cute::cast_smem_ptr_to_uint", "cast_smem_ptr_to_uint",
                                              "cutlass::arch::cutlass_get_smem_pointer", "cutlass_get_smem_pointer",
                                              NULL };

bool cl_is_shared_address_call(const char *name) { return name && cl_name_in(name, address_calls); }

val *cl_shared_address(lower *L, const csrc_expr *e)
{
    val *a = e->nargs == 1 ? cl_expr(L, e->args[0]) : NULL;
    if (e->nargs == 1 && !a)
        return NULL;
    if (!a || a->kind != V_SHARED)
        return cl_v_data(L, cl_fmt(L, "the result of '%s' on a pointer lds-calc does not follow", e->name), e->loc);
    val *p = cl_new_val(L, V_SHARED);
    *p = *a;
    p->flat = cl_flat_of(L, a);
    p->nidx = 0;
    p->pointee = a->arr->scalar;
    p->shared_addr = true;
    return p;
}

/* Opcodes (their first part) that may read or write memory; the
 * commits and waits of asynchronous copies do not. */
static bool touches_memory(const char *op, size_t n)
{
    static const char *const syncs[] = { "cp.async.commit_group", "cp.async.wait_group", "cp.async.wait_all",
                                         "cp.async.bulk.commit_group", "cp.async.bulk.wait_group", NULL };
    for (int i = 0; syncs[i]; i++)
        if (!strncmp(op, syncs[i], strlen(syncs[i])) && (n == strlen(syncs[i]) || op[strlen(syncs[i])] == '.'))
            return false;
    static const char *const prefixes[] = { "ld", "st", "cp", "atom", "red", "wgmma", "tcgen05", "mbarrier",
                                            "prefetch", "multimem", "tensormap", NULL };
    for (int i = 0; prefixes[i]; i++) {
        size_t k = strlen(prefixes[i]);
        if (n >= k && !strncmp(op, prefixes[i], k) && (n == k || op[k] == '.' || !strcmp(prefixes[i], "ld")
                                                       || !strcmp(prefixes[i], "st")))
            return true;
    }
    return false;
}

static void warn(lower *L, lds_loc loc, const char *msg)
{
    if (!L->o->warn)
        return;
    lds_diag w = { 0 };
    lds_diag_set(&w, loc, "%s", msg);
    w.warning = 1;
    cl_warn(L, &w);
}

/* The bytes a plain ld or st of shared memory moves (ld.shared.v4.f32:
 * 16), from its vector count and its type; 0 where it is not one (another
 * state space, shared::cluster's other blocks, a type not known). */
static unsigned plain_shared_bytes(const char *op)
{
    if (strncmp(op, "ld.", 3) && strncmp(op, "st.", 3))
        return 0;
    unsigned vec = 1, bits = 0;
    bool shared = false;
    for (const char *c = op + 3; *c;) {
        size_t n = strcspn(c, ".");
        char part[16];
        snprintf(part, sizeof part, "%.*s", (int)(n < 15 ? n : 15), c);
        unsigned w = 0;
        if (!strcmp(part, "shared") || !strcmp(part, "shared::cta"))
            shared = true;
        else if (!strcmp(part, "v2") || !strcmp(part, "v4"))
            vec = (unsigned)(part[1] - '0');
        else if ((part[0] == 'b' || part[0] == 'u' || part[0] == 's' || part[0] == 'f') && sscanf(part + 1, "%u", &w) == 1
                 && (w == 8 || w == 16 || w == 32 || w == 64 || (w == 128 && part[0] == 'b')))
            bits = w * (strstr(part, "x2") ? 2 : 1);   /* f16x2: two halves */
        else if (!strcmp(part, "bf16") || !strcmp(part, "bf16x2"))
            bits = part[4] ? 32 : 16;
        c += n + (c[n] == '.');
    }
    unsigned bytes = shared ? vec * bits / 8 : 0;
    return bytes && bytes <= 16 ? bytes : 0;
}

/* One instruction of the template (n bytes at text): lowered where it is
 * ldmatrix, stmatrix, cp.async or a plain ld/st of shared memory at a
 * followed address; *other set to its opcode where it may touch memory
 * and is not followed. */
static int instruction(lower *L, const csrc_stmt *s, val *const *in, const char *text, size_t n, const char **other)
{
    while (n && isspace((unsigned char)*text)) {
        text++;
        n--;
    }
    if (n && *text == '@') {   /* a guard predicate: the instruction may not run; not followed */
        *other = "a predicated instruction";
        return 0;
    }
    size_t oplen = 0;
    while (oplen < n && !isspace((unsigned char)text[oplen]))
        oplen++;
    if (!oplen)
        return 0;
    const char *op = cl_fmt(L, "%.*s", (int)oplen, text);
    bool ld = !strncmp(op, "ldmatrix.", 9), st = !strncmp(op, "stmatrix.", 9);
    bool copy = !strncmp(op, "cp.async.c", 10) && strstr(op, ".shared") && !strstr(op, "bulk");
    unsigned plain = plain_shared_bytes(op);
    if (!ld && !st && !copy && !plain) {
        if (touches_memory(text, oplen))
            *other = op;
        return 0;
    }
    /* the shared-memory operand: the first [%N] or [%N+bytes] */
    const char *open = memchr(text, '[', n), *close = open ? memchr(open, ']', n - (size_t)(open - text)) : NULL;
    unsigned k = 0;
    int used = 0;
    long offset = 0;
    if (close && sscanf(open + 1, " %%%u %n", &k, &used) == 1 && open[1 + used] == '+') {
        char *end;
        offset = strtol(open + 2 + used, &end, 0);
        used = (int)(end - open - 1);
        while (isspace((unsigned char)open[1 + used]))
            used++;
    }
    if (!close || !used || open + 1 + used != close || k >= s->noperands || !in[k]) {
        *other = cl_fmt(L, "%s at an address that is not one input operand", op);
        return 0;
    }
    unsigned bytes = plain ? plain : 16;
    if (copy) {   /* cp.async.ca|cg.shared.global [dst], [src], size: the size a constant */
        const char *after = memchr(close + 1, ']', n - (size_t)(close + 1 - text));
        const char *comma = after ? memchr(after, ',', n - (size_t)(after - text)) : NULL;
        unsigned m = 0;
        long size = 0;
        if (comma && sscanf(comma + 1, " %%%u", &m) == 1) {
            const val *z = m < s->noperands ? in[m] : NULL;
            size = z && cl_is_int(z) && z->cls == C_CONST ? (long)z->k : 0;
        } else if (comma) {
            size = strtol(comma + 1, NULL, 0);
        }
        if (size != 4 && size != 8 && size != 16) {
            *other = cl_fmt(L, "%s of a size that is not 4, 8 or 16 bytes written out", op);
            return 0;
        }
        bytes = (unsigned)size;
        op = cl_fmt(L, "cp.async.%s.shared.global b%u", strstr(op, ".cg") ? "cg" : "ca", bytes * 8);
    }
    const val *a = in[k];
    if (a->kind == V_SHARED && a->shared_addr && offset)
        a = cl_pointer_plus(L, a, cl_v_const(L, offset), s->loc);
    if (a->kind != V_SHARED || !a->shared_addr) {
        warn(L, s->operands[k]->loc,
             cl_fmt(L, "inline assembly: the address of '%s' is not one lds-calc follows (__cvta_generic_to_shared of "
                       "a shared array's element): it is not counted",
                    op));
        return 0;
    }
    bool writes = st || copy || (plain && op[0] == 's');
    return cl_emit_instruction(L, writes ? 1 : 0, plain ? NULL : op, a, bytes, s->loc);
}

int cl_asm_stmt(lower *L, const csrc_stmt *s)
{
    /* the inputs' values, each evaluated once as C does before the
     * statement (their own accesses count); outputs are registers written */
    val **in = lds_arena_alloc(L->arena, sizeof *in * (s->noperands ? s->noperands : 1));
    for (unsigned i = 0; i < s->noperands; i++) {
        in[i] = i < s->noutputs ? NULL : cl_expr(L, s->operands[i]);
        if (i >= s->noutputs && !in[i])
            return -1;
    }
    const char *other = NULL;
    for (const char *t = s->what; *t;) {
        size_t n = strcspn(t, ";\n");
        if (instruction(L, s, in, t, n, &other) < 0)
            return -1;
        t += n + (t[n] != '\0');
    }
    if (other)
        warn(L, s->loc,
             cl_fmt(L, "inline assembly: '%s' is not followed; the memory accesses in the statement but its ldmatrix, "
                       "stmatrix, cp.async and shared ld/st are not counted",
                    other));
    return 0;
}
