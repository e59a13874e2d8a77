/* fuzz/fuzz-diff.c - differential: for programs built from the input,
 * (1) the int64 and the GMP evaluation paths give identical results, and
 * (2) the simulator's shortcuts (the closed form of XOR-linear addresses,
 * multiplying what does not vary, one period of a loop whose bank
 * pattern repeats, the fold), the lane-vector evaluator, the memo and
 * the worker threads give the same totals and the same errors as plain
 * enumeration with the tree walker on one thread (no_shortcuts: no
 * closed form either); (3) in one input of eight, the candidate API's
 * scores equal full runs of the program with the value written in
 * (fuzz/diff-swizzle.c).  Three programs in eight are shaped for the closed
 * form (swizzled power-of-two arrays, XOR-built indices).
 * A difference aborts. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/diff.h"
#include "src/session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Totals, or the error message, of a run; whether an access was
 * counted in closed form into *closed (when not NULL). */
static void run(const char *text, int no_shortcuts, int force_big, unsigned jobs, char *out, size_t size, bool *closed)
{
    char *printed = NULL;
    size_t plen = 0;
    FILE *pf = open_memstream(&printed, &plen);
    lds_session_config cfg;
    lds_session_config_init(&cfg);
    cfg.max_steps = 3000;
    cfg.max_bits = 2048;
    cfg.no_shortcuts = no_shortcuts;
    cfg.force_big = force_big;
    cfg.jobs = jobs;
    cfg.threads_from = 1;   /* split every enumerated range it can */
    cfg.print_out = pf;
    lds_session *s = lds_session_open(&cfg, NULL);
    int st = lds_session_run_text(s, "<fuzz>", text, strlen(text));
    if (st == LDS_EXIT_SYNTAX) {
        snprintf(out, size, "syntax");
    } else {
        lds_metrics tot;
        lds_metrics_init(&tot);
        lds_results_totals(lds_session_results(s), 0, false, &tot);
        fflush(pf);
        gmp_snprintf(out, size, "rc=%d %Zd/%Zd/%Zd/%Zd/%llu printed=%.200s err=%s", st ? -1 : 0, tot.cycles, tot.ideal,
                     tot.instructions, tot.broadcasts, (unsigned long long)tot.ways, printed ? printed : "",
                     st ? lds_session_error(s)->msg : "");
        lds_metrics_clear(&tot);
        const lds_results *res = lds_session_results(s);
        for (size_t i = 0; closed && i < res->n; i++)
            *closed |= res->accesses[i]->closed_form;
    }
    lds_session_close(s);
    fclose(pf);
    free(printed);
}

/* Build a small program from the bytes: a profile, a workgroup, an
 * access with an index made of lane/tid/group/loop terms. */
static void build(const uint8_t *d, size_t n, char *text, size_t size)
{
    static const char *const archs[] = { "generic", "sm80", "gfx942", "gfx950", "xe-hpg", "rdna3" };
    static const char *const terms[] = { "lane", "tid", "k", "j", "group", "wave", "tid.x", "tid.y",
                                         "(lane ^ k)", "(k * k)", "(1 << 62)", "(lane % 3)", "(k / 2)",
                                         "(-k)", "(tid >> 1)", "9223372036854775807", "(k % 8)", "(k & 7)",
                                         "(k >> 2)", "((k * 3 + lane) % 32)", "(k * 32 ^ lane)", "(k & ~3)",
                                         "(lane - 7) * k % 13", "(k < 5 ? k : 2 * k)", "min(k % 6, lane)",
                                         "((k - 40) % 16)", "(k | 5)", "(~k)", "(int)(k * 40000000)",
                                         "(uint8_t)(lane * 9)", "(unsigned)(k - 3)",
                                         /* waves that fold into k (src/dimproof.c) */
                                         "((tid * 3 + k) % 64)", "((tid + 8 * k) & 127)" };
    static const char *const indices[] = { "abs(f(k, j)) % 1024", "(f(k, j) % 1024 + 1024) % 1024",
                                           "(f(k, j) & 1023)", "f(k, j)" };
    static const char *const conds[] = { "", " if lane % 3 != 1", " if (k % 4) != 2", " if k < 7 + lane" };
    static const char *const ops[] = { " + ", " * ", " ^ ", " - ", " & ", " | ", " % 97 + ", " * 3 + " };
    static const char *const widths[] = { "f32", "f16", "b64", "u8", "b128" };
    size_t i = 0, len = 0;
#define B() (i < n ? d[i++] : 0)
    /* one program in three is shaped for the fold (src/dimproof.c):
     * several waves, an index (tid A + k B + term) % M, or with the group */
    unsigned fold = B() % 3 == 0, fold_trips = 0;
    unsigned arch = B() % 6, tx = 1 + B() % 40, ty = 1 + B() % 3, groups = 1 + B() % 4;
    if (fold) {
        unsigned full = 1 + B() % 3, part = B() % 64;
        fold_trips = 40 + B() % 120;   /* drawn early: the input may run out */
        tx = 64 * full + (part < 32 ? part : 0);   /* half the time a partial wave too */
        ty = 1;
    }
    len += (size_t)snprintf(text + len, size - len, "arch %s; threads %u, %u; groups %u\n", archs[arch], tx, ty,
                            groups);
    if (B() & 1)
        len += (size_t)snprintf(text + len, size - len, "rules seed\n");
    /* a function of the loops, so that the terms in k and j are defined */
    len += (size_t)snprintf(text + len, size - len, "def f(k, j) = ");
    char fold_cond[64] = "";
    if (fold) {   /* x = tid A + k B: one wave more is 32 A / B steps of k back, where B divides */
        static const unsigned as[] = { 1, 2, 3, 5, 7 }, bs[] = { 1, 2, 4, 8, 3 }, ms[] = { 8, 16, 24, 32, 48, 64, 96, 128 };
        unsigned a = as[B() % 5], b = bs[B() % 5], m = ms[B() % 8], shape = B() % 5;
        unsigned term = B() % (unsigned)(sizeof terms / sizeof terms[0]);
        const char *op = B() & 1 ? " + " : " ^ ";
        if (shape == 0)        /* a term inside the residue */
            len += (size_t)snprintf(text + len, size - len, "(tid * %u + k * %u%s%s) %% %u", a, b, op, terms[term], m);
        else if (shape == 1)   /* a term outside it */
            len += (size_t)snprintf(text + len, size - len, "(tid * %u + k * %u) %% %u%s%s", a, b, m, op, terms[term]);
        else if (shape == 2)   /* a row and a column of x */
            len += (size_t)snprintf(text + len, size - len, "(tid * %u + k * %u) %% %u * 33 + (tid * %u + k * %u) / %u %% 4",
                                    a, b, m, a, b, m);
        else if (shape == 3)   /* the inner loop too */
            len += (size_t)snprintf(text + len, size - len, "(tid * %u + k * %u + j * %u) %% %u", a, b, 1 + term % 5, m);
        else                   /* workgroups: one more is G / B steps of k back */
            len += (size_t)snprintf(text + len, size - len, "(group * %u + tid * %u + k * %u) %% %u", b * (1 + term % 7) * 8,
                                    a, b, m);
        if (B() % 3 == 0)      /* a condition that moves with x */
            snprintf(fold_cond, sizeof fold_cond, " if (tid * %u + k * %u) %% %u != 1", a, b, 2 + B() % 3);
    }
    unsigned nterms = fold ? 0 : 1 + B() % 5;
    for (unsigned t = 0; t < nterms && len < size; t++) {
        unsigned op = B() % 8, term = B() % (unsigned)(sizeof terms / sizeof terms[0]);
        len += (size_t)snprintf(text + len, size - len, "%s%s", t ? ops[op] : "", terms[term]);
    }
    unsigned w = B() % 5, kind = B() % 3, scale = 1 + B() % 4, form = B() % 4, cond = B() % 4;
    int lo = (int)(B() % 5) - 2;
    unsigned hi = B() % 80, jn = 1 + B() % 3, mul = B();
    hi *= 1 + B() % 4;
    /* one program in four: an inner loop whose trips follow k */
    char jhi[24];
    if (B() % 4 == 0)
        snprintf(jhi, sizeof jhi, "(k %% 3 + %u)", jn - 1);
    else
        snprintf(jhi, sizeof jhi, "%u", jn);
    if (fold) {   /* a dividend of one sign: k from 0 */
        hi = fold_trips;
        lo = lo < 0 ? 0 : lo;
    }
    if (kind == 2 && (w == 0 || w == 2) && (mul & 1))   /* two addresses a lane, some programs */
        len += (size_t)snprintf(text + len, size - len, "\n%s @ (%s) * %u offset0:%u offset1:%u%s for k in %d..%u, j in 0..%s\n",
                                w == 0 ? (mul & 2 ? "ds_read2_b32" : "ds_write2st64_b32") : "ds_read2_b64",
                                indices[form], w == 0 ? 4u : 8u, mul >> 4 & 7, mul >> 2 & 63, fold_cond[0] ? fold_cond : conds[cond], lo, hi, jhi);
    else
        len += (size_t)snprintf(text + len, size - len, "\n%s %s[%s * %u]%s for k in %d..%u, j in 0..%s\n",
                                kind == 0 ? "read" : kind == 1 ? "write" : "atomic", widths[w], indices[form], scale,
                                fold_cond[0] ? fold_cond : conds[cond], lo, hi, jhi);
    snprintf(text + len, size - len, "print f(3, 1) * %u\n", mul);
#undef B
}

/* With LDS_DIFF_STATS set: how the programs ended, printed at exit, to
 * show that the differential runs exercise the whole path (not only
 * programs that stop at their first error). */
static unsigned long long n_ok, n_failed, n_limited, n_syntax, n_closed, n_candidates;

static void print_stats(void)
{
    fprintf(stderr, "fuzz-diff: %llu ran to the end, %llu stopped by an error, %llu by a limit, %llu syntax; "
                    "%llu with an access in closed form; %llu candidates scored\n",
            n_ok, n_failed, n_limited, n_syntax, n_closed, n_candidates);
}

static void count(const char *plain)
{
    static int registered;
    if (!registered++ && getenv("LDS_DIFF_STATS"))
        atexit(print_stats);
    if (!strncmp(plain, "rc=0 ", 5))
        n_ok++;
    else if (!strcmp(plain, "syntax"))
        n_syntax++;
    else if (strstr(plain, "--max-"))
        n_limited++;
    else
        n_failed++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[2048], plain[1024], enumerated[1024], big[1024];
    bool closed = false;
    if (size && data[0] % 8 >= 5)
        lds_fuzz_build_swizzled(data, size, text, sizeof text, 0);
    else
        build(data, size, text, sizeof text);
    /* worker threads in one program of four (starting them is most of
     * a small program's time): the results must not change */
    unsigned threads = size && (data[size - 1] & 3) == 0;
    run(text, 0, 0, threads ? 3 : 1, plain, sizeof plain, &closed);
    count(plain);
    n_closed += closed;
    run(text, 1, 0, 1, enumerated, sizeof enumerated, NULL);
    run(text, 0, 1, threads ? 2 : 1, big, sizeof big, NULL);
    /* enumeration may run out of steps where the shortcuts do not, and an
     * error may stop it at another place than the shortcut's bounds check:
     * the totals must agree whenever both ran to the end.  The GMP path
     * must agree with the int64 path always, errors included. */
    int both_ok = !strncmp(plain, "rc=0 ", 5) && !strncmp(enumerated, "rc=0 ", 5);
    /* both stopped by an error that is not a limit: the same error */
    int both_failed = !strncmp(plain, "rc=-1 ", 6) && !strncmp(enumerated, "rc=-1 ", 6) && !strstr(plain, "--max-")
                      && !strstr(enumerated, "--max-");
    if (((both_ok || both_failed) && strcmp(plain, enumerated)) || strcmp(plain, big)) {
        fprintf(stderr, "program:\n%s\nshortcuts: %s\nenumerated: %s\nGMP: %s\n", text, plain, enumerated, big);
        abort();
    }
    if (size > 1 && data[1] % 8 == 0)
        n_candidates += lds_fuzz_check_candidates(data, size);
    return 0;
}
