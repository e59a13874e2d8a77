/* fuzz/diff-swizzle.c - the differential target's programs shaped for
 * the closed form, and its check of the candidate API (fuzz/diff.h). */
#include "fuzz/diff.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/lds-calc.h"

/* The bytes, one at a time (0 past the end). */
typedef struct {
    const uint8_t *d;
    size_t n, i;
} bytes;

static unsigned next(bytes *b)
{
    return b->i < b->n ? b->d[b->i++] : 0;
}

static const char *pick(bytes *b, const char *const *list, unsigned n)
{
    return list[next(b) % n];
}

#define PICK(b, list) pick(b, list, (unsigned)(sizeof list / sizeof list[0]))

/* Terms of an index: bits of the lane, tid, wave, group and the loops,
 * XORed; after NLINEAR of them, a few with carries or products of
 * varying bits, which the closed form must decline (one term in eight). */
#define NLINEAR 12
static const char *const row_terms[] = { "lane", "lane / 2", "lane / 8", "tid", "tid / 4", "k", "k / 8", "j",
                                         "wave", "group", "(k ^ (k / 4))", "(lane >> 2) << 1",
                                         "k * 3", "(lane + k)", "lane * 5", "(k | 1)", "(lane & k)" };
static const char *const col_terms[] = { "lane", "lane % 8", "lane / 4", "k", "k / 2", "j * 2", "(lane >> 3) << 1",
                                         "(k % 8) * 2", "tid / 32", "(k & 12)", "(lane & 6)", "(lane ^ k) / 2",
                                         "(lane & k)", "(k * 5)", "(lane | 1)" };

static const char *term(bytes *b, const char *const *terms, unsigned nterms)
{
    unsigned v = next(b);
    return terms[v % 8 == 0 ? NLINEAR + v / 8 % (nterms - NLINEAR) : v / 8 % NLINEAR];
}

/* An index below `limit` (a power of two): terms joined, masked. */
static int index_text(bytes *b, const char *const *terms, unsigned nterms, unsigned limit, const char *param,
                      char *out, size_t size)
{
    static const char *const joins[] = { " ^ ", " ^ ", " ^ ", " ^ ", " ^ ", " ^ ", " + ", " | " };
    int len = snprintf(out, size, "((%s", term(b, terms, nterms));
    for (unsigned t = next(b) % 3; t > 0 && len > 0 && (size_t)len < size; t--)
        len += snprintf(out + len, size - (size_t)len, "%s%s", PICK(b, joins), term(b, terms, nterms));
    if (param && len > 0 && (size_t)len < size)
        len += snprintf(out + len, size - (size_t)len, " ^ %s", param);
    if (len > 0 && (size_t)len < size)
        len += next(b) & 1 ? snprintf(out + len, size - (size_t)len, ") %% %u)", limit)
                           : snprintf(out + len, size - (size_t)len, ") & %u)", limit - 1);
    return len;
}

/* The layout of an R x C array of elements of esize bytes, as a line
 * "layout L = ..." (empty: row-major). */
static void layout_text(bytes *b, unsigned R, unsigned C, unsigned esize, char *out, size_t size)
{
    unsigned bits = (unsigned)__builtin_ctz(R * C), vec = 1u << next(b) % 3, phase = 1u << next(b) % 3,
             maxp = 1u << next(b) % 3;
    while (vec * maxp > C)
        maxp /= 2;
    switch (next(b) % 5) {
    case 1: {   /* CuTe's swizzle on element offsets */
        unsigned B = 1 + next(b) % 3, M = next(b) % 4, S = B + next(b) % 3;
        while (B + M + S > bits && M)
            M--;
        if (B + M + S > bits)
            break;
        snprintf(out, size, "layout L = Swizzle<%u,%u,%u> o (%u,%u):(%u,1)\n", B, M, S, R, C, C);
        return;
    }
    case 2:   /* on the byte address: 128-byte rows of 16-bit elements */
        if (esize != 2 || R * C < 512)
            break;
        snprintf(out, size, "layout L = Sw<3,4,3> o smem_ptr[16b](unset) o (%u,%u):(%u,1)\n", R, C, C);
        return;
    case 3:   /* Triton's */
        snprintf(out, size, "layout L = SwizzledSharedLayout(vec=%u, per_phase=%u, max_phase=%u, order=[1,0], shape=[%u,%u])\n",
                 vec, phase, maxp, R, C);
        return;
    case 4:   /* the same XOR by hand */
        snprintf(out, size, "def L(r, c) = r * %u + (c ^ (r / %u %% %u) * %u)\n", C, phase, maxp, vec);
        return;
    default: break;
    }
    out[0] = '\0';
}

void lds_fuzz_build_swizzled(const uint8_t *d, size_t n, char *text, size_t size, int with_param)
{
    static const char *const archs[] = { "generic", "sm80", "sm90", "gfx942", "gfx950", "rdna3", "rdna4", "xe-hpg" };
    static const char *const elems[] = { "u8", "f16", "f32" };
    static const unsigned esizes[] = { 1, 2, 4 }, threads[] = { 64, 128, 256, 64, 128, 256, 32, 96 };
    static const char *const kinds[] = { "read", "write", "atomic" };
    bytes b = { d, n, 1 };
    unsigned e = next(&b) % 3, R = 8u << next(&b) % 4, C = 8u << next(&b) % 5;
    while (R * C * esizes[e] > 16384)
        R /= 2;
    unsigned width = next(&b) % 3 == 0 ? 8u << next(&b) % 2 : esizes[e];   /* b64, b128 or the element */
    unsigned vec = width > esizes[e] ? width / esizes[e] : 1, cols = C / vec > 0 ? C / vec : 1;
    unsigned where = with_param ? 1 + next(&b) % 4 : 0;   /* the parameter: row, column, loop end, padding */
    char layout[256], row[256], col[256], widthword[8] = "";
    layout_text(&b, R, C, esizes[e], layout, sizeof layout);
    index_text(&b, row_terms, sizeof row_terms / sizeof row_terms[0], R, where == 1 ? LDS_FUZZ_PARAM : NULL, row,
               sizeof row);
    index_text(&b, col_terms, sizeof col_terms / sizeof col_terms[0], cols, where == 2 ? LDS_FUZZ_PARAM : NULL, col,
               sizeof col);
    if (width > esizes[e])
        snprintf(widthword, sizeof widthword, "b%u ", width * 8);
    const char *arch = PICK(&b, archs), *kind = PICK(&b, kinds), *cond = next(&b) % 8 == 0 ? " if lane % 4 != 1" : "";
    unsigned nthreads = threads[next(&b) % 8], groups = 1 + next(&b) % 3, K = 1 + next(&b) % 40, J = 1 + next(&b) % 3;
    snprintf(text, size,
             "arch %s\n%sthreads %u; groups %u\n%sarray %s A[%u][%u%s]%s\n%s %sA[%s][%s * %u]%s for k in 0..%u%s, j in 0..%u\n",
             arch, next(&b) % 8 == 0 ? "rules seed\n" : "", nthreads, groups, layout, elems[e], R, C,
             where == 4 && !layout[0] ? " + " LDS_FUZZ_PARAM : "", layout[0] ? " layout L" : "", kind, widthword, row,
             col, vec, cond, K, where == 3 ? " + " LDS_FUZZ_PARAM : "", J);
}

/* ------------------------------------------------------ candidates */

static bool word_char(char c)
{
    return c == '_' || (unsigned)((c | 32) - 'a') < 26u || (unsigned)(c - '0') < 10u;
}

/* The text with every word `name` replaced by (value). */
static char *substituted(const char *text, const char *name, long long value)
{
    size_t nl = strlen(name), cap = strlen(text) * 2 + 64, len = 0;
    char *out = malloc(cap);
    if (!out)
        abort();
    for (const char *p = text; *p;) {
        bool word = !strncmp(p, name, nl) && (p == text || !word_char(p[-1])) && !word_char(p[nl]);
        if (word) {
            len += (size_t)snprintf(out + len, cap - len, "(%lld)", value);
            p += nl;
        } else {
            out[len++] = *p++;
        }
        if (len + 32 > cap && !(out = realloc(out, cap *= 2)))
            abort();
    }
    out[len] = '\0';
    return out;
}

/* The sessions of the prepared programs (which:0) and of the full runs
 * they are checked against (1), with the same options. */
static ldscalc_session *candidate_session(unsigned which)
{
    static ldscalc_session *s[2];
    if (!s[which]) {
        s[which] = ldscalc_open();
        if (!s[which] || ldscalc_set(s[which], "max-steps", "3000") || ldscalc_set(s[which], "jobs", "2"))
            abort();
    }
    return s[which];
}

static bool has_param(const ldscalc_prepared *p)
{
    for (size_t i = 0; i < ldscalc_prepared_nparams(p); i++)
        if (!strcmp(ldscalc_prepared_param(p, i, NULL, NULL), LDS_FUZZ_PARAM))
            return ldscalc_prepared_nparams(p) == 1;
    return false;
}

/* Candidate k's score against a full run of the substituted text. */
static void compare(ldscalc_prepared *p, size_t k, const ldscalc_score_result *sc, const char *text, long long value)
{
    ldscalc_session *s = candidate_session(1);
    char *sub = substituted(text, LDS_FUZZ_PARAM, value);
    ldscalc_result *r = ldscalc_run(s, "<fuzz>", sub, strlen(sub));
    static const char *const metrics[] = { "instructions", "cycles", "ideal", "excess", "ways", "broadcasts" };
    bool same = r && ldscalc_result_status(r) == sc->status && ldscalc_result_naccesses(r) == sc->naccesses;
    for (size_t i = 0; same && i < sc->naccesses; i++) {
        ldscalc_score_access a;
        a.size = sizeof a;
        same = ldscalc_scored_access(p, k, i, &a) == LDSCALC_OK;
        const uint64_t mine[] = { a.instructions, a.cycles, a.ideal, a.excess, a.ways, a.broadcasts };
        for (unsigned m = 0; same && !a.failed && m < 6; m++) {
            char buf[64] = "";
            same = ldscalc_access_metric(r, i, metrics[m], buf, sizeof buf) > 0 && strtoull(buf, NULL, 10) == mine[m];
            if (!same)
                fprintf(stderr, "access %zu: %s %llu scored, %s run\n", i, metrics[m], (unsigned long long)mine[m], buf);
        }
    }
    if (!same) {
        fprintf(stderr, "program:\n%s\n%s = %lld: score status %d (%s), %zu accesses; the run of\n%s\nstatus %d, %zu accesses\n",
                text, LDS_FUZZ_PARAM, value, sc->status, sc->reason ? sc->reason : "", sc->naccesses, sub,
                r ? ldscalc_result_status(r) : -1, r ? ldscalc_result_naccesses(r) : 0);
        abort();
    }
    ldscalc_result_free(r);
    free(sub);
}

unsigned lds_fuzz_check_candidates(const uint8_t *d, size_t n)
{
    char text[2048];
    lds_fuzz_build_swizzled(d, n, text, sizeof text, 1);
    ldscalc_prepared *p = NULL;
    if (ldscalc_prepare(candidate_session(0), "<fuzz>", text, strlen(text), &p) != LDSCALC_OK)
        return 0;
    unsigned compared = 0;
    if (has_param(p)) {   /* a program that stops before it reads the name has none */
        ldscalc_value v[3];
        ldscalc_candidate c[3];
        ldscalc_score_result out[3];
        for (unsigned k = 0; k < 3; k++) {
            v[k].name = LDS_FUZZ_PARAM;
            v[k].value = n > k ? d[n - 1 - k] % 10 : (int64_t)k;
            c[k].arch = NULL;
            c[k].values = &v[k];
            c[k].nvalues = 1;
            out[k].size = sizeof out[k];
        }
        /* the batch on the session's threads, or one at a time (a
         * score's accesses are the last score's: compared before the next) */
        if (n && (d[0] & 1)) {
            if (ldscalc_score_many(p, c, 3, out) != LDSCALC_OK)
                abort();
            for (unsigned k = 0; k < 3; k++)
                compare(p, k, &out[k], text, (long long)v[k].value);
        } else {
            for (unsigned k = 0; k < 3; k++) {
                if (ldscalc_score(p, &c[k], &out[k]) != LDSCALC_OK)
                    abort();
                compare(p, 0, &out[k], text, (long long)v[k].value);
            }
        }
        compared = 3;
    }
    ldscalc_prepared_free(p);
    return compared;
}
