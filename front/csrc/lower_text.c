/* front/csrc/lower_text.c - the lds text the lowering writes (front/csrc/lower_impl.h):
 * operands parenthesised only where lds's precedence needs it, and the
 * shape of a text as the lds parser will see it (its nesting and its
 * tree's height, lds(5)'s limits), so that what lds would refuse is said
 * at the access, not met as an error that stops the program. */
#include <ctype.h>

#include "front/csrc/lower_impl.h"

unsigned cl_max_u(unsigned a, unsigned b) { return a > b ? a : b; }

/* lds's binding power of binary operator op (src/parser.c binary_op,
 * C's table), 0 for any other text. */
int cl_binding_power(const char *op)
{
    static const struct { const char *op; int prec; } table[] = {
        { "||", 1 }, { "&&", 2 }, { "|", 3 }, { "^", 4 }, { "&", 5 }, { "==", 6 }, { "!=", 6 }, { "<", 7 },
        { "<=", 7 }, { ">", 7 }, { ">=", 7 }, { "<<", 8 }, { ">>", 8 }, { "+", 9 }, { "-", 9 }, { "*", 10 },
        { "/", 10 }, { "%", 10 },
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(op, table[i].op))
            return table[i].prec;
    return 0;
}

/* v as an operand of an operator of binding power prec: in parentheses
 * unless it binds tighter (or, on the left, as tight: every lds operator
 * is left-associative), so that a chain of n operators nests no deeper
 * than one (lds refuses more than LDS_MAX_DEPTH levels of parentheses). */
const char *cl_operand(lower *L, const val *v, int prec, bool right)
{
    if (v->atom || v->prec > prec || (v->prec == prec && prec > 0 && !right))
        return v->text;
    return cl_fmt(L, "(%s)", v->text);
}

/* A small precedence parser over an lds expression's text, as the lowering
 * writes it (names, numbers, calls, unary and binary operators, ?:, in
 * parentheses): the height of its tree and its deepest nesting, counted as
 * src/parser.c counts them (pr_check_height, pr_enter).  It stops where
 * the nesting passes LDS_MAX_DEPTH, so its own recursion stays bounded. */
typedef struct {
    const char *p;
    unsigned nest, deepest;
    bool stop;                    /* nested too deep: the answer is known */
} text_shape;

static unsigned shape_expr(text_shape *t);

static void shape_space(text_shape *t)
{
    while (*t->p == ' ')
        t->p++;
}

static bool shape_enter(text_shape *t)
{
    if (++t->nest > t->deepest)
        t->deepest = t->nest;
    t->stop |= t->nest > LDS_MAX_DEPTH;
    return !t->stop;
}


static unsigned shape_unary(text_shape *t)
{
    shape_space(t);
    char c = *t->p;
    if (c == '-' || c == '+' || c == '!' || c == '~') {
        t->p++;
        unsigned h = shape_enter(t) ? shape_unary(t) : 0;
        t->nest--;
        return c == '+' ? h : h + 1;   /* a unary '+' makes no node */
    }
    if (c == '(') {
        t->p++;
        unsigned h = shape_expr(t);
        shape_space(t);
        t->p += *t->p == ')';
        return h;
    }
    const char *from = t->p;
    while (isalnum((unsigned char)*t->p) || *t->p == '_' || *t->p == '.')
        t->p++;
    if (t->p == from && *t->p)
        t->p++;   /* not written by the lowering: stepped over */
    shape_space(t);
    if (*t->p != '(')
        return 1;
    unsigned h = 0;   /* a call: each argument an expression of its own */
    do {
        t->p++;
        h = cl_max_u(h, shape_expr(t));
        shape_space(t);
    } while (*t->p == ',' && !t->stop);
    t->p += *t->p == ')';
    return h + 1;
}

/* The binary operator at t->p: its binding power (0: none) and length. */
static int shape_operator(text_shape *t, size_t *len)
{
    shape_space(t);
    char two[3] = { t->p[0], t->p[0] ? t->p[1] : 0, 0 }, one[2] = { t->p[0], 0 };
    int prec = cl_binding_power(two);
    *len = 2;
    if (!prec) {
        prec = cl_binding_power(one);
        *len = 1;
    }
    return prec;
}

static unsigned shape_binary(text_shape *t, int min)
{
    unsigned h = shape_unary(t);
    for (;;) {
        size_t len;
        int prec = t->stop ? 0 : shape_operator(t, &len);
        if (!prec || prec < min)
            return h;
        t->p += len;
        h = cl_max_u(h, shape_binary(t, prec + 1)) + 1;
    }
}

static unsigned shape_expr(text_shape *t)
{
    unsigned h = shape_enter(t) ? shape_binary(t, 1) : 0;
    shape_space(t);
    if (*t->p == '?' && !t->stop) {
        t->p++;
        unsigned a = shape_expr(t);
        shape_space(t);
        t->p += *t->p == ':';
        h = cl_max_u(cl_max_u(h, a), shape_expr(t)) + 1;
    }
    t->nest--;
    return h;
}

/* v's text's nesting and height, worked out once. */
void cl_text_shape(const val *v, unsigned *nest, unsigned *height)
{
    val *w = (val *)v;   /* a cache: the text does not change */
    if (!w->height) {
        text_shape t = { .p = v->text };
        unsigned h = shape_expr(&t);
        w->height = (unsigned short)(h > 0xffff ? 0xffff : h);
        w->nest = (unsigned short)(t.deepest > 0xffff ? 0xffff : t.deepest);
    }
    *nest = w->nest;
    *height = w->height;
}

const char *cl_too_deep(lower *L, const char *text, unsigned blocks)
{
    text_shape t = { .p = text, .nest = blocks };
    unsigned h = shape_expr(&t);
    if (t.deepest > LDS_MAX_DEPTH)
        return cl_fmt(L, "lds reads at most %d levels of parentheses, unary operators and blocks", LDS_MAX_DEPTH);
    if (h > LDS_MAX_HEIGHT)
        return cl_fmt(L, "lds reads an expression at most %d levels deep", LDS_MAX_HEIGHT);
    return NULL;
}

const char *cl_where(lower *L, lds_loc loc) { return cl_fmt(L, "%u:%u", loc.line, loc.col); }

const char *cl_unreadable(lower *L, const char *target, const char *guard)
{
    unsigned blocks = L->loops + L->blocks;
    const char *why = guard ? cl_too_deep(L, guard, blocks) : NULL;
    if (why)
        return cl_fmt(L, "its condition is too deep to follow: %s", why);
    for (const char *p = target; *p; p++) {
        if (*p != '[' && *p != '@')
            continue;
        size_t len = 0;   /* an index, up to its matching ']'; an address, to the end */
        if (*p == '@')
            len = strlen(p + 1);
        else
            for (int depth = 1; p[1 + len] && (depth += (p[1 + len] == '[') - (p[1 + len] == ']')) > 0; len++)
                ;
        if ((why = cl_too_deep(L, lds_arena_strndup(L->arena, p + 1, len), blocks)) != NULL)
            return cl_fmt(L, "its %s is too deep to follow: %s", *p == '@' ? "address" : "index", why);
        p += len;
    }
    return NULL;
}

