/* front/amdgcn/parse.c - AMDGPU assembly text to a module: labels,
 * instructions with their operands and modifiers, the .loc in force at
 * each, the .file names, and functions (.type NAME,@function up to
 * .size NAME or the next function).  The descriptor and metadata blocks
 * are handed to meta.c.  A text with no function (a pasted snippet) is
 * one function, named by its first label or 'kernel'. */
#include "front/amdgcn/amdgcn_impl.h"

#include <ctype.h>
#include <stdlib.h>

bool ag_starts(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

bool ag_int(const char *s, int64_t *out)
{
    bool neg = *s == '-';
    if (neg)
        s++;
    if (!isdigit((unsigned char)*s))
        return false;
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (*end || (v >> 63 && !(neg && v == 1ull << 63)))
        return false;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

const ag_mod *ag_mod_of(const ag_ins *in, const char *name)
{
    for (unsigned i = 0; i < in->nmods; i++)
        if (!strcmp(in->mods[i].name, name))
            return &in->mods[i];
    return NULL;
}

int64_t ag_mod_int(const ag_ins *in, const char *name)
{
    const ag_mod *m = ag_mod_of(in, name);
    int64_t v = 0;
    if (m && m->value && !ag_int(m->value, &v))
        v = 0;
    return v;
}

const ag_srcfile *ag_file_of(const ag_module *m, unsigned id)
{
    for (unsigned i = m->nfiles; i-- > 0;)   /* the last .file of that number */
        if (m->files[i].id == id)
            return &m->files[i];
    return NULL;
}

/* ----------------------------------------------------------- operands */

static const struct { const char *name; int reg; unsigned count; } named_regs[] = {
    { "vcc", AG_VCC, 2 },   { "vcc_lo", AG_VCC, 1 },   { "vcc_hi", AG_VCC + 1, 1 }, { "exec", AG_EXEC, 2 },
    { "exec_lo", AG_EXEC, 1 }, { "exec_hi", AG_EXEC + 1, 1 }, { "scc", AG_SCC, 1 },    { "m0", AG_M0, 1 },
};

/* s5, v[0:1], a3, vcc ...: false if o is no register lds-calc numbers. */
static bool reg_operand(const char *t, ag_operand *o)
{
    for (size_t i = 0; i < sizeof named_regs / sizeof named_regs[0]; i++)
        if (!strcmp(t, named_regs[i].name)) {
            o->reg = named_regs[i].reg;
            o->count = named_regs[i].count;
            return true;
        }
    int base = t[0] == 's' ? AG_S0 : t[0] == 'v' ? AG_V0 : t[0] == 'a' ? AG_A0 : -1;
    unsigned most = t[0] == 's' ? AG_NS : t[0] == 'v' ? AG_NV : AG_NA;
    if (base < 0)
        return false;
    char *end;
    unsigned long lo, hi;
    if (t[1] == '[') {
        lo = strtoul(t + 2, &end, 10);
        if (end == t + 2 || *end != ':')
            return false;
        const char *h = end + 1;
        hi = strtoul(h, &end, 10);
        if (end == h || strcmp(end, "]"))
            return false;
    } else {
        if (!isdigit((unsigned char)t[1]))
            return false;
        lo = hi = strtoul(t + 1, &end, 10);
        if (*end)
            return false;
    }
    if (hi < lo || hi >= most || hi - lo >= 16)
        return false;
    o->reg = base + (int)lo;
    o->count = (unsigned)(hi - lo + 1);
    return true;
}

static void operand(char *t, ag_operand *o)
{
    memset(o, 0, sizeof *o);
    o->text = t;
    if (ag_starts(t, "lit(") && t[strlen(t) - 1] == ')')   /* lit(0x84): a literal as it is */
        t += 4, t[strlen(t) - 1] = '\0';
    if (t[0] == '|' && strlen(t) > 2 && t[strlen(t) - 1] == '|')
        o->abs = true, t++, t[strlen(t) - 1] = '\0';
    else if ((ag_starts(t, "abs(") || ag_starts(t, "neg(")) && t[strlen(t) - 1] == ')')
        o->abs = t[0] == 'a', o->neg = t[0] == 'n', t += 4, t[strlen(t) - 1] = '\0';
    if (t[0] == '-' && !isdigit((unsigned char)t[1]))
        o->neg = true, t++;
    if (ag_starts(t, "sext(") && t[strlen(t) - 1] == ')')
        o->sext = true, t += 5, t[strlen(t) - 1] = '\0';
    if (reg_operand(t, o)) {
        o->kind = AO_REG;
    } else if (ag_int(t, &o->imm)) {
        o->kind = AO_IMM;
    } else if (!strcmp(t, "off")) {
        o->kind = AO_OFF;
    } else if (strchr(t, '.') && (isdigit((unsigned char)t[0]) || t[0] == '-')) {
        o->kind = AO_FIMM;
    } else if (isalpha((unsigned char)t[0]) || t[0] == '_' || t[0] == '.') {
        o->kind = AO_SYM;
    } else {
        o->kind = AO_OTHER;
    }
}

/* ------------------------------------------------------------ lines */

typedef struct {
    ag_module *m;
    lds_arena *a;
    ag_func *fn;                  /* the function being read, or NULL */
    int place;
    char **block;                 /* a descriptor's or the metadata's lines */
    unsigned nblock;
    size_t capblock;
    const char *block_of;         /* the descriptor's symbol; "" for the metadata; NULL: none open */
    lds_diag *diag;               /* the first line that is no AMDGPU assembly (set: stop) */
} reader;

static char *dup(lds_arena *a, const char *s, size_t n) { return lds_arena_strndup(a, s, n); }

/* The line without its comment (';' or '//' outside a string). */
static size_t code_length(const char *s, size_t n)
{
    bool str = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"')
            str = !str;
        else if (!str && (s[i] == ';' || (s[i] == '/' && i + 1 < n && s[i + 1] == '/') || (s[i] == '#' && i == 0)))
            return i;
    }
    return n;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static bool is_function(const reader *r, const char *name)
{
    const ag_func *f = ag_func_of(r->m, r->a, name, false);
    return f && f->typed;
}

static ag_ins *new_ins(reader *r, unsigned line, unsigned col)
{
    ag_func *f = r->fn;
    f->ins = lds_xgrow(f->ins, f->nins, &f->cap, sizeof *f->ins, 64);
    ag_ins *in = &f->ins[f->nins++];
    memset(in, 0, sizeof *in);
    in->line = line;
    in->col = col;
    in->place = r->place;
    return in;
}

/* The opcode without the encoding lds-calc does not care about. */
static const char *base_op(lds_arena *a, const char *op)
{
    static const char *const suffixes[] = { "_e32", "_e64", "_sdwa", "_dpp", "_e64_dpp", "_vop3" };
    size_t n = strlen(op);
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        size_t k = strlen(suffixes[i]);
        if (n > k && !strcmp(op + n - k, suffixes[i]))
            return dup(a, op, n - k);
    }
    return op;
}

/* Split at top-level commas; the last piece's words after its first are
 * modifiers (offset:16 glc lds). */
static void instruction(reader *r, char *s, unsigned line, unsigned col)
{
    ag_ins *in = new_ins(r, line, col);
    size_t n = strcspn(s, " \t");
    in->opcode = dup(r->a, s, n);
    in->op = base_op(r->a, in->opcode);
    size_t n_op = strlen(in->opcode);
    in->sdwa = n_op > 5 && !strcmp(in->opcode + n_op - 5, "_sdwa");
    in->dpp = n_op > 4 && !strcmp(in->opcode + n_op - 4, "_dpp");
    char *rest = trim(s + n);
    ag_operand ops[24];
    ag_mod mods[16];
    unsigned nops = 0, nmods = 0;
    int depth = 0;
    char *start = rest;
    for (char *p = rest;; p++) {
        if (*p == '[' || *p == '(')
            depth++;
        else if ((*p == ']' || *p == ')') && depth)
            depth--;
        if ((*p == ',' && !depth) || !*p) {
            bool last = !*p;
            *p = '\0';
            char *piece = trim(start);
            char *word = piece;
            if (last) {   /* the operand, then modifiers */
                char *sp = piece + strcspn(piece, " \t");
                char *more = *sp ? sp + 1 : sp;
                *sp = '\0';
                for (char *m = trim(more); *m && nmods < 16;) {
                    size_t k = strcspn(m, " \t");
                    char *next = m[k] ? m + k + 1 : m + k;
                    m[k] = '\0';
                    char *colon = strchr(m, ':');
                    mods[nmods].name = colon ? dup(r->a, m, (size_t)(colon - m)) : dup(r->a, m, strlen(m));
                    mods[nmods++].value = colon ? dup(r->a, colon + 1, strlen(colon + 1)) : NULL;
                    m = trim(next);
                }
            }
            if (*word && nops < 24) {
                char *colon = strchr(word, ':');
                if (colon && !strchr(word, '[') && nmods < 16 && isalpha((unsigned char)word[0]) && nops) {
                    mods[nmods].name = dup(r->a, word, (size_t)(colon - word));   /* offset:4 alone */
                    mods[nmods++].value = dup(r->a, colon + 1, strlen(colon + 1));
                } else {
                    operand(dup(r->a, word, strlen(word)), &ops[nops++]);
                }
            }
            if (last)
                break;
            start = p + 1;
        }
    }
    in->ops = lds_arena_alloc(r->a, (nops + 1) * sizeof *in->ops);
    memcpy(in->ops, ops, nops * sizeof *ops);
    in->nops = nops;
    in->mods = lds_arena_alloc(r->a, (nmods + 1) * sizeof *in->mods);
    memcpy(in->mods, mods, nmods * sizeof *mods);
    in->nmods = nmods;
    static const char *const dpp_controls[] = { "quad_perm", "row_shl", "row_shr", "row_ror", "wave_shl", "wave_rol",
                                                "wave_shr", "wave_ror", "row_mirror", "row_half_mirror", "row_bcast",
                                                "row_share", "row_xmask", "row_newbcast", "dpp8" };
    for (size_t i = 0; i < sizeof dpp_controls / sizeof dpp_controls[0]; i++)
        in->dpp |= ag_mod_of(in, dpp_controls[i]) != NULL;
    in->sdwa |= ag_mod_of(in, "dst_sel") || ag_mod_of(in, "src0_sel") || ag_mod_of(in, "src1_sel");
}

static void add_place(reader *r, unsigned file, unsigned line, unsigned col)
{
    ag_module *m = r->m;
    m->places = lds_xreallocarray(m->places, m->nplaces + 1, sizeof *m->places);
    m->places[m->nplaces] = (ag_place){ file, line, col };
    r->place = (int)m->nplaces++;
}

/* .file N "dir" "name" / .file N "name": the last quoted string, with its
 * directory when it is relative. */
static void file_directive(reader *r, const char *s)
{
    char *end;
    unsigned long id = strtoul(s, &end, 10);
    if (end == s)
        return;
    const char *q[2] = { NULL, NULL };
    size_t ql[2] = { 0, 0 };
    unsigned nq = 0;
    for (const char *p = end; *p && nq < 2;) {
        const char *o = strchr(p, '"');
        const char *c = o ? strchr(o + 1, '"') : NULL;
        if (!c)
            break;
        q[nq] = o + 1;
        ql[nq++] = (size_t)(c - o - 1);
        p = c + 1;
    }
    if (!nq)
        return;
    ag_module *m = r->m;
    m->files = lds_xreallocarray(m->files, m->nfiles + 1, sizeof *m->files);
    m->files[m->nfiles++] = (ag_srcfile){ (unsigned)id, dup(r->a, q[nq - 1], ql[nq - 1]),
                                          nq == 2 ? dup(r->a, q[0], ql[0]) : NULL, NULL };
}

static void target_directive(reader *r, const char *s, unsigned line)
{
    const char *g = strstr(s, "--gfx");
    g = g ? g + 2 : strstr(s, "gfx");
    if (!g)
        return;
    size_t n = strspn(g, "abcdefghijklmnopqrstuvwxyz0123456789");
    r->m->target = dup(r->a, g, n);
    r->m->target_line = line;
}

static void start_function(reader *r, const char *name, unsigned line, unsigned col)
{
    r->fn = ag_func_of(r->m, r->a, name, true);
    r->fn->line = line;
    r->fn->col = col;
}

static void directive(reader *r, char *s, unsigned line)
{
    size_t n = strcspn(s, " \t");
    char *arg = trim(s + n);
    s[n] = '\0';
    if (!strcmp(s, ".amdgcn_target")) {
        target_directive(r, arg, line);
    } else if (!strcmp(s, ".file")) {
        file_directive(r, arg);
    } else if (!strcmp(s, ".loc")) {
        unsigned long f = 0, l = 0, c = 0;
        if (sscanf(arg, "%lu %lu %lu", &f, &l, &c) >= 2)
            add_place(r, (unsigned)f, (unsigned)l, (unsigned)c);
    } else if (!strcmp(s, ".type")) {
        size_t k = strcspn(arg, " \t,");
        if (strstr(arg + k, "function"))
            ag_func_of(r->m, r->a, dup(r->a, arg, k), true)->typed = true;
    } else if (!strcmp(s, ".size")) {
        size_t k = strcspn(arg, " \t,");
        if (r->fn && strlen(r->fn->name) == k && !strncmp(r->fn->name, arg, k))
            r->fn = NULL;
    } else if (!strcmp(s, ".amdhsa_kernel")) {
        r->block_of = dup(r->a, arg, strlen(arg));
        r->nblock = 0;
    } else if (!strcmp(s, ".amdgpu_metadata")) {
        r->block_of = "";
        r->nblock = 0;
    }
}

static void end_block(reader *r, const char *s)
{
    if (*r->block_of && ag_starts(s, ".end_amdhsa_kernel"))
        ag_meta_descriptor(r->m, r->a, r->block_of, r->block, r->nblock);
    else if (!*r->block_of && ag_starts(s, ".end_amdgpu_metadata"))
        ag_meta_block(r->m, r->a, r->block, r->nblock);
    else
        return;
    r->block_of = NULL;
}

static void line_of(reader *r, const char *text, size_t len, unsigned line)
{
    char *raw = dup(r->a, text, len);
    char *s = trim(raw);
    if (r->block_of) {   /* the descriptor's and the metadata's lines, kept as they are */
        if (ag_starts(s, ".end_amdhsa_kernel") || ag_starts(s, ".end_amdgpu_metadata")) {
            end_block(r, s);
            return;
        }
        r->block = lds_xgrow(r->block, r->nblock, &r->capblock, sizeof *r->block, 64);
        r->block[r->nblock++] = raw;
        return;
    }
    raw[code_length(raw, strlen(raw))] = '\0';
    s = trim(raw);
    while (*s) {   /* labels first */
        size_t k = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.$@");
        if (!k || s[k] != ':' || s[k + 1] == ':')
            break;
        char *name = dup(r->a, s, k);
        unsigned col = (unsigned)(s - raw) + 1;
        if (is_function(r, name)) {
            start_function(r, name, line, col);
        } else if (r->fn) {
            ag_ins *in = new_ins(r, line, col);
            in->label = name;
        }
        s = trim(s + k + 1);
    }
    if (!*s)
        return;
    unsigned col = (unsigned)(s - raw) + 1;
    size_t k = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_");
    bool mnemonic = k && (!s[k] || isspace((unsigned char)s[k])) && isalpha((unsigned char)s[0]) &&
                    (memchr(s, '_', k) || (k == 3 && !strncmp(s, "exp", 3)));   /* s_nop, v_add_u32, exp */
    if (*s == '.') {
        directive(r, s, line);
    } else if (!mnemonic) {
        lds_diag_set(r->diag, (lds_loc){ r->m->src, line, col },
                     "expected an AMDGPU instruction (a prefix and '_': s_mov_b32, ds_read_b32), a label or a directive");
    } else if (r->fn) {
        instruction(r, s, line, col);
    }
}

int ag_parse(const lds_source *src, lds_arena *a, ag_module *m, lds_diag *diag)
{
    memset(m, 0, sizeof *m);
    m->src = src;
    reader r = { .m = m, .a = a, .place = -1, .diag = diag };
    bool any = false;   /* a function: else the whole text is one */
    for (size_t i = 0; i + 5 < src->len && !any; i++)
        any = !strncmp(src->text + i, "@function", 9) || !strncmp(src->text + i, "@kernel", 7);
    if (!any) {
        r.fn = ag_func_of(m, a, "kernel", true);
        r.fn->line = r.fn->col = 1;
        r.fn->kernel = true;
    }
    unsigned line = 1;
    for (size_t i = 0; i < src->len && !diag->set;) {
        size_t e = i;
        while (e < src->len && src->text[e] != '\n')
            e++;
        line_of(&r, src->text + i, e - i, line++);
        i = e + 1;
    }
    if (!any && m->funcs && m->funcs->nins && m->funcs->ins[0].label)   /* a snippet named by its first label */
        m->funcs->name = m->funcs->ins[0].label;
    lds_free(r.block);
    return diag->set ? -1 : 0;
}

void ag_module_free(ag_module *m)
{
    for (ag_func *f = m->funcs; f; f = f->next) {
        lds_free(f->ins);
        lds_free(f->args);
    }
    lds_free(m->files);
    lds_free(m->places);
    lds_free(m->slots);
}
