/* front/amdgcn/meta.c - what the assembler's directives say of a kernel:
 * its descriptor (.amdhsa_kernel NAME ... .end_amdhsa_kernel: where the
 * hardware puts the kernarg pointer, the workgroup ids and the work-item
 * ids, the static LDS) and the code object metadata (.amdgpu_metadata, a
 * YAML block: each kernel's arguments with their names and offsets, its
 * workgroup size, its wave).  Only the keys lds-calc uses are read. */
#include "front/amdgcn/amdgcn_impl.h"

#include <ctype.h>
#include <stdlib.h>

static size_t name_hash(const char *s)
{
    size_t h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}

/* The slot of symbol in the table (empty: where it would go). */
static ag_func **slot_of(ag_func **slots, size_t nslots, const char *symbol)
{
    LDS_ASSERT(nslots && !(nslots & (nslots - 1)));
    for (size_t i = name_hash(symbol) & (nslots - 1);; i = (i + 1) & (nslots - 1))
        if (!slots[i] || !strcmp(slots[i]->name, symbol))
            return &slots[i];
}

static void grow_table(ag_module *m)
{
    size_t n = m->nslots ? m->nslots * 2 : 64;
    ag_func **slots = lds_xcalloc(n, sizeof *slots);
    for (ag_func *f = m->funcs; f; f = f->next)
        *slot_of(slots, n, f->name) = f;
    lds_free(m->slots);
    m->slots = slots;
    m->nslots = n;
}

ag_func *ag_func_of(ag_module *m, lds_arena *a, const char *symbol, bool make)
{
    ag_func **s = m->nslots ? slot_of(m->slots, m->nslots, symbol) : NULL;
    if (s && *s)
        return *s;
    if (!make)
        return NULL;
    ag_func *f = lds_arena_alloc(a, sizeof *f);
    memset(f, 0, sizeof *f);
    f->name = lds_arena_strndup(a, symbol, strlen(symbol));
    f->user_sgprs = f->kernarg_at = f->group_segment = -1;
    if (m->last)
        m->last->next = f;
    else
        m->funcs = f;
    m->last = f;
    if (2 * ++m->nfuncs > m->nslots)   /* at most half full */
        grow_table(m);
    else
        *s = f;
    return f;
}

/* The user SGPRs in the order the hardware loads them, with their sizes:
 * the kernarg pointer's place is the sum of those before it. */
static const struct { const char *key; unsigned sgprs; } user_sgprs[] = {
    { ".amdhsa_user_sgpr_private_segment_buffer", 4 }, { ".amdhsa_user_sgpr_dispatch_ptr", 2 },
    { ".amdhsa_user_sgpr_queue_ptr", 2 },              { ".amdhsa_user_sgpr_kernarg_segment_ptr", 2 },
};

void ag_meta_descriptor(ag_module *m, lds_arena *a, const char *symbol, char **lines, unsigned n)
{
    ag_func *f = ag_func_of(m, a, symbol, true);
    f->kernel = true;
    long on[4] = { 0, 0, 0, 0 };
    bool kernarg = false;
    for (unsigned i = 0; i < n; i++) {
        char key[96];
        long v;
        if (sscanf(lines[i], " %95s %li", key, &v) != 2)
            continue;
        for (int k = 0; k < 4; k++)
            if (!strcmp(key, user_sgprs[k].key))
                on[k] = v, kernarg |= k == 3 && v;
        if (!strcmp(key, ".amdhsa_user_sgpr_count"))
            f->user_sgprs = v < 0 || v > 128 ? -1 : v;
        else if (!strcmp(key, ".amdhsa_system_vgpr_workitem_id"))
            f->workitem_ids = v < 0 ? 0 : v > 2 ? 2 : v;
        else if (!strcmp(key, ".amdhsa_group_segment_fixed_size"))
            f->group_segment = v;
        else if (!strncmp(key, ".amdhsa_system_sgpr_workgroup_id_", 33) && key[33] >= 'x' && key[33] <= 'z' && !key[34])
            f->group_id[key[33] - 'x'] = v != 0;
    }
    if (kernarg) {
        f->kernarg_at = 0;
        for (int k = 0; k < 3; k++)
            f->kernarg_at += on[k] ? user_sgprs[k].sgprs : 0;
    }
}

/* "  - .name:   width" -> indent 2, dash true, key ".name", value "width" */
typedef struct {
    unsigned indent;              /* of the key (after a dash) */
    bool dash;
    const char *key;              /* NULL: a bare list value */
    const char *value;
} yaml_line;

static yaml_line yaml(lds_arena *a, const char *s)
{
    yaml_line y = { 0 };
    const char *p = s;
    while (*p == ' ')
        p++;
    if (*p == '-' && (p[1] == ' ' || !p[1])) {
        y.dash = true;
        p++;
        while (*p == ' ')
            p++;
    }
    y.indent = (unsigned)(p - s);
    const char *colon = strchr(p, ':');
    const char *v = p;
    if (colon && (colon[1] == ' ' || !colon[1]) && *p != '\'') {
        y.key = lds_arena_strndup(a, p, (size_t)(colon - p));
        v = colon + 1;
    }
    while (*v == ' ')
        v++;
    if (*v == '!' && strchr(v, ' '))   /* a tag: '!str n' (n alone would read as a YAML 1.1 boolean) */
        for (v = strchr(v, ' '); *v == ' ';)
            v++;
    size_t n = strlen(v);
    while (n && isspace((unsigned char)v[n - 1]))
        n--;
    if (n >= 2 && (v[0] == '\'' || v[0] == '"') && v[n - 1] == v[0])
        v++, n -= 2;
    y.value = lds_arena_strndup(a, v, n);
    return y;
}

typedef struct {
    ag_func *f;                   /* the kernel being read (a placeholder until its .symbol) */
    unsigned indent;              /* its keys' indentation */
    bool in_args;
    unsigned arg_indent;          /* an argument's keys' indentation (0: none yet) */
    const char *list;             /* the kernel key whose list is being read */
    unsigned nlist;
} meta_state;

static void kernel_key(meta_state *s, lds_arena *a, const yaml_line *y)
{
    ag_func *f = s->f;
    s->in_args = !strcmp(y->key, ".args");
    s->list = y->key;
    s->nlist = 0;
    long v = strtol(y->value, NULL, 0);
    if (!strcmp(y->key, ".name"))
        f->source_name = y->value;
    else if (!strcmp(y->key, ".symbol"))
        f->name = y->value;   /* foo.kd: matched below */
    else if (!strcmp(y->key, ".max_flat_workgroup_size"))
        f->max_flat = v;
    else if (!strcmp(y->key, ".wavefront_size"))
        f->wave = (unsigned)v;
    (void)a;
}

static void arg_key(ag_func *f, const yaml_line *y, bool fresh)
{
    if (fresh) {
        f->args = lds_xreallocarray(f->args, f->nargs + 1, sizeof *f->args);
        f->args[f->nargs++] = (ag_arg){ .offset = -1, .size = 0 };
    }
    if (!f->nargs)
        return;
    ag_arg *g = &f->args[f->nargs - 1];
    if (!strcmp(y->key, ".name"))
        g->name = *y->value ? y->value : NULL;
    else if (!strcmp(y->key, ".value_kind"))
        g->kind = y->value;
    else if (!strcmp(y->key, ".offset") || !strcmp(y->key, ".size")) {
        long v = strtol(y->value, NULL, 0);   /* a kernarg segment is small: past 1 MiB is no argument */
        v = v < 0 || v > (1L << 20) ? -1 : v;
        if (y->key[1] == 'o')
            g->offset = v;
        else
            g->size = v < 0 ? 0 : v;
    }
}

/* The kernel read into placeholder k becomes the function its .symbol
 * names (without .kd). */
static void finish_kernel(ag_module *m, lds_arena *a, ag_func *k)
{
    if (!k)
        return;
    const char *sym = *k->name ? k->name : k->source_name;   /* no .symbol: the kernel's .name */
    if (!sym || !*sym)
        return;
    size_t n = strlen(sym);
    if (n > 3 && !strcmp(sym + n - 3, ".kd"))
        n -= 3;
    ag_func *f = ag_func_of(m, a, lds_arena_strndup(a, sym, n), true);
    f->kernel = true;
    f->source_name = k->source_name;
    f->args = k->args;
    f->nargs = k->nargs;
    memcpy(f->reqd, k->reqd, sizeof f->reqd);
    f->max_flat = k->max_flat;
    f->wave = k->wave;
}

void ag_meta_block(ag_module *m, lds_arena *a, char **lines, unsigned n)
{
    meta_state s = { 0 };
    bool kernels = false;
    for (unsigned i = 0; i < n; i++) {
        yaml_line y = yaml(a, lines[i]);
        if (y.key && y.indent == 0 && !y.dash) {   /* a top-level key */
            kernels = !strcmp(y.key, "amdhsa.kernels");
            if (!strcmp(y.key, "amdhsa.target") && !m->target && strstr(y.value, "gfx")) {
                const char *g = strstr(y.value, "gfx");
                m->target = lds_arena_strndup(a, g, strspn(g, "abcdefghijklmnopqrstuvwxyz0123456789"));
            }
            continue;
        }
        if (!kernels)
            continue;
        if (y.dash && y.key && (!s.f || y.indent <= s.indent)) {   /* a new kernel */
            finish_kernel(m, a, s.f);
            s = (meta_state){ .f = lds_arena_alloc(a, sizeof *s.f), .indent = y.indent };
            memset(s.f, 0, sizeof *s.f);
            s.f->name = "";
            kernel_key(&s, a, &y);
        } else if (s.f && y.key && y.indent == s.indent) {
            kernel_key(&s, a, &y);
        } else if (s.f && y.key && s.in_args && y.indent > s.indent) {
            arg_key(s.f, &y, y.dash);
        } else if (s.f && !y.key && y.dash && s.list && !strcmp(s.list, ".reqd_workgroup_size") && s.nlist < 3) {
            s.f->reqd[s.nlist++] = strtol(y.value, NULL, 0);
        }
    }
    finish_kernel(m, a, s.f);
}
