/* src/run.c - runs parsed programs, once per point of the -D sweeps. */
#include "src/run.h"

#include <stdlib.h>
#include <string.h>

#include "src/parser.h"

/* Most runs one sweep may ask for. */
#define MAX_SWEEP_RUNS 1000000

void lds_options_init(lds_options *o)
{
    memset(o, 0, sizeof *o);
    o->prog = "lds-calc";
    o->format = FMT_TEXT;
    o->show = -1;
    o->max_steps = 100000000;
    o->max_bits = LDS_DEFAULT_MAX_BITS;
}

void lds_options_free(lds_options *o)
{
    for (unsigned i = 0; i < o->ndefines; i++) {
        free(o->defines[i].name);
        mpz_clears(o->defines[i].lo, o->defines[i].hi, NULL);
    }
    free(o->defines);
    o->defines = NULL;
    o->ndefines = 0;
}

/* Evaluate the text of a -D value, a constant expression. */
static int eval_constant(const lds_options *o, const char *text, size_t len, const char *what, mpz_t out)
{
    lds_source src = { (char *)what, (char *)text, len };
    lds_diag diag = { 0 };
    lds_arena *arena = lds_arena_new();
    lds_expr *e = NULL;
    lds_scope sc;
    lds_env env;
    lds_eval ev;
    int rc = -1;
    memset(&env, 0, sizeof env);
    lds_scope_init(&sc);
    lds_eval_init(&ev, &env, &diag);
    if (lds_parse_expression(&src, arena, &e, &diag) == 0 && lds_resolve(&sc, e, NULL, NULL, &diag) == 0) {
        if (e->deps)
            lds_diag_set(&diag, e->loc, "a -D value must be a constant");
        else
            rc = lds_eval_mpz(&ev, e, out);
    }
    if (diag.set)
        lds_diag_print(stderr, o->prog, &diag, o->color);
    lds_eval_free(&ev);
    lds_scope_free(&sc);
    lds_arena_free(arena);
    return diag.set ? -1 : rc;
}

int lds_options_add_define(lds_options *o, const char *arg)
{
    const char *eq = strchr(arg, '=');
    size_t nlen = eq ? (size_t)(eq - arg) : 0;
    if (!eq || nlen == 0) {
        fprintf(stderr, "%s: -D wants NAME=VALUE or NAME=LO..HI, not '%s'\n", o->prog, arg);
        return -1;
    }
    for (size_t i = 0; i < nlen; i++) {
        char c = arg[i];
        int letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        if (!letter && (i == 0 || !((c >= '0' && c <= '9') || c == '.'))) {
            fprintf(stderr, "%s: -D: '%.*s' is not a name\n", o->prog, (int)nlen, arg);
            return -1;
        }
    }
    lds_define *d;
    o->defines = realloc(o->defines, sizeof *o->defines * (o->ndefines + 1));
    if (!o->defines)
        return -1;
    d = &o->defines[o->ndefines];
    d->name = strndup(arg, nlen);
    mpz_inits(d->lo, d->hi, NULL);
    o->ndefines++;
    const char *val = eq + 1, *dots = strstr(val, "..");
    if (dots) {
        if (eval_constant(o, val, (size_t)(dots - val), "<-D start>", d->lo) < 0
            || eval_constant(o, dots + 2, strlen(dots + 2), "<-D end>", d->hi) < 0)
            return -1;
    } else {
        if (eval_constant(o, val, strlen(val), "<-D value>", d->lo) < 0)
            return -1;
        mpz_add_ui(d->hi, d->lo, 1);
    }
    return 0;
}

int lds_run_setup(lds_interp *in, const lds_options *o, const lds_define_value *values)
{
    in->max_steps = o->max_steps;
    in->ev.max_bits = o->max_bits;
    in->ev.force_big = o->force_big;
    if (o->show >= 0)
        in->show = (lds_show)o->show;
    in->explain_all = o->explain;
    if (o->format != FMT_TEXT)
        in->print_out = stderr;   /* keep stdout machine-readable */
    if (o->arch && lds_interp_set_arch(in, o->arch) < 0) {
        fprintf(stderr, "%s: unknown profile '%s' (lds-calc --arch-info lists them)\n", o->prog, o->arch);
        return -1;
    }
    for (unsigned i = 0; i < o->ndefines; i++) {
        if (!values) {   /* no sweep point (the REPL): a sweep's first value */
            lds_interp_define(in, o->defines[i].name, o->defines[i].lo);
            continue;
        }
        mpz_t v;
        mpz_init_set_str(v, values[i].value, 10);
        lds_interp_define(in, o->defines[i].name, v);
        mpz_clear(v);
    }
    return 0;
}

int lds_run_status(const lds_interp *in, const lds_options *o)
{
    int status = in->expect_failed ? LDS_EXIT_CHECK : LDS_EXIT_OK;
    for (size_t i = 0; i < in->nrecords; i++) {
        uint64_t ways = in->records[i]->m.ways;
        if ((o->fail_on_conflict && ways > 1) || (o->max_ways && ways > o->max_ways))
            status = LDS_EXIT_CHECK;
    }
    return status;
}

/* One run at the sweep point `values`. */
static int run_once(const lds_options *o, lds_program *const *progs, unsigned nprogs,
                    lds_reporter *rep, const lds_define_value *values)
{
    lds_diag diag = { 0 };
    lds_interp in;
    int status;
    lds_interp_init(&in, &diag);
    lds_reporter_attach(rep, &in);
    if (lds_run_setup(&in, o, values) < 0) {
        lds_interp_free(&in);
        return LDS_EXIT_USAGE;
    }
    status = LDS_EXIT_OK;
    for (unsigned i = 0; i < nprogs; i++)
        if (lds_interp_run(&in, progs[i]->first) < 0) {
            status = LDS_EXIT_EVAL;
            break;
        }
    fflush(in.print_out);
    lds_reporter_finish(rep, &in);
    if (status == LDS_EXIT_EVAL && !rep->quiet)
        lds_diag_print(stderr, o->prog, &diag, o->color);
    if (status == LDS_EXIT_OK)
        status = lds_run_status(&in, o);
    lds_interp_free(&in);
    return status;
}

int lds_run_programs(const lds_options *o, lds_program *const *progs, unsigned nprogs)
{
    lds_reporter rep;
    unsigned n = o->ndefines;
    lds_define_value *values = calloc(n ? n : 1, sizeof *values);
    mpz_t *cur = calloc(n ? n : 1, sizeof *cur);
    mpz_t runs, span;
    int worst = LDS_EXIT_OK, sweeping = 0;
    lds_reporter_init(&rep, o->format, stdout);
    rep.output_dir = o->output_dir;
    rep.programs.progs = progs;
    rep.programs.n = nprogs;
    rep.quiet = o->quiet;
    rep.color = o->color;
    rep.prog = o->prog;
    mpz_init_set_ui(runs, 1);
    mpz_init(span);
    for (unsigned i = 0; i < n; i++) {
        values[i].name = o->defines[i].name;
        mpz_init_set(cur[i], o->defines[i].lo);
        mpz_sub(span, o->defines[i].hi, o->defines[i].lo);
        if (mpz_sgn(span) <= 0) {
            fprintf(stderr, "%s: -D %s: the range is empty\n", o->prog, o->defines[i].name);
            worst = LDS_EXIT_USAGE;
        }
        mpz_mul(runs, runs, span);
        sweeping |= mpz_cmp_ui(span, 1) > 0;
    }
    /* a sweep labels every row with the -D values of its run */
    rep.defines = values;
    rep.ndefines = sweeping ? n : 0;
    if (worst == LDS_EXIT_OK && mpz_cmp_ui(runs, MAX_SWEEP_RUNS) > 0) {
        fprintf(stderr, "%s: the -D sweeps ask for more than %d runs\n", o->prog, MAX_SWEEP_RUNS);
        worst = LDS_EXIT_USAGE;
    }
    while (worst != LDS_EXIT_USAGE) {
        for (unsigned i = 0; i < n; i++)
            gmp_snprintf(values[i].value, sizeof values[i].value, "%Zd", cur[i]);
        int st = run_once(o, progs, nprogs, &rep, values);
        if (st > worst)
            worst = st;
        /* next point of the cross product, last -D fastest */
        unsigned k = n;
        while (k > 0) {
            k--;
            mpz_add_ui(cur[k], cur[k], 1);
            if (mpz_cmp(cur[k], o->defines[k].hi) < 0)
                break;
            mpz_set(cur[k], o->defines[k].lo);
            if (k == 0) {
                k = n + 1;
                break;
            }
        }
        if (n == 0 || k == n + 1)
            break;
    }
    if (rep.io_error && worst < LDS_EXIT_USAGE)
        worst = LDS_EXIT_USAGE;
    for (unsigned i = 0; i < n; i++)
        mpz_clear(cur[i]);
    mpz_clears(runs, span, NULL);
    free(cur);
    free(values);
    return worst;
}
