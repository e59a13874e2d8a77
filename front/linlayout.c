/* front/linlayout.c - Triton's linear layouts: read, applied, inverted over
 * GF(2), written as lds expressions (front/linlayout.h). */
#include "front/linlayout.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/check.h"

/* ORDER LL_IN */
static const char *const in_names[] = { "register", "lane", "warp", "block", "offset" };
_Static_assert(sizeof in_names / sizeof in_names[0] == LDS_LL_NIN, "one name per input");

const char *lds_ll_in_name(lds_ll_in in) { return in_names[in]; }

int lds_ll_log2(int64_t v)
{
    if (v <= 0 || (v & (v - 1)))
        return -1;
    int k = 0;
    while (v > 1) {
        v >>= 1;
        k++;
    }
    return k;
}

/* ------------------------------------------------------------ reading */

typedef struct {
    const char *p, *end;
    char *err;
    size_t nerr;
} reader;

static void blanks(reader *r)
{
    while (r->p < r->end && isspace((unsigned char)*r->p))
        r->p++;
}

static bool take(reader *r, char c)
{
    blanks(r);
    if (r->p < r->end && *r->p == c) {
        r->p++;
        return true;
    }
    return false;
}

static bool fail(reader *r, const char *what)
{
    snprintf(r->err, r->nerr, "%s", what);
    return false;
}

/* '-'? digits, within +-2^40 */
static bool integer(reader *r, int64_t *v)
{
    blanks(r);
    bool neg = r->p < r->end && *r->p == '-';
    if (neg)
        r->p++;
    if (r->p >= r->end || !isdigit((unsigned char)*r->p))
        return fail(r, "an integer");
    int64_t x = 0;
    for (; r->p < r->end && isdigit((unsigned char)*r->p); r->p++) {
        x = x * 10 + (*r->p - '0');
        if (x > ((int64_t)1 << 40))
            return fail(r, "a basis coordinate beyond 2^40");
    }
    *v = neg ? -x : x;
    return true;
}

/* '[' ( '[' INT, ... ']' ), ... ']': the bases of one input */
static bool bases(reader *r, lds_ll *ll, lds_ll_in in)
{
    if (!take(r, '['))
        return fail(r, "'[' and the input's bases");
    ll->n[in] = 0;
    if (take(r, ']'))
        return true;
    do {
        if (ll->n[in] == LDS_LL_MAX_BASES)
            return fail(r, "more bases than lds-calc reads (40 an input)");
        if (!take(r, '['))
            return fail(r, "'[' and a basis (one integer a dimension)");
        unsigned d = 0;
        if (!take(r, ']')) {
            do {
                if (d == LDS_LL_MAX_RANK)
                    return fail(r, "a basis of more dimensions than lds-calc reads (6)");
                if (!integer(r, &ll->b[in][ll->n[in]][d]))
                    return false;
                if (ll->b[in][ll->n[in]][d] < 0)
                    return fail(r, "a negative basis coordinate");
                d++;
            } while (take(r, ','));
            if (!take(r, ']'))
                return fail(r, "',' or ']' in a basis");
        }
        if (!ll->rank)
            ll->rank = d;
        if (d != ll->rank || !d)
            return fail(r, "every basis has one integer a dimension, alike");
        ll->n[in]++;
    } while (take(r, ','));
    if (!take(r, ']'))
        return fail(r, "',' or ']' after a basis");
    return true;
}

bool lds_ll_parse(const char *text, size_t len, lds_ll *ll, size_t *used, char *err, size_t nerr)
{
    memset(ll, 0, sizeof *ll);
    reader r = { text, text + len, err, nerr };
    if (!take(&r, '{'))
        return fail(&r, "'{' and the layout's bases");
    bool seen[LDS_LL_NIN] = { false };
    if (!take(&r, '}')) {
        do {
            blanks(&r);
            const char *k = r.p;
            while (r.p < r.end && (isalnum((unsigned char)*r.p) || *r.p == '_'))
                r.p++;
            size_t klen = (size_t)(r.p - k);
            int in = -1;
            for (int i = 0; i < LDS_LL_NIN; i++)
                if (strlen(in_names[i]) == klen && !memcmp(in_names[i], k, klen))
                    in = i;
            if (in < 0) {
                snprintf(err, nerr, "'%.*s' is no input of a linear layout (register, lane, warp, block, offset)",
                         (int)(klen > 40 ? 40 : klen), k);
                return false;
            }
            if (seen[in])
                return fail(&r, "an input given twice");
            seen[in] = true;
            if (!take(&r, '='))
                return fail(&r, "'=' after the input's name");
            if (!bases(&r, ll, (lds_ll_in)in))
                return false;
        } while (take(&r, ','));
        if (!take(&r, '}'))
            return fail(&r, "',' or '}'");
    }
    if (!ll->rank)
        return fail(&r, "no basis: a layout needs at least one to give its dimensions");
    *used = (size_t)(r.p - text);
    return true;
}

/* ----------------------------------------------------------- the map */

int64_t lds_ll_dim_size(const lds_ll *ll, unsigned d)
{
    int64_t all = 0;
    for (int in = 0; in < LDS_LL_NIN; in++)
        for (unsigned k = 0; k < ll->n[in]; k++)
            all |= ll->b[in][k][d];
    int64_t size = 1;
    while (size <= all)
        size <<= 1;
    return size;
}

void lds_ll_apply(const lds_ll *ll, const uint64_t *in, int64_t *coord)
{
    for (unsigned d = 0; d < ll->rank; d++)
        coord[d] = 0;
    for (int i = 0; i < LDS_LL_NIN; i++)
        for (unsigned k = 0; k < ll->n[i]; k++)
            if (in[i] >> k & 1)
                for (unsigned d = 0; d < ll->rank; d++)
                    coord[d] ^= ll->b[i][k][d];
}

/* A basis packed: dimension d's bits at offset pos[d]; false if it
 * leaves the shape. */
static bool pack(const lds_ll *ll, const int64_t *basis, const unsigned *pos, const int64_t *shape, uint64_t *out)
{
    *out = 0;
    for (unsigned d = 0; d < ll->rank; d++) {
        if (basis[d] >= shape[d])
            return false;
        *out |= (uint64_t)basis[d] << pos[d];
    }
    return true;
}

bool lds_ll_invert(const lds_ll *ll, lds_ll_in in, const int64_t *shape, int64_t inv[][LDS_LL_MAX_BASES],
                   char *err, size_t nerr)
{
    unsigned pos[LDS_LL_MAX_RANK], total = 0;
    for (unsigned d = 0; d < ll->rank; d++) {
        int bits = lds_ll_log2(shape[d]);
        LDS_ASSERT(bits >= 0);   /* shapes are powers of two (callers check) */
        pos[d] = total;
        total += (unsigned)bits;
    }
    if (total > 62) {
        snprintf(err, nerr, "a tile of more than 2^62 elements");
        return false;
    }
    /* rows: image | which inputs make it, reduced to one row per pivot */
    uint64_t img[LDS_LL_MAX_BASES], comb[LDS_LL_MAX_BASES];
    unsigned nrows = 0;
    for (unsigned k = 0; k < ll->n[in]; k++) {
        uint64_t v;
        if (!pack(ll, ll->b[in][k], pos, shape, &v)) {
            snprintf(err, nerr, "its %s basis %u leaves the %s", in_names[in], k, "shape");
            return false;
        }
        uint64_t c = (uint64_t)1 << k;
        for (unsigned i = 0; i < nrows; i++) {   /* reduce by the pivots so far (highest bit) */
            uint64_t top = (uint64_t)1 << (63 - __builtin_clzll(img[i]));
            if (v & top) {
                v ^= img[i];
                c ^= comb[i];
            }
        }
        if (!v)
            continue;   /* a zero or repeated basis: that bit of the input stays 0 */
        uint64_t top = (uint64_t)1 << (63 - __builtin_clzll(v));
        for (unsigned i = 0; i < nrows; i++)   /* keep the rows reduced by the new pivot */
            if (img[i] & top) {
                img[i] ^= v;
                comb[i] ^= c;
            }
        img[nrows] = v;
        comb[nrows++] = c;
    }
    for (unsigned d = 0; d < ll->rank; d++)
        for (unsigned k = 0; pos[d] + k < (d + 1 < ll->rank ? pos[d + 1] : total); k++) {
            uint64_t want = (uint64_t)1 << (pos[d] + k), x = want, c = 0;
            for (unsigned i = 0; i < nrows; i++) {
                uint64_t top = (uint64_t)1 << (63 - __builtin_clzll(img[i]));
                if (x & top) {
                    x ^= img[i];
                    c ^= comb[i];
                }
            }
            if (x) {
                snprintf(err, nerr, "no %s holds coordinate %lld of dimension %u: the layout does not cover the "
                         "shape", in_names[in], (long long)((int64_t)1 << k), d);
                return false;
            }
            inv[d][k] = (int64_t)c;
        }
    return true;
}

/* ---------------------------------------------------------- as text */

typedef struct {
    const char *var;
    unsigned from, len;           /* bits from..from+len-1 of var */
    bool top;                     /* the var's highest bit is in it: no '%' */
    int64_t scale;                /* what the field's lowest bit adds */
    uint64_t mask;                /* the bits the field can set */
} field;

static void field_text(lds_buf *b, const field *f)
{
    lds_buf_puts(b, f->var);
    if (f->from)
        lds_buf_printf(b, " / %lld", (long long)((int64_t)1 << f->from));
    if (!f->top)
        lds_buf_printf(b, " %% %lld", (long long)((int64_t)1 << f->len));
    if (f->scale != 1)
        lds_buf_printf(b, " * %lld", (long long)f->scale);
}

void lds_ll_text(lds_buf *b, const lds_ll_term *t, unsigned nt)
{
    field f[LDS_LL_NIN * LDS_LL_MAX_BASES];
    unsigned nf = 0;
    for (unsigned i = 0; i < nt; i++)
        for (unsigned k = 0; k < t[i].nbits;) {
            int64_t v = t[i].bit[k];
            if (!v) {
                k++;
                continue;
            }
            unsigned len = 1;
            if (lds_ll_log2(v) >= 0)   /* a power of two: the bits above that double it join */
                while (k + len < t[i].nbits && t[i].bit[k + len] == v << len && len < 62)
                    len++;
            LDS_ASSERT(nf < sizeof f / sizeof f[0]);
            uint64_t m = lds_ll_log2(v) >= 0 ? (((uint64_t)1 << len) - 1) * (uint64_t)v : (uint64_t)v;
            f[nf++] = (field){ t[i].var, k, len, k + len == t[i].nbits, v, m };
            k += len;
        }
    if (!nf) {
        lds_buf_putc(b, '0');
        return;
    }
    uint64_t seen = 0;
    bool disjoint = true;
    for (unsigned i = 0; i < nf; i++) {
        disjoint &= !(seen & f[i].mask);
        seen |= f[i].mask;
    }
    if (!disjoint && nf > 1)
        lds_buf_putc(b, '(');
    for (unsigned i = 0; i < nf; i++) {
        if (i)
            lds_buf_puts(b, disjoint ? " + " : " ^ ");
        field_text(b, &f[i]);
    }
    if (!disjoint && nf > 1)
        lds_buf_putc(b, ')');
}
