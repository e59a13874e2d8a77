/* front/csrc/lower_value.c - the lowering's values (front/csrc/lower_impl.h): lds
 * expression texts with their class (constant, the same for every lane,
 * per lane) or data with why; the bindings of C names;
 * the program text written; integer operations, folded where constant. */
#include "front/csrc/lower_impl.h"

#include "base/linemark.h"

bool cl_failed(const lower *L) { return L->diag->set; }

const char *cl_fmt(lower *L, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    const char *s = lds_arena_vprintf(L->arena, f, ap);
    va_end(ap);
    return s;
}

/* The operator of a compound assignment: "+" of "+=", "<<" of "<<=". */
const char *cl_compound_op(lower *L, const char *op)
{
    return lds_arena_strndup(L->arena, op, strlen(op) - 1);
}

val *cl_new_val(lower *L, vkind k)
{
    val *v = lds_arena_alloc(L->arena, sizeof *v);
    v->kind = k;
    return v;
}

val *cl_v_const(lower *L, int64_t k)
{
    val *v = cl_new_val(L, V_INT);
    v->cls = C_CONST;
    v->k = k;
    v->text = cl_fmt(L, "%lld", (long long)k);
    v->atom = k >= 0;
    v->mono = true;
    return v;
}

static val *id_top_made(lower *L, const char *name);

/* The largest value of thread id `name` (its lds name): the last
 * thread's or group's, or NULL for any other name; made once for each
 * workgroup shape (every read of a thread id asks). */
static val *id_top(lower *L, const char *name)
{
    static const char *const ids[] = { "tid.x", "tid.y", "tid.z", "tid", "group" };
    for (int i = 0; i < 5; i++)
        if (!strcmp(name, ids[i])) {
            if (!L->tops[i].top || memcmp(L->tops[i].tdim, L->tdim, sizeof L->tdim)) {
                L->tops[i].top = id_top_made(L, name);
                memcpy(L->tops[i].tdim, L->tdim, sizeof L->tdim);
            }
            return L->tops[i].top;
        }
    return NULL;
}

static val *id_top_made(lower *L, const char *name)
{
    static const char *const dims[] = { "tid.x", "tid.y", "tid.z" };
    val *size = NULL;
    for (int d = 0; d < 3; d++)
        if (!strcmp(name, dims[d]))
            size = L->tdim[d] ? cl_v_const(L, L->tdim[d]) : cl_v_name(L, C_UNIFORM, cl_fmt(L, "blockDim.%c", 'x' + d));
    if (!strcmp(name, "tid"))
        size = L->tdim[0] && L->tdim[1] && L->tdim[2] ? cl_v_const(L, L->tdim[0] * L->tdim[1] * L->tdim[2])
                                                       : cl_v_name(L, C_UNIFORM, "(blockDim.x * blockDim.y * blockDim.z)");
    if (!strcmp(name, "group"))
        size = cl_v_name(L, C_UNIFORM, "groups");
    return size ? cl_int_op(L, "-", size, cl_v_const(L, 1)) : NULL;
}

val *cl_v_name(lower *L, vclass cls, const char *text)
{
    val *v = cl_new_val(L, V_INT);
    v->cls = cls;
    v->text = text;
    v->atom = true;
    v->mono = true;   /* thread ids, -D names (taken as >= 0), loop variables */
    if (cls == C_LANE && !L->zero)
        L->zero = cl_v_const(L, 0);
    v->zero = cls == C_LANE ? L->zero : NULL;
    v->top = cls == C_LANE ? id_top(L, text) : NULL;
    return v;
}

val *cl_v_data(lower *L, const char *why, lds_loc loc)
{
    val *v = cl_new_val(L, V_DATA);
    v->why = why;
    v->why_loc = loc;
    return v;
}

val *cl_v_no_memory(lower *L, const char *why, lds_loc loc)
{
    val *v = cl_v_data(L, why, loc);
    v->no_memory = true;
    return v;
}

val *cl_v_void(lower *L) { return cl_new_val(L, V_VOID); }

const char *cl_paren(lower *L, const val *v) { return v->atom ? v->text : cl_fmt(L, "(%s)", v->text); }

/* Room a value leaves for the lds blocks around the statement it goes in
 * (and an access's guard around it): a value nested deeper is data. */
#define VALUE_ROOM 64

/* v (just made of parts whose shapes are known), or data where its text
 * is too long or nested too deep for lds to read where it is used. */
static val *fits_or_data(lower *L, val *v, unsigned nest, unsigned height)
{
    if (strlen(v->text) > MAX_TEXT)
        return cl_v_data(L, "an index expression too long to follow", (lds_loc){ 0 });
    if (nest > LDS_MAX_DEPTH - VALUE_ROOM || height > LDS_MAX_HEIGHT - VALUE_ROOM)
        return cl_v_data(L, cl_fmt(L, "an expression nested too deeply for lds-calc to follow (lds(5): %d levels of "
                                      "parentheses, %d of operators)",
                                   LDS_MAX_DEPTH, LDS_MAX_HEIGHT),
                         (lds_loc){ 0 });
    v->nest = (unsigned short)nest;
    v->height = (unsigned short)height;
    return v;
}

/* The first missing name of a or b. */
void cl_inherit_missing(val *r, const val *a, const val *b)
{
    const val *m = a && a->missing ? a : b && b->missing ? b : NULL;
    if (m) {
        r->missing = m->missing;
        r->missing_loc = m->missing_loc;
    }
}

/* ------------------------------------------------------------- names */

void cl_warn(lower *L, const lds_diag *w)
{
    if (!L->o->warn)
        return;
    const char *key = cl_fmt(L, "%u:%u:%s", w->loc.line, w->loc.col, w->msg);
    if (L->warned && cl_names_has(L->warned, key))
        return;   /* a construct inlined or lowered again: said once */
    if (L->warned)
        cl_names_add(L, L->warned, key);
    L->o->warn(L->o->warn_ctx, w);
}

const csrc_define *cl_find_define(const lower *L, const char *name)
{
    for (unsigned i = 0; i < L->o->ndefines; i++)
        if (!L->o->defines[i].type && !strcmp(L->o->defines[i].name, name)) {
            L->o->defines[i].used = true;
            return &L->o->defines[i];
        }
    return NULL;
}

/* A -D name's value: known (one value) it is a constant, named in the
 * text; a sweep's name stays a name, the same for every lane.  A
 * qualified name has no lds name: its one value is written out, as
 * digits where it is beyond 64 bits (lds computes them exactly). */
val *cl_define_val(lower *L, const csrc_define *d)
{
    bool qualified = strstr(d->name, "::") != NULL;   /* x128::size: no lds name, so its value */
    if (qualified && d->has_value)
        return cl_v_const(L, d->value);
    if (qualified && d->wide) {
        bool negative = d->wide[0] == '-';
        val *v = cl_v_name(L, C_UNIFORM, negative ? cl_fmt(L, "(%s)", d->wide) : d->wide);
        v->mono = !negative;
        return v;
    }
    if (qualified)
        return cl_v_data(L, cl_fmt(L, "a sweep of '%s' (a qualified name takes one -D value)", d->name), (lds_loc){ 0 });
    val *v = cl_v_name(L, C_UNIFORM, d->name);
    if (d->has_value) {
        v->cls = C_CONST;
        v->k = d->value;
    }
    return v;
}

/* --------------------------------------------------------- bindings */

/* Add name to the names bound.  So that a name no binding ever had (a
 * type such as 'int', looked up for every declaration) costs one probe,
 * not a walk over every binding: a file of many constants and kernels
 * binds each constant in each kernel. */
static void note_bound(lower *L, const char *name)
{
    lds_strset_put(&L->bound, name);
}

void cl_bind(lower *L, const char *name, val *v, bool is_float)
{
    L->env = lds_xgrow(L->env, L->nenv, &L->capenv, sizeof *L->env, 64);
    L->env[L->nenv++] = (binding){ .name = name, .v = v, .is_float = is_float };
    L->nqualified += strstr(name, "::") != NULL;
    note_bound(L, name);
}

void cl_free_env(lower *L)
{
    lds_free(L->env);
    lds_strset_free(&L->bound);
    L->env = NULL;
    L->nenv = 0;
    L->capenv = 0;
}

/* The one binding whose name is name qualified (cfg::P for P, a::Q::P
 * for Q::P), where every such binding holds the same value: a helper in
 * a namespace of its own names its constants so.  NULL where none is,
 * or where two differ (a name lds-calc cannot tell apart). */
static binding *qualified_only(lower *L, const char *name)
{
    size_t n = strlen(name);
    binding *found = NULL;
    for (unsigned i = L->nenv; i-- > 0;) {
        const char *b = L->env[i].name;
        size_t m = strlen(b);
        if (m > n + 2 && !strcmp(b + m - n, name) && b[m - n - 1] == ':' && b[m - n - 2] == ':') {
            if (found && found->v != L->env[i].v)
                return NULL;
            found = found ? found : &L->env[i];
        }
    }
    return found;
}

binding *cl_lookup(lower *L, const char *name)
{
    if (name[0] == ':' && name[1] == ':') {   /* ::cfg::P: the file scope's, by its own name */
        for (unsigned i = L->nfile < L->nenv ? L->nfile : L->nenv; i-- > 0;)
            if (!L->env[i].short_name && !strcmp(L->env[i].name, name + 2))
                return &L->env[i];
        return NULL;
    }
    if (!lds_strset_find(&L->bound, name))
        return L->nqualified ? qualified_only(L, name) : NULL;
    for (unsigned i = L->nenv; i-- > 0;)
        if (!strcmp(L->env[i].name, name)) {
            binding *b = &L->env[i];
            while (b->alias && b->alias - 1 < L->nenv)   /* int &j = i: j is i */
                b = &L->env[b->alias - 1];
            return b;
        }
    return L->nqualified ? qualified_only(L, name) : NULL;
}

snapshot cl_save_env(lower *L)
{
    snapshot s = { lds_arena_alloc(L->arena, sizeof *s.v * (L->nenv ? L->nenv : 1)), L->nenv };
    for (unsigned i = 0; i < L->nenv; i++)
        s.v[i] = L->env[i].v;
    return s;
}

void cl_restore_env(lower *L, const snapshot *s)
{
    L->nenv = s->n;
    for (unsigned i = 0; i < s->n; i++)
        L->env[i].v = s->v[i];
}

/* --------------------------------------------------------- emitting */

void cl_line(lower *L, lds_loc loc, const char *f, ...)
{
    if (loc.line && L->calls && L->frames[0].site.line) {   /* in an inlined call: at the kernel's call, its own line a note */
        char mark[2 * LDS_MAX_PATH + 160];
        lds_loc site = L->frames[0].site;
        const char *in = cl_fmt(L, "in '%s', inlined", L->frames[L->calls - 1].f->name);
        lds_line_mark m = { .at = { site.line, site.col, NULL, 0 }, .note = { loc.line, loc.col, NULL, 0 },
                            .note_text = in, .note_len = strlen(in) };
        if (site.src && L->file && site.src != L->file)
            m.at.file = site.src->name, m.at.file_len = strlen(site.src->name);
        if (loc.src && L->file && loc.src != L->file)
            m.note.file = loc.src->name, m.note.file_len = strlen(loc.src->name);
        lds_line_mark_format(mark, sizeof mark, &m);
        lds_buf_printf(&L->out, "%s\n", mark);
    } else if (loc.line && loc.src && L->file && loc.src != L->file) {   /* a header's line: named */
        char mark[LDS_MAX_PATH + 64];
        lds_line_mark m = { .at = { loc.line, loc.col, loc.src->name, strlen(loc.src->name) } };
        lds_line_mark_format(mark, sizeof mark, &m);
        lds_buf_printf(&L->out, "%s\n", mark);
    } else if (loc.line) {
        lds_buf_printf(&L->out, "#line %u:%u\n", loc.line, loc.col);
    }
    for (unsigned i = 0; i < L->indent; i++)
        lds_buf_printf(&L->out, "    ");
    va_list ap;
    va_start(ap, f);
    lds_buf_vprintf(&L->out, f, ap);
    va_end(ap);
    lds_buf_putc(&L->out, '\n');
}

/* Forget what was written since mark (a block that holds no access). */
void cl_drop_since(lower *L, size_t mark)
{
    if (L->out.s && mark <= L->out.len) {
        L->out.len = mark;
        L->out.s[mark] = '\0';
    }
}

const char *cl_missing(lower *L, const val *v, const char *what, unsigned accesses)
{
    if (!v || !v->missing)
        return NULL;
    cl_missing_values *m = L->missing;
    size_t i = 0;
    while (m && i < m->n && strcmp(m->v[i].name, v->missing))
        i++;
    if (m && i == m->n) {
        m->v = lds_xgrow(m->v, m->n, &m->cap, sizeof *m->v, 8);
        m->v[m->n++] = (cl_missing_value){ v->missing, what, v->missing_loc, 0 };
    }
    if (m)
        m->v[i].accesses += accesses;
    return cl_fmt(L, "it needs '%s' for %s, which no -D gives (give its value with -D %s=VALUE)", v->missing, what,
                  v->missing);
}

void cl_warn_missing(const csrc_lower_options *o, const cl_missing_values *m)
{
    if (!o->warn || !m->n)
        return;
    lds_buf b = { 0 };
    for (size_t i = 0; i < m->n; i++)
        lds_buf_printf(&b, "%s-D %s=VALUE (%s at %u:%u; %u access%s not modelled)", i ? ", " : "", m->v[i].name,
                       m->v[i].what, m->v[i].at.line, m->v[i].at.col, m->v[i].accesses,
                       m->v[i].accesses == 1 ? "" : "es");
    lds_diag w = { 0 };
    lds_diag_set(&w, m->v[0].at, "the file needs %zu value%s no -D gives, and its other accesses are reported: %s",
                 m->n, m->n == 1 ? "" : "s", lds_buf_str(&b));
    w.warning = 1;
    o->warn(o->warn_ctx, &w);
    lds_buf_free(&b);
}

/* A name -D must give: an error where it reaches an index. */
int cl_need(lower *L, const val *v, const char *what)
{
    if (!v || !v->missing)
        return 0;
    lds_diag_set(L->diag, v->missing_loc, "'%s' is used in %s: give its value with -D %s=VALUE", v->missing, what,
                 v->missing);
    return -1;
}

/* The guard text with c added (c NULL: unchanged). */
const char *cl_and_guard(lower *L, const char *g, const char *c)
{
    if (!c)
        return g;
    return g ? cl_fmt(L, "%s && %s", g, c) : c;
}

/* ----------------------------------------------------------- integers */

bool cl_is_int(const val *v) { return v->kind == V_INT; }

vclass cl_max_cls(vclass a, vclass b) { return a > b ? a : b; }

val *cl_data_of(lower *L, const val *a, const val *b, lds_loc loc)
{
    if (a && a->kind == V_DATA)
        return (val *)a;
    if (b && b->kind == V_DATA)
        return (val *)b;
    return cl_v_data(L, "a value lds-calc does not follow", loc);
}

bool cl_fold(const char *op, int64_t a, int64_t b, int64_t *r)
{
    if (!strcmp(op, "+"))
        return !__builtin_add_overflow(a, b, r);
    if (!strcmp(op, "-"))
        return !__builtin_sub_overflow(a, b, r);
    if (!strcmp(op, "*"))
        return !__builtin_mul_overflow(a, b, r);
    if (!strcmp(op, "/") || !strcmp(op, "%")) {
        if (b == 0 || (a == INT64_MIN && b == -1))
            return false;
        *r = !strcmp(op, "/") ? a / b : a % b;
        return true;
    }
    if (!strcmp(op, "<<")) {
        if (b < 0 || b > 62 || a < 0 || a > (INT64_MAX >> b))
            return false;
        *r = a << b;
        return true;
    }
    if (!strcmp(op, ">>")) {
        if (b < 0 || b > 63)
            return false;
        *r = a >> b;
        return true;
    }
    *r = !strcmp(op, "&") ? a & b : !strcmp(op, "|") ? a | b : !strcmp(op, "^") ? a ^ b : !strcmp(op, "==") ? a == b
       : !strcmp(op, "!=") ? a != b : !strcmp(op, "<") ? a < b : !strcmp(op, ">") ? a > b : !strcmp(op, "<=") ? a <= b
       : !strcmp(op, ">=") ? a >= b : !strcmp(op, "&&") ? a && b : a || b;
    return true;
}

/* Whether v is not negative at thread 0 (a name lds-calc does not know
 * the value of is taken as >= 0, as -D values and thread ids are). */
static bool nonneg_at_zero(const val *v)
{
    const val *z = v->cls == C_CONST ? v : v->zero;
    return !z || z->cls != C_CONST || z->k >= 0;
}

static bool least_at_zero(const val *v) { return v->mono || v->least; }

/* Whether a op b is least at thread 0 (no thread's value below thread
 * 0's): sums of such values, products of such values not negative there,
 * differences with a value the same for every thread, division and
 * shifts by a constant, and x % N or x & M where x is least at thread 0,
 * not negative, and thread 0's x leaves 0 (threadIdx.x % 32,
 * warp.thread_rank()): every value is >= 0 then. */
static bool least_op(const char *op, const val *a, const val *b)
{
    bool la = least_at_zero(a), lb = least_at_zero(b);
    if (!strcmp(op, "%") || !strcmp(op, "&")) {
        if (!strcmp(op, "&") && a->cls == C_CONST) {   /* 31 & tid */
            const val *t = a;
            a = b;
            b = t;
            la = least_at_zero(a);
        }
        const val *z = a->zero;
        if (!la || !nonneg_at_zero(a) || !z || z->cls != C_CONST || b->cls == C_LANE)
            return false;
        if (b->cls != C_CONST)   /* tid % warpSize: thread 0's 0 leaves 0 whatever the (positive) divisor */
            return z->k == 0;
        return !strcmp(op, "%") ? b->k > 0 && z->k % b->k == 0 : b->k >= 0 && (z->k & b->k) == 0;
    }
    if (!strcmp(op, "+"))
        return la && lb;
    if (!strcmp(op, "-"))
        return la && b->cls != C_LANE;
    if (!strcmp(op, "*"))
        return la && lb && nonneg_at_zero(a) && nonneg_at_zero(b);
    if (!strcmp(op, "/") || !strcmp(op, ">>"))
        return la && b->cls == C_CONST && b->k > 0;
    return !strcmp(op, "<<") && la && b->cls == C_CONST && b->k >= 0;
}

/* v = a op b, a comparison of a value with a constant: the values of the
 * value for which it holds, as one interval (not for !=). */
static void comparison_range(val *v, const char *op, const val *a, const val *b)
{
    static const char *const ops[] = { "==", "<", "<=", ">", ">=" }, *const mirrored[] = { "==", ">", ">=", "<", "<=" };
    if ((a->cls == C_CONST) == (b->cls == C_CONST))
        return;
    int k = -1;
    for (int i = 0; i < 5; i++)
        if (!strcmp(op, ops[i]))
            k = i;
    if (k < 0)
        return;
    if (a->cls == C_CONST) {   /* 3 < x is x > 3 */
        const val *t = a;
        a = b;
        b = t;
        op = mirrored[k];
    }
    int64_t n = b->k, lo = INT64_MIN, hi = INT64_MAX;
    if (!strcmp(op, "=="))
        lo = hi = n;
    else if (!strcmp(op, "<") && n > INT64_MIN)
        hi = n - 1;
    else if (!strcmp(op, "<="))
        hi = n;
    else if (!strcmp(op, ">") && n < INT64_MAX)
        lo = n + 1;
    else if (!strcmp(op, ">="))
        lo = n;
    else
        return;
    v->range_x = a;
    v->range_lo = lo;
    v->range_hi = hi;
}

/* a op b on integers (both V_INT). */
val *cl_int_op(lower *L, const char *op, const val *a, const val *b)
{
    /* a value that is not an integer (data, a pointer) would read as the
     * constant 0 below: the result is data, never a number */
    if (a->kind != V_INT || b->kind != V_INT)
        return cl_data_of(L, a, b, (lds_loc){ 0 });
    int64_t r;
    if (a->cls == C_CONST && b->cls == C_CONST && cl_fold(op, a->k, b->k, &r))
        return cl_v_const(L, r);
    /* x + 0, x * 1 and the like keep the text short */
    if ((!strcmp(op, "+") || !strcmp(op, "|") || !strcmp(op, "^")) && b->cls == C_CONST && b->k == 0)
        return (val *)a;
    if ((!strcmp(op, "+") || !strcmp(op, "|") || !strcmp(op, "^")) && a->cls == C_CONST && a->k == 0)
        return (val *)b;
    if ((!strcmp(op, "-") || !strcmp(op, "<<") || !strcmp(op, ">>")) && b->cls == C_CONST && b->k == 0)
        return (val *)a;
    if ((!strcmp(op, "*") || !strcmp(op, "/")) && b->cls == C_CONST && b->k == 1)
        return (val *)a;
    if (!strcmp(op, "*") && a->cls == C_CONST && a->k == 1)
        return (val *)b;
    if (!strcmp(op, "*") && ((a->cls == C_CONST && a->k == 0) || (b->cls == C_CONST && b->k == 0)))
        return cl_v_const(L, 0);
    val *v = cl_new_val(L, V_INT);
    v->cls = cl_max_cls(a->cls, b->cls);
    int prec = cl_binding_power(op);
    const char *ta = cl_operand(L, a, prec, false), *tb = cl_operand(L, b, prec, true);
    v->text = cl_fmt(L, "%s %s %s", ta, op, tb);
    v->prec = (unsigned char)prec;
    unsigned na, ha, nb, hb;
    cl_text_shape(a, &na, &ha);
    cl_text_shape(b, &nb, &hb);
    if (!(v = fits_or_data(L, v, cl_max_u(na + (ta != a->text), nb + (tb != b->text)), cl_max_u(ha, hb) + 1))->text)
        return v;
    cl_inherit_missing(v, a, b);
    comparison_range(v, op, a, b);
    /* monotone in the thread ids: sums, products of what is not negative,
     * division and shifts by a constant */
    bool both = a->mono && b->mono;
    v->mono = (!strcmp(op, "+") && both) || (!strcmp(op, "*") && both && nonneg_at_zero(a) && nonneg_at_zero(b))
              || ((!strcmp(op, "/") || !strcmp(op, ">>")) && a->mono && b->cls == C_CONST && b->k > 0)
              || (!strcmp(op, "<<") && a->mono && b->cls == C_CONST && b->k >= 0)
              || (!strcmp(op, "-") && a->mono && b->cls != C_LANE);
    v->least = !v->mono && v->cls == C_LANE && least_op(op, a, b);
    if ((v->mono || v->least) && (a->zero || b->zero))   /* a thread id in it: its value at thread 0 */
        v->zero = cl_int_op(L, op, a->zero ? a->zero : a, b->zero ? b->zero : b);
    /* and at the last thread, where each thread id in it has one */
    if (v->mono && (a->top || b->top) && (a->cls != C_LANE || a->top) && (b->cls != C_LANE || b->top))
        v->top = cl_int_op(L, op, a->top ? a->top : a, b->top ? b->top : b);
    /* x + u, x - u, u + x with u the same for every thread: v = base + off */
    bool plus = !strcmp(op, "+"), minus = !strcmp(op, "-");
    if ((plus || minus) && b->cls != C_LANE) {
        v->base = a->base ? a->base : a;
        v->off = a->off ? cl_int_op(L, op, a->off, b) : plus ? b : cl_int_unary(L, "-", b);
    } else if (plus && a->cls != C_LANE) {
        v->base = b->base ? b->base : b;
        v->off = b->off ? cl_int_op(L, "+", a, b->off) : a;
    }
    return v;
}

/* a - b where it is the same for every thread though a and b are not
 * (a = x + 9, b = x + 1: 8), else NULL. */
val *cl_uniform_difference(lower *L, const val *a, const val *b)
{
    if (a->kind != V_INT || b->kind != V_INT)
        return NULL;
    const val *ba = a->base ? a->base : a, *bb = b->base ? b->base : b;
    if (!ba->text || !bb->text || strcmp(ba->text, bb->text))
        return NULL;   /* one lds expression is one value where both are read */
    val *r = cl_int_op(L, "-", a->off ? a->off : cl_v_const(L, 0), b->off ? b->off : cl_v_const(L, 0));
    return r->kind == V_INT && r->cls != C_LANE ? r : NULL;
}

val *cl_int_unary(lower *L, const char *op, const val *a)
{
    if (a->kind != V_INT)
        return cl_data_of(L, a, NULL, (lds_loc){ 0 });
    if (a->cls == C_CONST) {
        if (!strcmp(op, "-") && a->k != INT64_MIN)
            return cl_v_const(L, -a->k);
        if (!strcmp(op, "!"))
            return cl_v_const(L, !a->k);
        if (!strcmp(op, "~"))
            return cl_v_const(L, ~a->k);
        if (!strcmp(op, "+"))
            return (val *)a;
    }
    if (!strcmp(op, "+"))
        return (val *)a;
    val *v = cl_new_val(L, V_INT);
    v->cls = a->cls;
    v->text = cl_fmt(L, "%s%s", op, cl_paren(L, a));
    v->prec = PREC_UNARY;
    unsigned na, ha;
    cl_text_shape(a, &na, &ha);
    if (!(v = fits_or_data(L, v, na + 1 + !a->atom, ha + 1))->text)
        return v;
    cl_inherit_missing(v, a, NULL);
    return v;
}

val *cl_int_cond(lower *L, const val *c, const val *a, const val *b)
{
    if (c->kind != V_INT || a->kind != V_INT || b->kind != V_INT)
        return cl_data_of(L, c->kind != V_INT ? c : a, c->kind != V_INT ? a : b, (lds_loc){ 0 });
    if (c->cls == C_CONST)
        return (val *)(c->k ? a : b);
    if (!strcmp(a->text, b->text))
        return (val *)a;
    val *v = cl_new_val(L, V_INT);
    v->cls = cl_max_cls(c->cls, cl_max_cls(a->cls, b->cls));
    v->text = cl_fmt(L, "%s ? %s : %s", cl_paren(L, c), cl_paren(L, a), cl_paren(L, b));
    unsigned nc, hc, na, ha, nb, hb;
    cl_text_shape(c, &nc, &hc);
    cl_text_shape(a, &na, &ha);
    cl_text_shape(b, &nb, &hb);   /* the arms are operands of their own (pr_parse_expr) */
    if (!(v = fits_or_data(L, v, cl_max_u(nc + !c->atom, cl_max_u(na + !a->atom, nb + !b->atom) + 1),
                           cl_max_u(hc, cl_max_u(ha, hb)) + 1))->text)
        return v;
    cl_inherit_missing(v, c, a);
    cl_inherit_missing(v, v, b);
    return v;
}
