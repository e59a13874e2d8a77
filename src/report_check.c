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
#include <sys/stat.h>

#include "base/buf.h"
#include "src/counters.h"
#include "base/limits.h"
#include "base/mem.h"
#include "src/notes.h"

typedef struct {
    char *kernel, *counter;
    mpz_t value;              /* the sum of its rows */
    bool seen;                /* a row named it */
    bool unavailable;         /* a row said n/a: not measured */
} measured;

/* The counters the run predicts, by kernel and counter: the rows the
 * file is read for.  A row of any other counter is checked and let go,
 * so that memory holds what the prediction has, however long the file
 * (a million rows of counters no access predicts cost nothing). */
typedef struct {
    measured *m;              /* sorted by kernel, then counter */
    size_t n, cap;
} measurements;

static int by_key(const void *x, const void *y)
{
    const measured *a = x, *b = y;
    int c = strcmp(a->kernel, b->kernel);
    return c ? c : strcmp(a->counter, b->counter);
}

static measured *find_mutable(const measurements *ms, const char *kernel, const char *counter)
{
    measured key = { .kernel = (char *)kernel, .counter = (char *)counter };
    return ms->n ? bsearch(&key, ms->m, ms->n, sizeof *ms->m, by_key) : NULL;
}

static void free_measured(measured *m)
{
    lds_free(m->kernel);
    lds_free(m->counter);
    mpz_clear(m->value);
}

/* The counters of the run's accesses from `first` on: the keys, sorted,
 * each once, none seen yet. */
static void wanted_counters(const lds_run_view *run, measurements *ms)
{
    for (size_t i = run->first_access; i < run->res->n; i++) {
        const lds_access_result *a = run->res->accesses[i];
        if (a->failed)
            continue;
        lds_counter c[LDS_MAX_COUNTERS];
        unsigned nc = lds_access_counters(a, c);
        char kernel[40];
        snprintf(kernel, sizeof kernel, "lds_access_%u", a->index);
        for (unsigned k = 0; k < nc; k++) {
            if (c[k].percent)
                continue;
            ms->m = lds_xgrow(ms->m, ms->n, &ms->cap, sizeof *ms->m, 64);
            measured *m = &ms->m[ms->n++];
            *m = (measured){ .kernel = lds_xstrdup(kernel), .counter = lds_xstrdup(c[k].name) };
            mpz_init(m->value);
        }
        lds_counters_clear(c, nc);
    }
    if (ms->n > 1)   /* qsort's array may not be NULL, even empty */
        qsort(ms->m, ms->n, sizeof *ms->m, by_key);
    size_t out = 0;   /* one key each (an access predicts a counter once) */
    for (size_t i = 0; i < ms->n; i++) {
        if (out && !by_key(&ms->m[out - 1], &ms->m[i]))
            free_measured(&ms->m[i]);
        else
            ms->m[out++] = ms->m[i];
    }
    ms->n = out;
}

/* The longest CSV record read: a longer one is an error, not memory. */
#define MAX_RECORD LDS_MAX_LINE
#define MAX_FIELDS 64

/* A CSV file read record by record (RFC 4180 quoting, CR LF, LF or CR),
 * byte by byte without the stream's lock (only this thread reads it). */
typedef struct {
    FILE *f;
    unsigned line;            /* of the record read last */
    bool too_long;            /* it was longer than MAX_RECORD */
} csv_reader;

/* The next record into f[] (at most max fields, each allocated, the rest
 * dropped); how many fields, 0 at the end of the file. */
static size_t csv_next(csv_reader *cr, lds_buf *f, size_t max)
{
    size_t n = 0, bytes = 0;
    int c = getc_unlocked(cr->f);
    if (c == EOF)
        return 0;
    cr->line++;
    cr->too_long = false;
    for (;;) {
        lds_buf field = { 0 };
        lds_buf_putc(&field, '\0');   /* allocated, even when empty */
        field.len = 0;
        bool keep = n < max;
        if (c == '"') {
            while ((c = getc_unlocked(cr->f)) != EOF) {
                if (c == '"' && (c = getc_unlocked(cr->f)) != '"')
                    break;
                if (++bytes <= MAX_RECORD && keep)
                    lds_buf_putc(&field, (char)c);
            }
        }
        for (; c != EOF && c != ',' && c != '\n' && c != '\r'; c = getc_unlocked(cr->f))
            if (++bytes <= MAX_RECORD && keep)
                lds_buf_putc(&field, (char)c);
        if (keep)
            f[n++] = field;
        else
            lds_buf_free(&field);
        if (c != ',')
            break;
        c = getc_unlocked(cr->f);
    }
    if (c == '\r' && (c = getc_unlocked(cr->f)) != '\n' && c != EOF)
        ungetc(c, cr->f);
    cr->too_long = bytes > MAX_RECORD;
    return n ? n : 1;
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

/* A row (v NULL: not available) of a counter the run predicts: summed
 * into its key (one row per dispatch, or per XCD); n/a in any makes it
 * not measured.  Rows of other counters change nothing. */
static void add(measurements *ms, const char *kernel, size_t klen, const char *counter, mpz_srcptr v)
{
    char name[64];
    if (klen >= sizeof name)
        return;   /* longer than any lds_access_N */
    memcpy(name, kernel, klen);
    name[klen] = '\0';
    measured *m = find_mutable(ms, name, counter);
    if (!m)
        return;
    m->seen = true;
    m->unavailable |= !v;
    if (v)
        mpz_add(m->value, m->value, v);
}

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

/* Open FILE for reading (not a directory), past a UTF-8 byte-order mark
 * (a spreadsheet's export writes one); NULL (reported) if it cannot. */
static FILE *open_counters(lds_reporter *r, const char *path)
{
    bool from_stdin = !strcmp(path, "-");
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    struct stat st;
    if (!f) {
        lds_report_error(r, "--check-counters: %s: %s", path, strerror(errno));
        return NULL;
    }
    if (!from_stdin && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        lds_report_error(r, "--check-counters: %s: is a directory", path);
        fclose(f);
        return NULL;
    }
    int c0 = getc(f), c1 = c0 == 0xef ? getc(f) : EOF, c2 = c1 == 0xbb ? getc(f) : EOF;
    if (!(c0 == 0xef && c1 == 0xbb && c2 == 0xbf)) {   /* not a mark: read from the start */
        if (c2 != EOF || c1 != EOF) {
            if (from_stdin || fseek(f, 0, SEEK_SET) != 0) {
                lds_report_error(r, "--check-counters: %s: cannot read it again from its start", path);
                if (!from_stdin)
                    fclose(f);
                return NULL;
            }
        } else if (c0 != EOF) {
            ungetc(c0, f);
        }
    }
    return f;
}

/* One data row of the file (fields f, the header's columns kc, cc and
 * vc): into ms.  0, or -1 (reported). */
static int read_row(lds_reporter *r, const char *path, unsigned line, const lds_buf *f, int kc, int cc, int vc,
                    bool by_index, measurements *ms, mpz_t v)
{
    const char *kernel = lds_buf_str(&f[kc]);
    if (has_nul(&f[kc]) || has_nul(&f[cc]) || has_nul(&f[vc])) {
        lds_report_error(r, "%s:%u: a NUL byte in a field", path, line);
        return -1;
    }
    if (by_index && !strcmp(kernel, "total"))
        return 0;   /* lds-calc's own totals: not a kernel */
    if (!unavailable(&f[vc]) && parse_value(&f[vc], v) < 0) {
        lds_report_error(r, "%s:%u: counter value '%s' is not a whole number", path, line, lds_buf_str(&f[vc]));
        return -1;
    }
    if (by_index) {
        char name[64];
        snprintf(name, sizeof name, "lds_access_%.40s", kernel);
        add(ms, name, strlen(name), lds_buf_str(&f[cc]), unavailable(&f[vc]) ? NULL : v);
    } else {
        add(ms, kernel, strcspn(kernel, "( "), lds_buf_str(&f[cc]), unavailable(&f[vc]) ? NULL : v);
    }
    return 0;
}

/* Read FILE's counters into the keys of ms, record by record; -1
 * (reported) if it cannot be read or has no header or a bad value. */
static int read_measurements(lds_reporter *r, const char *path, measurements *ms)
{
    static const char *const kernel_names[] = { "Kernel Name", "Kernel_Name", "kernel", "index", NULL };
    static const char *const counter_names[] = { "Metric Name", "Counter_Name", "counter", NULL };
    static const char *const value_names[] = { "Metric Value", "Counter_Value", "value", NULL };
    csv_reader cr = { .f = open_counters(r, path) };
    if (!cr.f)
        return -1;
    int kc = -1, cc = -1, vc = -1, rc = 0;
    bool by_index = false;
    mpz_t v;
    mpz_init(v);
    lds_buf f[MAX_FIELDS];
    for (size_t n; rc == 0 && (n = csv_next(&cr, f, MAX_FIELDS)) > 0; free_fields(f, n)) {
        if (cr.too_long) {
            lds_report_error(r, "%s:%u: a record longer than %u bytes", path, cr.line, MAX_RECORD);
            rc = -1;
        } else if (kc < 0) {   /* still looking for the header */
            kc = column(f, n, kernel_names);
            cc = column(f, n, counter_names);
            vc = column(f, n, value_names);
            if (kc < 0 || cc < 0 || vc < 0)
                kc = cc = vc = -1;
            else
                by_index = !strcmp(lds_buf_str(&f[kc]), "index");
        } else if ((size_t)kc < n && (size_t)cc < n && (size_t)vc < n) {
            rc = read_row(r, path, cr.line, f, kc, cc, vc, by_index, ms, v);
        } else if (n > 1) {
            lds_report_error(r, "%s:%u: %zu fields, fewer than the header's columns", path, cr.line, n);
            rc = -1;
        }
    }
    if (rc == 0 && ferror(cr.f)) {
        lds_report_error(r, "--check-counters: %s: %s", path, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && kc < 0) {
        lds_report_error(r, "%s: no header row with a kernel, a counter and a value column (ncu --csv, rocprofv3's "
                         "counter_collection.csv, a probe's expected.csv or lds-calc --format counters)", path);
        rc = -1;
    }
    mpz_clear(v);
    if (cr.f != stdin)
        fclose(cr.f);
    return rc;
}

static const measured *find(const measurements *ms, const char *kernel, const char *counter)
{
    return find_mutable(ms, kernel, counter);
}

/* --tolerance: Nsight's hardware l1tex wavefront and conflict counters
 * can read above the instructions' own count, by more the larger the
 * launch (one or two on 1024-thread blocks of the H200,
 * measurements/h200-sm90; about 1.5% at 16,384 blocks on an sm120, doc/
 * rules.md); a measured value up to `tolerance` above the prediction, or
 * up to `ppm` millionths of it (rounded up), agrees.  Instruction counts,
 * the SASS-level counters and AMD's are exact. */
static bool within_tolerance(const char *name, mpz_srcptr measured_value, mpz_srcptr predicted, uint64_t tolerance,
                             uint32_t ppm)
{
    if ((!tolerance && !ppm) || strncmp(name, "l1tex__", 7))
        return false;
    mpz_t over, limit;
    mpz_inits(over, limit, NULL);
    mpz_sub(over, measured_value, predicted);
    if (ppm) {
        mpz_mul_ui(limit, predicted, ppm);
        mpz_cdiv_q_ui(limit, limit, 1000000);
    } else
        mpz_set_ui(limit, tolerance);
    bool ok = mpz_sgn(over) > 0 && mpz_cmp(over, limit) <= 0;
    mpz_clears(over, limit, NULL);
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
static void check_access(lds_buf *b, const lds_access_result *a, const measurements *ms, uint64_t tolerance, uint32_t ppm,
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
        if (!m || !m->seen || m->unavailable) {
            if (m && m->seen)
                lds_buf_printf(b, ", not measured (%s reads n/a for %s)\n", c[k].name, kernel);
            else
                lds_buf_printf(b, ", not measured (no %s row for %s)\n", c[k].name, kernel);
            ++*missing;
        } else {
            char *got = lds_mpz_str(m->value);
            bool same = mpz_cmp(m->value, c[k].value) == 0, close = !same && within_tolerance(c[k].name, m->value, c[k].value, tolerance, ppm);
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
    wanted_counters(run, &ms);
    if (!r->o.counters_file) {   /* the command line gives one; the REPL cannot reach here */
        lds_report_error(r, "no counters file to check");
        r->io_error = true;
    } else if (read_measurements(r, r->o.counters_file, &ms) < 0) {
        r->io_error = true;
    } else {
        unsigned agree = 0, differ = 0, missing = 0;
        lds_buf b = { 0 };
        for (size_t i = run->first_access; i < run->res->n; i++)
            check_access(&b, run->res->accesses[i], &ms, r->o.counter_tolerance, r->o.counter_tolerance_ppm, &agree,
                         &differ, &missing);
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
