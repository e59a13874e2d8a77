/* src/session.c - a run: its scope, its interpreter, its results.
 *
 * Memory: symbols declared at the top level live in the session's arena;
 * those of blocks live in a scratch arena emptied after each top-level
 * statement.  A program the session parsed itself (REPL input) is freed
 * after it runs, unless a top-level let or def still refers to its tree;
 * records copy what they need, so no report depends on a program. */
#include "src/session.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "src/interp.h"
#include "base/mem.h"
#include "src/parse_ctx.h"
#include "src/parser.h"
#include "src/resolve.h"
#include "src/suggest.h"

typedef struct {
    lds_program prog;
    lds_source src;
} kept_input;

struct lds_session {
    lds_session_config cfg;
    lds_session_hooks hooks;
    lds_diag diag;
    lds_arena *persist;
    lds_arena *scratch;               /* a statement's block-local names:
                                         emptied after each statement */
    lds_scope scope;
    unsigned programs;        /* programs (and kernel statements) run so far:
                                 which one declared a name */
    lds_results results;
    lds_interp in;
    kept_input *kept;                 /* inputs whose trees names refer to */
    size_t nkept, capkept;
    kept_input last;                  /* the last input, while its error may be read */
    bool have_last;
    bool draws;                       /* the program running has a show layout,
                                         which draws the last access's lanes */
    lds_ran_text *ran;                /* every text run, for suggest to replay */
    size_t nran, capran;
    bool stopped;                     /* a candidate's run reached its stop */
    lds_sym **define_syms;            /* the -D constants in the scope */
    lds_parse_ctx *parse;             /* what the parser knows of the texts run */
    lds_fixes_said said;              /* --explain's fixes printed so far */
};

/* The configuration's -D values, --at points and profile name, copied
 * into the session's arena: the caller may free its own as soon as the
 * session is open (a suggest search opens sessions of its own from this
 * configuration long after: a C API result rendered as SARIF after its
 * session was closed), and they die with the session. */
static void copy_config_lists(lds_session *s)
{
    unsigned n = s->cfg.ndefines;
    lds_define_value *defines = lds_arena_alloc(s->persist, (n ? n : 1) * sizeof *defines);
    for (unsigned i = 0; i < n; i++) {
        const char *name = s->cfg.defines[i].name;
        defines[i].name = lds_arena_strndup(s->persist, name, strlen(name));
        mpz_ptr v = lds_arena_mpz(s->persist);
        mpz_set(v, s->cfg.defines[i].value);
        defines[i].value = v;
    }
    s->cfg.defines = defines;
    lds_at *at = lds_arena_alloc(s->persist, (s->cfg.nat ? s->cfg.nat : 1) * sizeof *at);
    for (unsigned i = 0; i < s->cfg.nat; i++) {
        at[i].name = lds_arena_strndup(s->persist, s->cfg.at[i].name, strlen(s->cfg.at[i].name));
        at[i].value = s->cfg.at[i].value;
    }
    s->cfg.at = at;
    if (s->cfg.arch)
        s->cfg.arch = lds_arena_strndup(s->persist, s->cfg.arch, strlen(s->cfg.arch));
}

/* What a search for `array` up to statement st needs of the session. */
static lds_suggest_request request_of(lds_session *s, const char *array, const lds_stmt *st)
{
    lds_suggest_request q = { .cfg = &s->cfg, .texts = s->ran, .ntexts = s->nran, .array = array, .loc = st->loc,
                              .print_out = s->cfg.text_report ? s->in.print_out : NULL, .results = &s->results };
    return q;
}

static int session_suggest(void *ctx, const lds_sym *array, const lds_stmt *st)
{
    lds_session *s = ctx;
    if (array->array.global) {   /* what suggest ranks is bank conflicts */
        lds_diag_set(&s->diag, st->loc,
                     "suggest %s: '%s' is in global memory, which has no banks; suggest searches the layouts of "
                     "shared-memory arrays",
                     array->name, array->name);
        return -1;
    }
    lds_suggest_request q = request_of(s, array->name, st);
    return lds_suggest_statement(&q, &s->diag);
}

/* The text access record i came from. */
static size_t text_of_record(const lds_session *s, size_t i)
{
    size_t k = 0;
    while (k + 1 < s->nran && s->ran[k + 1].first_result <= i)
        k++;
    return k;
}

int lds_session_fixes(lds_session *s, size_t first_access)
{
    struct { const char *array; size_t text; } done[64];
    unsigned ndone = 0;
    lds_ran_text *texts = lds_xcalloc(s->nran ? s->nran : 1, sizeof *texts);
    int rc = LDS_EXIT_OK;
    for (size_t i = first_access; i < s->results.n && ndone < 64 && rc == LDS_EXIT_OK; i++) {
        const lds_access_result *a = s->results.accesses[i];
        size_t k = s->nran ? text_of_record(s, i) : 0;
        bool seen = false;
        for (unsigned j = 0; j < ndone; j++)
            seen |= done[j].array == a->array && done[j].text == k;   /* names interned */
        if (a->failed || a->global || a->m.ways <= 1 || !a->array || seen || !s->nran)
            continue;
        done[ndone].array = a->array;
        done[ndone++].text = k;
        /* A lowered kernel stands alone: its search replays the texts
         * before it but the other kernels, so a second kernel's array of
         * the same name is neither changed nor weighed. */
        size_t n = 0;
        for (size_t j = 0; j < k; j++)
            if (!s->ran[j].src.origin)
                texts[n++] = s->ran[j];
        texts[n++] = s->ran[k];
        lds_suggest_request q = { .cfg = &s->cfg, .texts = texts, .ntexts = n, .array = a->array,
                                  .loc = (lds_loc){ &s->ran[k].src, 0, 0 }, .results = &s->results };
        lds_diag d = { 0 };
        size_t kept = s->results.nsuggestions;
        if (lds_suggest_keep(&q, &d) < 0)
            rc = LDS_EXIT_INTERRUPTED;
        if (s->results.nsuggestions > kept) {   /* it serves that kernel's records */
            lds_suggestion *sg = s->results.suggestions[kept];
            sg->serves_first = s->ran[k].first_result;
            sg->serves_end = k + 1 < s->nran ? s->ran[k + 1].first_result : s->results.n;
        }
    }
    lds_free(texts);
    return rc;
}

/* --explain: the best fix for each array an explained access of
 * statement st conflicted on. */
static int explain_fixes(lds_session *s, const lds_stmt *st)
{
    int rc = 0;
    for (unsigned i = 0; i < s->in.nconflicted && rc == 0; i++) {
        bool seen = false;
        for (unsigned k = 0; k < i; k++)
            seen |= s->in.conflicted[k] == s->in.conflicted[i];
        lds_suggest_request q = request_of(s, s->in.conflicted[i]->name, st);
        q.said = &s->said;
        for (size_t k = s->results.n; k-- > 0 && !q.rec;)   /* its last access: the kernel's terms */
            if (s->results.accesses[k]->array && !strcmp(s->results.accesses[k]->array, q.array))
                q.rec = s->results.accesses[k];
        if (!seen && q.print_out)   /* text reports only */
            rc = lds_suggest_fix(&q, &s->diag);
    }
    s->in.nconflicted = 0;
    return rc;
}

/* What the parser knows in s: the configuration's parse context, cloned
 * at open, or made from its -D values when s first parses a text (a
 * prepared program's runs never do: a candidate's reopen skips it). */
static lds_parse_ctx *parse_ctx(lds_session *s)
{
    if (!s->parse) {
        s->parse = lds_parse_ctx_clone(NULL);
        for (unsigned i = 0; i < s->cfg.ndefines; i++)
            lds_parse_ctx_predefine(s->parse, s->cfg.defines[i].name, s->cfg.defines[i].value);
    }
    return s->parse;
}

/* A session as lds_session_open makes it, in s (zeroed), with its
 * persistent names in arena persist; scope: the last one's lists, to
 * reset rather than make (NULL: made). */
static void session_init(lds_session *s, const lds_session_config *cfg, const lds_session_hooks *hooks,
                         lds_arena *persist, lds_arena *scratch, lds_scope *scope)
{
    s->cfg = *cfg;
    s->persist = persist;
    s->scratch = scratch;
    copy_config_lists(s);
    cfg = &s->cfg;
    if (cfg->parse_from)
        s->parse = lds_parse_ctx_clone(cfg->parse_from);
    s->cfg.parse_from = NULL;   /* not the session's to keep */
    if (hooks)
        s->hooks = *hooks;
    if (scope) {
        s->scope = *scope;
        lds_scope_reset(&s->scope);
    } else {
        lds_scope_init(&s->scope);
    }
    lds_results_init(&s->results);
    lds_interp *in = &s->in;
    lds_interp_init(in, &s->results, &s->diag, scratch);
    if (cfg->max_steps)
        in->max_steps = cfg->max_steps;
    if (cfg->max_ops)
        in->budget.left = in->budget.limit = cfg->max_ops;
    if (cfg->max_bits)
        in->ev.num.max_bits = cfg->max_bits;
    in->ev.num.force_big = cfg->force_big;
    in->no_shortcuts = cfg->no_shortcuts || cfg->keep_every;
    in->jobs = cfg->keep_every ? 1 : cfg->jobs ? cfg->jobs : lds_default_jobs();
    in->keep_every = cfg->keep_every;
    in->at = cfg->at;
    in->nat = cfg->nat;
    in->threads_from = cfg->threads_from ? cfg->threads_from : LDS_THREADS_FROM;
    if (cfg->show >= 0)
        in->show = (lds_show)cfg->show;
    in->explain_all = cfg->explain;
    in->keep_sample = cfg->keep != LDS_KEEP_NONE;
    in->keep_layouts = cfg->keep_layouts;
    in->print_out = cfg->print_out;
    in->warn = s->hooks.warning;
    in->warn_ctx = s->hooks.ctx;
    in->progress_hook = s->hooks.progress;
    if (cfg->candidate) {
        in->only_array = cfg->candidate->array;
        in->explain_all = false;
        in->print_out = NULL;
        in->keep_layouts = false;
    } else {
        in->suggest = session_suggest;
        in->suggest_ctx = s;
    }
    if (cfg->arch) {
        lds_settings_arch(in, cfg->arch);
        in->arch_option = cfg->arch;
    }
    lds_loc none = { NULL, 0, 0 };
    s->define_syms = lds_arena_alloc(s->persist, (cfg->ndefines ? cfg->ndefines : 1) * sizeof *s->define_syms);
    for (unsigned i = 0; i < cfg->ndefines; i++) {
        lds_sym *c = lds_scope_declare(&s->scope, s->persist, cfg->defines[i].name, SYM_CONST, none);
        mpz_set(c->value, cfg->defines[i].value);
        c->set = true;
        s->define_syms[i] = c;
    }
}

lds_session *lds_session_open(const lds_session_config *cfg, const lds_session_hooks *hooks)
{
    if (cfg->arch && !lds_sim_profile_find(cfg->arch))
        return NULL;
    lds_session *s = lds_xcalloc(1, sizeof *s);
    session_init(s, cfg, hooks, lds_arena_new(), lds_arena_new(), NULL);
    return s;
}

void lds_session_set_output(lds_session *s, FILE *print_out, bool keep_layouts, bool text_report)
{
    s->cfg.print_out = s->in.print_out = print_out;
    s->cfg.keep_layouts = s->in.keep_layouts = keep_layouts;
    s->cfg.text_report = text_report;
}

static void free_input_text(lds_source *src)
{
    lds_free(src->name);
    lds_free(src->text);
}

static void free_input(kept_input *k)
{
    lds_arena_free(k->prog.arena);
    lds_free(k->src.name);
    lds_free(k->src.text);
}

static void free_kept(lds_session *s)
{
    for (size_t i = 0; i < s->nkept; i++)
        free_input(&s->kept[i]);
    lds_free(s->kept);
    if (s->have_last)
        free_input(&s->last);
    s->have_last = false;
}

/* Everything s holds but its own memory and its persistent arena. */
static void session_release(lds_session *s)
{
    lds_interp_free(&s->in);
    lds_results_free(&s->results);
    lds_scope_free(&s->scope);
    free_kept(s);
    lds_parse_ctx_free(s->parse);
    lds_fixes_said_free(&s->said);
    for (size_t i = 0; i < s->nran; i++)
        if (s->ran[i].owned)
            free_input_text(&s->ran[i].src);
    lds_free(s->ran);
}

void lds_session_close(lds_session *s)
{
    if (!s)
        return;
    session_release(s);
    lds_arena_free(s->persist);
    lds_arena_free(s->scratch);
    lds_free(s);
}

lds_session *lds_session_reopen(lds_session *s, const lds_session_config *cfg, const lds_session_hooks *hooks)
{
    if (!s)
        return lds_session_open(cfg, hooks);
    if (cfg->arch && !lds_sim_profile_find(cfg->arch)) {
        lds_session_close(s);
        return NULL;
    }
    lds_results_pools pools;   /* interned profiles and names: no copy per point */
    lds_results_take_pools(&s->results, &pools);
    lds_scope scope = s->scope;   /* its lists: reset, not freed and made again */
    lds_scope_reset(&scope);      /* now: popping reads the names, in the arena reset below */
    memset(&s->scope, 0, sizeof s->scope);
    session_release(s);
    lds_arena *persist = s->persist, *scratch = s->scratch;
    lds_arena_reset(persist);
    lds_arena_reset(scratch);
    memset(s, 0, sizeof *s);
    session_init(s, cfg, hooks, persist, scratch, &scope);
    lds_results_give_pools(&s->results, &pools);
    return s;
}

/* Hand the records of the statement that just ran to the hooks; then
 * drop the instructions they keep, as the configuration says. */
static void report_pending(lds_session *s, size_t first_expect)
{
    lds_interp *in = &s->in;
    lds_results *r = &s->results;
    for (size_t i = first_expect; i < r->nexpects; i++)
        if (s->hooks.expect)
            s->hooks.expect(s->hooks.ctx, &r->expects[i]);
    lds_keep_samples keep = s->cfg.keep == LDS_KEEP_NONE && s->draws ? LDS_KEEP_LAST : s->cfg.keep;
    for (size_t i = in->first_unreported; i < r->n; i++) {
        if (s->hooks.access)
            s->hooks.access(s->hooks.ctx, r->accesses[i]);
        if (keep == LDS_KEEP_NONE)
            lds_results_drop_samples(r->accesses[i]);
    }
    if (keep == LDS_KEEP_LAST) {   /* the last that ran, for explain and show layout */
        const lds_access_result *last = lds_session_last_completed(s);
        for (size_t i = 0; i < r->n; i++)
            if (r->accesses[i] != last && r->accesses[i]->nsamples)
                lds_results_drop_samples(r->accesses[i]);
    }
    in->first_unreported = r->n;
}

/* Resolve, then run, one top-level statement; its block-local symbols
 * live in a scratch arena for as long as it runs. */
static int run_statement(lds_session *s, lds_stmt *st, bool *keeps_tree)
{
    lds_arena *scratch = s->scratch;
    lds_resolver r = { &s->scope, s->persist, scratch, &s->diag, 0, 0, false, s->programs, NULL, NULL, 0 };
    if (s->cfg.candidate) {
        r.override_array = s->cfg.candidate->array;
        r.override_layout = s->cfg.candidate->layout;
        r.remap = s->cfg.candidate->remap;
    }
    size_t first_expect = s->results.nexpects, mark = s->scope.n;
    if (st->kind == S_KERNEL)   /* a new kernel: its arrays redeclare the last one's names on purpose */
        r.program = ++s->programs;
    int rc = lds_resolve_statement(&r, st);
    *keeps_tree |= r.keeps_tree;
    if (rc == 0)
        rc = lds_exec_statement(&s->in, st);
    /* an array local to a block dies with the scratch arena: forget it */
    const lds_sym *la = s->in.last_array;
    if (la && lds_scope_find(&s->scope, la->name) != la)
        s->in.last_array = NULL;
    if (rc < 0)
        lds_scope_pop_to(&s->scope, mark);   /* what it declared never got a value */
    report_pending(s, first_expect);
    if (rc == 0 && s->in.nconflicted)
        rc = explain_fixes(s, st);
    s->in.nconflicted = 0;
    lds_arena_reset(scratch);
    return rc;
}

/* Whether statements (and the blocks in them) hold a show layout. */
static bool draws(const lds_stmt *st)
{
    for (; st; st = st->next)
        if ((st->kind == S_SHOW && st->u.show.array) || (st->kind == S_FOR && draws(st->u.loop.body)))
            return true;
    return false;
}

static int run_program(lds_session *s, lds_program *prog, bool *keeps_tree)
{
    memset(&s->diag, 0, sizeof s->diag);
    s->programs++;
    s->draws = draws(prog->first);
    s->in.keep_sample = s->cfg.keep != LDS_KEEP_NONE || s->draws;
    const lds_candidate_run *c = s->cfg.candidate;
    for (lds_stmt *st = prog->first; st && !s->stopped; st = st->next) {
        if (run_statement(s, st, keeps_tree) < 0)
            return -1;
        s->stopped = c && st->loc.line == c->stop_line && st->loc.col == c->stop_col && st->loc.src
                     && !strcmp(st->loc.src->name, c->stop_file);
    }
    return 0;
}

/* Remember a text about to run (its status set when it ends): a copy,
 * or the caller's own when it outlives the session. */
static size_t remember_text(lds_session *s, const lds_source *src, bool copy)
{
    s->ran = lds_xgrow(s->ran, s->nran, &s->capran, sizeof *s->ran, 8);
    lds_ran_text *t = &s->ran[s->nran];
    t->src = *src;
    t->owned = copy;
    if (copy) {
        t->src.name = lds_xstrdup(src->name ? src->name : "");
        t->src.text = lds_xstrndup(src->text, src->len);
    }
    t->status = -1;
    t->first_result = s->results.n;
    return s->nran++;
}

int lds_session_run(lds_session *s, lds_program *prog)
{
    bool keeps_tree = false;
    size_t t = prog->src ? remember_text(s, prog->src, false) : SIZE_MAX;
    int rc = run_program(s, prog, &keeps_tree);
    if (t != SIZE_MAX)
        s->ran[t].status = rc < 0 ? LDS_EXIT_EVAL : LDS_EXIT_OK;
    return rc;
}

int lds_session_run_text(lds_session *s, const char *name, const char *text, size_t len)
{
    return lds_session_run_lines(s, name, 1, text, len);
}

int lds_session_run_lines(lds_session *s, const char *name, unsigned first_line, const char *text, size_t len)
{
    lds_source src = { .name = (char *)name, .text = (char *)text, .len = len, .first_line = first_line };
    return lds_session_run_source(s, &src);
}

int lds_session_run_source(lds_session *s, const lds_source *src)
{
    if (s->have_last)   /* nothing refers to the one before any more */
        free_input(&s->last);
    kept_input *k = &s->last;
    s->have_last = true;
    size_t len = src->len;
    k->src.name = lds_xstrdup(src->name);
    k->src.text = lds_xstrndup(src->text, len);
    k->src.len = len;
    k->src.first_line = src->first_line;
    k->src.origin = src->origin;
    k->src.files = src->files;
    k->src.nfiles = src->nfiles;
    k->prog.arena = lds_arena_new();
    k->prog.first = NULL;
    memset(&s->diag, 0, sizeof s->diag);
    bool keeps_tree = false;
    int status = LDS_EXIT_OK;
    size_t t = remember_text(s, &k->src, true);
    if (lds_parse_program_in(&k->src, &k->prog, parse_ctx(s), &s->diag) < 0)
        status = LDS_EXIT_SYNTAX;
    else if (run_program(s, &k->prog, &keeps_tree) < 0)
        status = LDS_EXIT_EVAL;
    s->ran[t].status = status;
    if (keeps_tree) {   /* a let or def refers to its tree, diagnostics to its text */
        s->kept = lds_xgrow(s->kept, s->nkept, &s->capkept, sizeof *s->kept, 8);
        s->kept[s->nkept++] = *k;
        s->have_last = false;
    }
    return status;
}

bool lds_session_define_use(const lds_session *s, unsigned i, bool *used, lds_loc *replaced_at)
{
    if (i >= s->cfg.ndefines)
        return false;
    *used = s->define_syms[i]->used;
    *replaced_at = s->define_syms[i]->replaced_at;
    return true;
}

const struct lds_parse_ctx *lds_session_parse_ctx(lds_session *s)
{
    return parse_ctx(s);
}

uint64_t lds_session_steps(const lds_session *s)
{
    return s->in.steps;
}

bool lds_session_stopped(const lds_session *s)
{
    return s->stopped;
}

const lds_sym *lds_session_array(const lds_session *s, const char *name)
{
    const lds_sym *a = lds_scope_find(&s->scope, name);
    return a && a->kind == SYM_ARRAY && a->set ? a : NULL;
}

const lds_diag *lds_session_error(const lds_session *s)
{
    return &s->diag;
}

const lds_results *lds_session_results(const lds_session *s)
{
    return &s->results;
}

bool lds_session_expect_failed(const lds_session *s)
{
    return s->in.expect_failed;
}

const lds_sim_profile *lds_session_profile(const lds_session *s)
{
    return &s->in.profile;
}

const lds_access_result *lds_session_last_access(const lds_session *s)
{
    return s->results.n ? s->results.accesses[s->results.n - 1] : NULL;
}

const lds_access_result *lds_session_last_completed(const lds_session *s)
{
    /* the last that ran to its end: one an error stopped has nothing to explain */
    for (size_t i = s->results.n; i > 0; i--)
        if (!s->results.accesses[i - 1]->failed)
            return s->results.accesses[i - 1];
    return NULL;
}

void lds_session_describe(const lds_session *s, FILE *out)
{
    const lds_scope *sc = &s->scope;
    int any = 0;
    for (size_t i = 0; i < sc->n; i++) {
        const lds_sym *y = sc->syms[i];
        if (y->kind == SYM_BUILTIN || y->kind == SYM_LOOP || lds_scope_find(sc, y->name) != y)
            continue;   /* built-ins, and names shadowed later */
        any = 1;
        if (y->kind == SYM_CONST) {
            gmp_fprintf(out, "%s = %Zd\n", y->name, y->value);
        } else if (y->kind == SYM_LET) {
            fprintf(out, "%s = (per lane)\n", y->name);
        } else if (y->kind == SYM_DEF) {
            fprintf(out, "def %s(", y->name);
            for (unsigned k = 0; k < y->def->u.def.nparams; k++)
                fprintf(out, "%s%s", k ? ", " : "", y->def->u.def.params[k]);
            fprintf(out, ")\n");
        } else if (y->kind == SYM_ARRAY && y->set) {
            lds_buf dims = { 0 };
            lds_array_dims_text(&dims, &y->array);
            fprintf(out, "array %s %s%s", y->array.type_name, y->name, lds_buf_str(&dims));
            lds_buf_free(&dims);
            fprintf(out, " at %llu%s%s\n", (unsigned long long)y->array.base, y->array.layout ? " layout " : "",
                    y->array.layout ? y->array.layout->name : "");
        }
    }
    if (!any)
        fprintf(out, "(nothing defined yet)\n");
    const lds_footprint *fp = &s->results.lds;
    if (fp->arrays && fp->capacity)
        lds_footprint_print(out, fp, true);
}

const char *lds_session_name_at(const lds_session *s, unsigned i)
{
    return i < s->scope.n ? s->scope.syms[i]->name : NULL;
}

const char *lds_session_array_at(const lds_session *s, unsigned i)
{
    for (size_t k = 0; k < s->scope.n; k++)
        if (s->scope.syms[k]->kind == SYM_ARRAY && i-- == 0)
            return s->scope.syms[k]->name;
    return NULL;
}
