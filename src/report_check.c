/* src/report_check.c - --check-counters FILE: compare measured counters
 * with the run's prediction, access by access (lds-calc(1), PROBES).
 *
 * FILE is CSV with a header row naming a kernel, a counter and a value
 * column, in any of the layouts the profilers and lds-calc write:
 *
 *   ncu --csv                 "Kernel Name", "Metric Name", "Metric Value"
 *   rocprofv3 (counters)      Kernel_Name, Counter_Name, Counter_Value
 *   a probe's expected.csv    kernel, counter, value
 *   lds-calc --format counters   index, counter, value
 *
 * Rows before the header (ncu's ==PROF== lines) are skipped.  The probe
 * (src/report_probe.c) runs access N as kernel lds_access_N; a kernel
 * name is matched up to its '(' (rocprof writes the signature), and a
 * counter's rows are summed (one per dispatch, or per XCD).  Every
 * counter the prediction has must be measured and equal; the exit status
 * is 1 otherwise. */
#include "src/report_impl.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "src/buf.h"
#include "src/counters.h"
#include "src/input.h"
#include "src/mem.h"
#include "src/notes.h"

typedef struct {
    char *kernel, *counter;
    mpz_t value;
    bool unavailable;         /* a row said n/a: not measured */
} measured;

typedef struct {
    measured *m;              /* sorted by kernel, then counter, once read */
    size_t n, cap;
} measurements;

/* One CSV record from *p (RFC 4180 quoting, CR LF or LF), fields into
 * f[]; returns how many, and moves *p past the record. */
static size_t csv_record(const char **p, const char *end, lds_buf *f, size_t max)
{
    size_t n = 0;
    const char *s = *p;
    for (;;) {
        lds_buf field = { 0 };
        lds_buf_putc(&field, '\0');   /* allocated, even when empty */
        field.len = 0;
        if (s < end && *s == '"') {
            for (s++; s < end; s++) {
                if (*s == '"' && s + 1 < end && s[1] == '"')
                    lds_buf_putc(&field, *s++);
                else if (*s == '"')
                    break;
                else
                    lds_buf_putc(&field, *s);
            }
            if (s < end)
                s++;
        }
        while (s < end && *s != ',' && *s != '\n' && *s != '\r')
            lds_buf_putc(&field, *s++);
        if (n < max)
            f[n++] = field;
        else
            lds_buf_free(&field);
        if (s < end && *s == ',') {
            s++;
            continue;
        }
        break;
    }
    if (s < end && *s == '\r')
        s++;
    if (s < end && *s == '\n')
        s++;
    *p = s;
    return n;
}

/* A counter value, all of the field: digits, with ncu's thousands
 * separators ("1,024": groups of three) and a zero fraction ("12.00").
 * 0, or -1. */
static int parse_value(const lds_buf *field, mpz_t out)
{
    lds_buf digits = { 0 };
    const char *s = field->s, *end = field->s + field->len;
    size_t run = 0;           /* digits since the last separator */
    bool grouped = false, ok = true;
    while (s < end && *s == ' ')
        s++;
    for (; ok && s < end && *s != '.' && *s != ' '; s++) {
        if (*s == ',') {   /* the first group 1-3 digits, every later one 3 */
            ok = run > 0 && run <= 3 && (!grouped || run == 3);
            grouped = true;
            run = 0;
        } else if (isdigit((unsigned char)*s)) {
            lds_buf_putc(&digits, *s);
            run++;
        } else {
            ok = false;
        }
    }
    ok = ok && digits.len && (!grouped || run == 3);
    if (ok && s < end && *s == '.')
        for (s++; s < end && *s == '0'; s++) {}
    while (s < end && *s == ' ')
        s++;
    ok = ok && s == end && mpz_set_str(out, lds_buf_str(&digits), 10) == 0;
    lds_buf_free(&digits);
    return ok ? 0 : -1;
}

/* What profilers write for a counter they could not collect. */
static bool unavailable(const lds_buf *field)
{
    static const char *const words[] = { "n/a", "N/A", "na", "NA", "", NULL };
    for (const char *const *w = words; *w; w++)
        if (field->len == strlen(*w) && !memcmp(field->s, *w, field->len))
            return true;
    return false;
}

static int column(const lds_buf *f, size_t n, const char *const *names)
{
    for (size_t i = 0; i < n; i++)
        for (const char *const *name = names; *name; name++)
            if (!strcmp(lds_buf_str(&f[i]), *name))
                return (int)i;
    return -1;
}

/* A row (v NULL: not available); rows of one kernel and counter are
 * summed once all are read. */
static void add(measurements *ms, const char *kernel, size_t klen, const char *counter, mpz_srcptr v)
{
    ms->m = lds_xgrow(ms->m, ms->n, &ms->cap, sizeof *ms->m, 64);
    measured *m = &ms->m[ms->n++];
    m->kernel = lds_xstrndup(kernel, klen);
    m->counter = lds_xstrdup(counter);
    m->unavailable = !v;
    mpz_init(m->value);
    if (v)
        mpz_set(m->value, v);
}

static int by_key(const void *x, const void *y)
{
    const measured *a = x, *b = y;
    int c = strcmp(a->kernel, b->kernel);
    return c ? c : strcmp(a->counter, b->counter);
}

static void free_measured(measured *m)
{
    lds_free(m->kernel);
    lds_free(m->counter);
    mpz_clear(m->value);
}

/* Sort the rows, and sum the rows of each kernel and counter into one
 * (one per dispatch, or per XCD); n/a in any makes it not measured. */
static void merge(measurements *ms)
{
    if (ms->n > 1)   /* qsort's array may not be NULL, even empty */
        qsort(ms->m, ms->n, sizeof *ms->m, by_key);
    size_t out = 0;
    for (size_t i = 0; i < ms->n; i++) {
        if (out && !by_key(&ms->m[out - 1], &ms->m[i])) {
            mpz_add(ms->m[out - 1].value, ms->m[out - 1].value, ms->m[i].value);
            ms->m[out - 1].unavailable |= ms->m[i].unavailable;
            free_measured(&ms->m[i]);
        } else {
            ms->m[out++] = ms->m[i];
        }
    }
    ms->n = out;
}

#define MAX_FIELDS 64

static void free_fields(lds_buf *f, size_t n)
{
    for (size_t i = 0; i < n; i++)
        lds_buf_free(&f[i]);
}

/* Whether a field holds a NUL byte (text that C strings would cut). */
static bool has_nul(const lds_buf *f)
{
    return memchr(f->s, '\0', f->len) != NULL;
}

/* Read FILE's counters; -1 (reported) if it cannot be read or has no
 * header or a bad value. */
static int read_measurements(lds_reporter *r, const char *path, measurements *ms)
{
    static const char *const kernel_names[] = { "Kernel Name", "Kernel_Name", "kernel", "index", NULL };
    static const char *const counter_names[] = { "Metric Name", "Counter_Name", "counter", NULL };
    static const char *const value_names[] = { "Metric Value", "Counter_Value", "value", NULL };
    lds_source src;
    char why[4200];
    if (lds_input_read(path, &src, why, sizeof why) < 0) {
        lds_report_error(r, "--check-counters: %s", why);
        return -1;
    }
    const char *p = src.text, *end = src.text + src.len;
    int kc = -1, cc = -1, vc = -1, rc = 0;
    bool by_index = false;
    unsigned line = 0;
    mpz_t v;
    mpz_init(v);
    while (p < end && rc == 0) {
        lds_buf f[MAX_FIELDS];
        line++;
        size_t n = csv_record(&p, end, f, MAX_FIELDS);
        if (kc < 0) {   /* still looking for the header */
            kc = column(f, n, kernel_names);
            cc = column(f, n, counter_names);
            vc = column(f, n, value_names);
            if (kc < 0 || cc < 0 || vc < 0)
                kc = cc = vc = -1;
            else
                by_index = !strcmp(lds_buf_str(&f[kc]), "index");
        } else if ((size_t)kc < n && (size_t)cc < n && (size_t)vc < n) {
            const char *kernel = lds_buf_str(&f[kc]);
            if (has_nul(&f[kc]) || has_nul(&f[cc]) || has_nul(&f[vc])) {
                lds_report_error(r, "%s:%u: a NUL byte in a field", path, line);
                rc = -1;
            } else if (by_index && !strcmp(kernel, "total")) {
                /* lds-calc's own totals: not a kernel */
            } else if (!unavailable(&f[vc]) && parse_value(&f[vc], v) < 0) {
                lds_report_error(r, "%s:%u: counter value '%s' is not a whole number", path, line,
                                 lds_buf_str(&f[vc]));
                rc = -1;
            } else if (by_index) {
                char name[40];
                snprintf(name, sizeof name, "lds_access_%s", kernel);
                add(ms, name, strlen(name), lds_buf_str(&f[cc]), unavailable(&f[vc]) ? NULL : v);
            } else {
                add(ms, kernel, strcspn(kernel, "( "), lds_buf_str(&f[cc]), unavailable(&f[vc]) ? NULL : v);
            }
        } else if (n > 1) {
            lds_report_error(r, "%s:%u: %zu fields, fewer than the header's columns", path, line, n);
            rc = -1;
        }
        free_fields(f, n);
    }
    if (rc == 0 && kc < 0) {
        lds_report_error(r, "%s: no header row with a kernel, a counter and a value column (ncu --csv, rocprofv3's "
                         "counter_collection.csv, a probe's expected.csv or lds-calc --format counters)", path);
        rc = -1;
    }
    mpz_clear(v);
    lds_input_free(&src);
    merge(ms);
    return rc;
}

static const measured *find(const measurements *ms, const char *kernel, const char *counter)
{
    measured key = { (char *)kernel, (char *)counter, { { 0, 0, NULL } }, false };
    return bsearch(&key, ms->m, ms->n, sizeof *ms->m, by_key);
}

/* --tolerance: Nsight's hardware l1tex wavefront and conflict counters
 * can read one or two above the instructions' own count (on 1024-thread
 * blocks of the H200, measurements/h200-sm90); a measured value up to
 * `tolerance` above the prediction agrees.  Instruction counts, the
 * SASS-level counters and AMD's are exact. */
static bool within_tolerance(const char *name, mpz_srcptr measured_value, mpz_srcptr predicted, uint64_t tolerance)
{
    mpz_t over;
    if (!tolerance || strncmp(name, "l1tex__", 7))
        return false;
    mpz_init(over);
    mpz_sub(over, measured_value, predicted);
    bool ok = mpz_sgn(over) > 0 && mpz_cmp_ui(over, tolerance) <= 0;
    mpz_clear(over);
    return ok;
}

/* Instruction counts of an access with waves of no active lane depend on
 * whether the compiler branched around it (no instruction, the default)
 * or predicated it (one instruction each: set idle_waves predicate). */
static void skipped_note(lds_buf *b, const lds_access_result *a)
{
    char idle[LDS_NOTE_LEN];
    lds_idle_waves_text(a, idle, sizeof idle);
    lds_buf_printf(b, "  (%s; %s)\n", idle,
                   lds_sim_profile_vendor(a->profile) == LDS_VENDOR_NVIDIA
                       ? "the _pred_on_any instruction counts compared here leave such instructions out either way"
                       : "the instruction count compared here counts them only where the compiler predicated the "
                         "access");
}

/* One access's counters against the measurements, into b; the tallies. */
static void check_access(lds_buf *b, const lds_access_result *a, const measurements *ms, uint64_t tolerance,
                         unsigned *agree, unsigned *differ, unsigned *missing)
{
    char kernel[40];
    snprintf(kernel, sizeof kernel, "lds_access_%u", a->index);
    lds_buf_printf(b, "access %u, %s:%u: %s (%s)\n", a->index, a->file ? a->file : "", a->line, a->source,
                   a->profile->name);
    if (a->failed) {
        lds_buf_printf(b, "  no prediction: %s%s\n", a->skipped ? "not modelled: " : "",
                       a->error ? a->error : "the access failed");
        ++*missing;
        return;
    }
    lds_counter c[LDS_MAX_COUNTERS];
    unsigned nc = lds_access_counters(a, c);
    if (!nc)
        lds_buf_printf(b, "  no profiler counters on this profile\n");
    for (unsigned k = 0; k < nc; k++) {
        if (c[k].percent)
            continue;   /* derived from the others */
        const measured *m = find(ms, kernel, c[k].name);
        char *want = lds_mpz_str(c[k].value);
        lds_buf_printf(b, "  %-68s predicted %s", c[k].name, want);
        if (!m || m->unavailable) {
            if (m)
                lds_buf_printf(b, ", not measured (%s reads n/a for %s)\n", c[k].name, kernel);
            else
                lds_buf_printf(b, ", not measured (no %s row for %s)\n", c[k].name, kernel);
            ++*missing;
        } else {
            char *got = lds_mpz_str(m->value);
            bool same = mpz_cmp(m->value, c[k].value) == 0, close = !same && within_tolerance(c[k].name, m->value, c[k].value, tolerance);
            lds_buf_printf(b, ", measured %s: %s\n", got, same ? "agree" : close ? "agree (within --tolerance)" : "DISAGREE");
            ++*(same || close ? agree : differ);
            lds_free(got);
        }
        lds_free(want);
    }
    if (mpz_sgn(a->m.skipped) > 0)
        skipped_note(b, a);
    lds_counters_clear(c, nc);
}

/* With -q nothing is printed; the exit status still tells. */
static void check_end_run(lds_reporter *r, const lds_run_view *run)
{
    measurements ms = { NULL, 0, 0 };
    if (!r->o.counters_file) {   /* the command line gives one; the REPL cannot reach here */
        lds_report_error(r, "no counters file to check");
        r->io_error = true;
    } else if (read_measurements(r, r->o.counters_file, &ms) < 0) {
        r->io_error = true;
    } else {
        unsigned agree = 0, differ = 0, missing = 0;
        lds_buf b = { 0 };
        for (size_t i = run->first_access; i < run->res->n; i++)
            check_access(&b, run->res->accesses[i], &ms, r->o.counter_tolerance, &agree, &differ, &missing);
        lds_buf_printf(&b, "%u agree, %u disagree, %u not measured\n", agree, differ, missing);
        if (!r->o.quiet)
            fputs(lds_buf_str(&b), r->o.out);
        lds_buf_free(&b);
        if (differ || missing)
            r->mismatched = true;
    }
    for (size_t i = 0; i < ms.n; i++)
        free_measured(&ms.m[i]);
    lds_free(ms.m);
}

const lds_format_ops lds_check_counters_ops = { NULL, check_end_run, NULL, true };
