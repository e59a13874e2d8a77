/* src/session_config.c - what a session starts from: the default
 * configuration, the default number of threads, and a -D value's text
 * evaluated to an integer (a constant expression, no names but the
 * built-in ones, which it may not use). */
#include "src/session.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "base/arena.h"
#include "src/eval.h"
#include "base/limits.h"
#include "src/parser.h"
#include "src/resolve.h"
#include "src/scope.h"

static unsigned processors;

static void count_processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);   /* glibc reads /sys for it: once a process, not a session */
    processors = n < 1 ? 1 : n > LDS_MAX_JOBS ? LDS_MAX_JOBS : (unsigned)n;
}

unsigned lds_default_jobs(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, count_processors);
    return processors;
}

void lds_session_config_init(lds_session_config *c)
{
    memset(c, 0, sizeof *c);
    c->show = -1;
    c->print_out = stdout;
}

int lds_eval_constant(const lds_source *src, unsigned long max_bits, mpz_t out, lds_diag *diag)
{
    lds_arena *arena = lds_arena_new();
    lds_scope scope;
    lds_env env;
    lds_eval ev;
    lds_expr *e = NULL;
    int rc = -1;
    memset(&env, 0, sizeof env);
    lds_scope_init(&scope);
    lds_eval_init(&ev, &env, NULL, diag);
    if (max_bits)
        ev.num.max_bits = max_bits;
    lds_resolver r = { &scope, arena, arena, diag, 0, 0, false, 0, NULL, NULL, 0 };
    if (lds_parse_expression(src, arena, &e, diag) == 0 && lds_resolve_expr(&r, e) == 0) {
        if (e->deps)
            lds_diag_set(diag, e->loc, "a -D value must be a constant");
        else
            rc = lds_eval_mpz(&ev, e, out);
    }
    lds_eval_free(&ev);
    lds_scope_free(&scope);
    lds_arena_free(arena);
    return diag->set ? -1 : rc;
}
