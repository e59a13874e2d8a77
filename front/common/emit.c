/* front/common/emit.c - the items as lds text (front/common/flow.h).
 *
 * Each item is placed at its instruction by the reader's '#line L:C'
 * mark (and a comment naming the source line its line table gives, with
 * the places it was inlined at).  Its condition splits in two: the
 * literals every way to it shares that are the same for every thread and
 * workgroup become an 'if' block (consecutive items under one condition share it), the
 * rest the access's per-lane 'if'.  A loop's own per-lane condition
 * guards every access inside it.  Under a loop lds-calc does not follow,
 * or one whose trip count needs a -D name not given, every access is a
 * skipped record saying so. */
#include "front/common/flow.h"
#include "base/limits.h"

#include <stdio.h>

static void indent_by(lds_buf *out, unsigned indent)
{
    for (unsigned i = 0; i < indent; i++)
        lds_buf_puts(out, "    ");
}

static void mark(fw_walk *w, int at, lds_buf *out, unsigned indent)
{
    if (at >= 0)
        w->rd->mark(w, (unsigned)at, out, indent);
}

/* A condition's parts: what is the same for all threads (an 'if'), and
 * the per-lane rest (a guard), each NULL when there is none. */
static void split(fw_walk *w, pcond c, pv **uniform, pv **lane)
{
    pv_ctx *pc = w->pc;
    pcond com, rest;
    pc_factor(pc, c, &com, &rest);
    pv *u = pv_const(pc, 1), *g = pv_const(pc, 1);
    for (unsigned i = 0; com.nterms && i < com.terms[0].n; i++) {
        const pc_lit *l = &com.terms[0].lits[i];
        pv *v = l->neg ? pv_not(pc, l->v) : l->v;
        if (v->deps & (DEP_LANE | DEP_GROUP | DEP_DATA))
            g = pv_bin(pc, PV_LAND, g, v);
        else
            u = pv_bin(pc, PV_LAND, u, v);
    }
    g = pv_bin(pc, PV_LAND, g, pc_value(pc, rest));
    *uniform = pv_is_const(u, 1) ? NULL : u;
    *lane = pv_is_const(g, 1) ? NULL : g;
}

typedef struct {
    fw_walk *w;
    lds_buf *out;
    pv *open_if;                  /* the 'if' block open at this level, or NULL */
    unsigned indent;
} level;

static void close_if(level *L)
{
    if (!L->open_if)
        return;
    L->indent--;
    indent_by(L->out, L->indent);
    lds_buf_puts(L->out, "}\n");
    L->open_if = NULL;
}

static void open_if(level *L, pv *u)
{
    if (L->open_if == u)
        return;
    close_if(L);
    if (!u)
        return;
    indent_by(L->out, L->indent);
    lds_buf_printf(L->out, "if %s {\n", pv_text(L->w->pc, u));
    L->open_if = u;
    L->indent++;
}

static void skipped(level *L, const fw_item *it, const char *why, unsigned line, unsigned col)
{
    mark(L->w, it->at, L->out, L->indent);
    indent_by(L->out, L->indent);
    lds_buf_printf(L->out, "skipped %s%s", it->kind_word, it->skip_global ? " global" : "");
    if (it->skip_bytes && it->skip_bytes <= LDS_MAX_SKIPPED_BITS / 8)
        lds_buf_printf(L->out, " b%u", it->skip_bytes * 8);
    lds_buf_printf(L->out, " %s: %s", it->name, why);
    if (line)
        lds_buf_printf(L->out, " at %u:%u", line, col);
    lds_buf_putc(L->out, '\n');
}

static void emit_list(fw_walk *w, const fw_item *items, lds_buf *out, unsigned indent, pv *inherited,
                      const fw_item *skip_all);

/* Every access under a loop item that cannot run them, skipped. */
static void skip_all_in(level *L, const fw_item *items, const fw_item *why)
{
    for (const fw_item *it = items; it; it = it->next) {
        if (pc_is_false(it->cond))
            continue;
        if (it->kind == IT_LOOP)
            skip_all_in(L, it->body, why);
        else
            skipped(L, it, why->loop_why ? why->loop_why : why->why, why->loop_line, why->loop_col);
    }
}

static void emit_item(level *L, const fw_item *it, pv *inherited)
{
    fw_walk *w = L->w;
    unsigned line, col;
    const char *why = fw_why_not(w, it->cond, NULL, NULL, &line, &col);
    if (why && it->kind != IT_SKIP) {
        close_if(L);
        fw_item reason = { .loop_why = why, .loop_line = line, .loop_col = col };
        if (it->kind == IT_LOOP)
            skip_all_in(L, it->body, &reason);
        else
            skipped(L, it, why, line, col);
        return;
    }
    pv *u, *g;
    split(w, it->cond, &u, &g);
    if (inherited)
        g = g ? pv_bin(w->pc, PV_LAND, inherited, g) : inherited;
    if (it->kind == IT_LOOP && it->loop_why) {
        close_if(L);
        skip_all_in(L, it->body, it);
        return;
    }
    if (it->kind == IT_SKIP) {   /* runs nothing: no 'if' around it (its condition may need a -D not given) */
        close_if(L);
        skipped(L, it, it->why, it->why_line, it->why_col);
        return;
    }
    open_if(L, u);
    if (it->kind == IT_ACCESS) {
        mark(w, it->at, L->out, L->indent);
        indent_by(L->out, L->indent);
        lds_buf_puts(L->out, it->text);
        if (g)
            lds_buf_printf(L->out, " if %s", pv_text(w->pc, g));
        lds_buf_putc(L->out, '\n');
    } else {
        mark(w, it->at, L->out, L->indent);
        indent_by(L->out, L->indent);
        lds_buf_printf(L->out, "%s {\n", it->head);
        emit_list(w, it->body, L->out, L->indent + 1, g, NULL);
        indent_by(L->out, L->indent);
        lds_buf_puts(L->out, "}\n");
    }
}

static void emit_list(fw_walk *w, const fw_item *items, lds_buf *out, unsigned indent, pv *inherited,
                      const fw_item *skip_all)
{
    level L = { .w = w, .out = out, .indent = indent };
    if (skip_all) {
        skip_all_in(&L, items, skip_all);
        return;
    }
    for (const fw_item *it = items; it; it = it->next)
        if (!pc_is_false(it->cond))
            emit_item(&L, it, inherited);
    close_if(&L);
}

void fw_emit(fw_walk *w, const fw_item *items, lds_buf *out) { emit_list(w, items, out, 0, NULL, NULL); }
