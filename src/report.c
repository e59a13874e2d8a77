/* src/report.c - the reporter: dispatch to the format's writer, and the
 * pieces the writers share (header, labels, pictures on disk). */
#include "sim/coalesce.h"
#include "src/report_impl.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/check.h"
#include "src/instructions.h"
#include "base/mem.h"
#include "src/outfile.h"
#include "sim/sim.h"
#include "src/layout_draw.h"
#include "src/svg.h"

static const char *const format_names[] = { "text", "json", "csv", "svg", "markdown", "counters",
                                            "diagnostics", "sarif", "probe-cuda", "probe-hip", "check-counters" };

const char *lds_format_name(lds_format f)
{
    return format_names[f];
}

int lds_format_lookup(const char *name)
{
    for (int i = 0; i <= FMT_SARIF; i++)   /* the --format names */
        if (!strcmp(name, format_names[i]))
            return i;
    return strcmp(name, "md") ? -1 : FMT_MARKDOWN;
}

/* The writer of a format; a sweep in text or Markdown is a table, one
 * row per point, unless --sweep=reports asked for a report per point. */
static const lds_format_ops *ops_of(lds_format f, bool sweep_table)
{
    static const lds_format_ops *const ops[] = { &lds_text_ops, &lds_json_ops, &lds_csv_ops, &lds_svg_ops,
                                                 &lds_markdown_ops, &lds_counters_ops, &lds_diagnostics_ops,
                                                 &lds_sarif_ops, &lds_probe_cuda_ops, &lds_probe_hip_ops,
                                                 &lds_check_counters_ops };
    if (sweep_table && f == FMT_TEXT)
        return &lds_text_table_ops;
    if (sweep_table && f == FMT_MARKDOWN)
        return &lds_markdown_table_ops;
    return ops[f];
}

lds_reporter *lds_reporter_new(const lds_report_options *o)
{
    lds_reporter *r = lds_xcalloc(1, sizeof *r);
    r->o = *o;
    r->ops = ops_of(o->format, false);
    return r;
}

void lds_reporter_free(lds_reporter *r)
{
    if (r)
        lds_free(r->text_kernel);
    lds_free(r);
}

void lds_reporter_set_format(lds_reporter *r, lds_format f)
{
    r->o.format = f;
    r->ops = ops_of(f, false);
    r->csv_header_done = false;
    r->last_header[0] = '\0';
}

lds_format lds_reporter_format(const lds_reporter *r)
{
    return r->o.format;
}

void lds_reporter_set_sources(lds_reporter *r, const lds_source *const *sources, unsigned n)
{
    r->o.sources = sources;
    r->o.nsources = n;
}

void lds_reporter_begin_run(lds_reporter *r, const lds_label *labels, unsigned nlabels)
{
    r->labels = labels;
    r->nlabels = nlabels;
    r->ops = ops_of(r->o.format, r->o.sweep_table && nlabels > 0);
    lds_free(r->text_kernel);
    r->text_kernel = NULL;
}

void lds_reporter_access(lds_reporter *r, const lds_access_result *a)
{
    if (!r->o.quiet && r->ops->access)
        r->ops->access(r, a);
}

void lds_report_error(lds_reporter *r, const char *fmt, ...)
{
    va_list ap;
    fprintf(r->o.err, "%s: ", r->o.prog ? r->o.prog : "lds-calc");
    va_start(ap, fmt);
    vfprintf(r->o.err, fmt, ap);
    va_end(ap);
    fputc('\n', r->o.err);
}

void lds_reporter_expect(lds_reporter *r, const lds_expect_result *e)
{
    if (e->ok || r->o.quiet)
        return;
    FILE *err = r->o.err;
    if (r->o.prog)
        fprintf(err, "%s: ", r->o.prog);
    lds_fput_text(err, e->file ? e->file : "");   /* a file's name is user text */
    fprintf(err, ":%u:%u: expect failed: %s: %s is %s, expected %s%s%s", e->line, e->col, e->source, e->metric_name, e->actual, e->cmp == OP_EQ ? "" : lds_op_name(e->cmp),
            e->cmp == OP_EQ ? "" : " ", e->expected);
    for (unsigned i = 0; i < r->nlabels; i++)   /* a sweep: which point, as the gates and errors say it */
        fprintf(err, "%s%s=%s", i ? " " : " (", r->labels[i].name, r->labels[i].value);
    fputs(r->nlabels ? ")\n" : "\n", err);
}

lds_run_start lds_run_start_of(const lds_results *res)
{
    lds_run_start s = { res->n, res->nexpects, res->nlayouts, res->nsuggestions, res->lds.arrays,
                        res->nended_kernels, res->kernels };
    return s;
}

void lds_reporter_end_run(lds_reporter *r, const lds_results *res, lds_run_start start, const lds_run_status *status)
{
    lds_run_view run = { res,
                         start.first_access,
                         start.first_expect,
                         start.first_layout,
                         start.first_suggestion,
                         start.first_array,
                         start.first_ended_kernel,
                         start.first_kernel,
                         status };
    if ((!r->o.quiet || r->ops->acts_when_quiet) && r->ops->end_run)
        r->ops->end_run(r, &run);
    r->runs++;
    errno = 0;
    if ((!r->hold_output && fflush(r->o.out) != 0) || ferror(r->o.out)) {   /* a full disk, a closed pipe */
        if (!r->out_failed)
            lds_report_error(r, "cannot write the results: %s", errno ? strerror(errno) : "the output is full or closed");
        r->out_failed = r->io_error = true;
    }
}

void lds_reporter_hold_output(lds_reporter *r, bool hold)
{
    r->hold_output = hold;
}

void lds_reporter_finish(lds_reporter *r)
{
    if (!r->o.quiet && r->ops->finish && r->runs)
        r->ops->finish(r);
    if (fflush(r->o.out) != 0 || ferror(r->o.out))
        r->io_error = true;
}

bool lds_reporter_mismatched(const lds_reporter *r)
{
    return r->mismatched;
}

bool lds_reporter_failed(const lds_reporter *r)
{
    return r->io_error;
}

bool lds_reporter_out_failed(const lds_reporter *r)
{
    return r->out_failed;
}

/* ------------------------------------------------------------- pieces */

void lds_report_header_line(const lds_sim_profile *p, char *buf, size_t size)
{
    char over[LDS_SIM_OVERRIDES_LEN], lds[32];
    lds_sim_profile_overrides(p, over, sizeof over);
    if (p->lds_bytes % 1024 == 0)
        snprintf(lds, sizeof lds, "%llu KiB", (unsigned long long)(p->lds_bytes / 1024));
    else
        snprintf(lds, sizeof lds, "%llu B", (unsigned long long)p->lds_bytes);
    snprintf(buf, size, "# profile %s: %u banks x %u B, wave%u, LDS %s, rules %s (r2 %s, r3 %s)%s%s\n", p->name,
             p->banks, p->bank_bytes, p->wave, lds, lds_sim_profile_rules(p), p->r2 == LDS_R2_STRICT ? "strict" : "word",
             p->r3 == LDS_R3_SUBSTEPS ? "substeps" : "phases", over[0] ? "; overrides: " : "", over);
}

void lds_report_labels_prefix(const lds_reporter *r, FILE *out)
{
    for (unsigned i = 0; i < r->nlabels; i++)
        fprintf(out, "%s%s=%s", i ? " " : "", r->labels[i].name, r->labels[i].value);
    if (r->nlabels)
        fputs(": ", out);
}

void lds_report_number(const lds_reporter *r, FILE *out, mpz_srcptr v)
{
    char *digits = lds_mpz_str(v);
    const char *sep = r->o.group_digits, *d = digits;
    if (!sep) {
        fputs(digits, out);
        lds_free(digits);
        return;
    }
    if (*d == '-')
        fputc(*d++, out);
    size_t n = strlen(d);
    for (size_t i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0)
            fputs(sep, out);
        fputc(d[i], out);
    }
    lds_free(digits);
}

void lds_report_metrics_text(const lds_reporter *r, FILE *out, const lds_metrics *m)
{
    mpz_t excess;
    mpz_init(excess);
    lds_metrics_excess(m, excess);
    static const char *const names[] = { "cycles", "ideal", "excess", "instructions" };
    mpz_srcptr values[] = { m->cycles, m->ideal, excess, m->instructions };
    for (int i = 0; i < 4; i++) {
        fprintf(out, "%s%s ", i ? ", " : "", names[i]);
        lds_report_number(r, out, values[i]);
    }
    /* the rest only where they are not zero */
    static const char *const optional[] = { "broadcasts", "unaligned", "skipped" };
    mpz_srcptr more[] = { m->broadcasts, m->unaligned, m->skipped };
    for (int i = 0; i < 3; i++)
        if (mpz_sgn(more[i])) {
            fprintf(out, ", %s ", optional[i]);
            lds_report_number(r, out, more[i]);
        }
    mpz_clear(excess);
}

bool lds_report_efficiency(const lds_metrics *m, unsigned long *hundredths)
{
    if (!m->global || !mpz_sgn(m->global->fetched))
        return false;
    mpz_t h;   /* rounded down, as expect efficiency is */
    mpz_init(h);
    mpz_mul_ui(h, m->global->useful, 10000);
    mpz_fdiv_q(h, h, m->global->fetched);
    *hundredths = mpz_get_ui(h);   /* at most 10000: useful <= fetched */
    mpz_clear(h);
    return true;
}

void lds_report_efficiency_text(FILE *out, const lds_metrics *m)
{
    unsigned long h;
    if (lds_report_efficiency(m, &h))
        fprintf(out, "%lu.%lu%%", h / 100, h / 10 % 10);
    else
        fputs("n/a", out);
}

void lds_report_global_text(const lds_reporter *r, FILE *out, const lds_metrics *m, const lds_sim_profile *p)
{
    const lds_sim_global_model *gm = lds_sim_global_model_of(p);
    mpz_t excess;
    mpz_init(excess);
    lds_metrics_excess(m, excess);
    fprintf(out, "%s ", gm->unit_name);
    lds_report_number(r, out, m->cycles);
    fprintf(out, " x %u B, ideal ", gm->unit);
    lds_report_number(r, out, m->ideal);
    fputs(", excess ", out);
    lds_report_number(r, out, excess);
    fputs(", efficiency ", out);
    lds_report_efficiency_text(out, m);
    if (m->global) {
        fputs(" (", out);
        lds_report_number(r, out, m->global->useful);
        fputs(" of ", out);
        lds_report_number(r, out, m->global->fetched);
        fputs(" bytes)", out);
    }
    fputs(", instructions ", out);
    lds_report_number(r, out, m->instructions);
    if (m->global) {
        fputs(", lines ", out);
        lds_report_number(r, out, m->global->lines);
        fprintf(out, " x %u B", gm->line);
    }
    if (mpz_sgn(m->skipped)) {
        fputs(", skipped ", out);
        lds_report_number(r, out, m->skipped);
    }
    mpz_clear(excess);
}

unsigned lds_report_pictures_of(const lds_access_result *a)
{
    if (!a->nsamples)
        return 0;
    return a->show != SHOW_SUMMARY ? a->nsamples : 1;
}

/* [NAME VALUE-]...STEM[-K].svg (no -K for k < 0), or -1 if it does not fit. */
static int picture_name(const lds_reporter *r, const char *stem, int k, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < r->nlabels && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s-", r->labels[i].name, r->labels[i].value);
    if (n < size)
        n += (size_t)snprintf(buf + n, size - n, "%s", stem);
    if (k >= 0 && n < size)
        n += (size_t)snprintf(buf + n, size - n, "-%d", k);
    if (n < size)
        n += (size_t)snprintf(buf + n, size - n, ".svg");
    return n < size ? 0 : -1;
}

int lds_report_write_file(lds_reporter *r, const char *name, mode_t mode, void (*write)(FILE *f, const void *ctx),
                          const void *ctx)
{
    char why[4200];
    if (lds_outfile_write(r->o.output_dir, name, mode, write, ctx, why, sizeof why) < 0) {
        lds_report_error(r, "%s", why);
        r->io_error = true;
        return -1;
    }
    return 0;
}

/* A picture to draw: how, and what. */
typedef struct {
    void (*draw)(FILE *, const void *, unsigned);
    const void *what;
    unsigned which;
} picture;

static void draw_picture(FILE *f, const void *ctx)
{
    const picture *p = ctx;
    p->draw(f, p->what, p->which);
}

/* Draw into DIR/name.  0, or -1 (reported). */
static int write_svg_file(lds_reporter *r, const char *name, void (*draw)(FILE *, const void *, unsigned),
                          const void *what, unsigned which)
{
    picture p = { draw, what, which };
    if (lds_report_write_file(r, name, 0644, draw_picture, &p) < 0)
        return -1;
    r->pictures++;
    return 0;
}

static void draw_access(FILE *out, const void *a, unsigned sample)
{
    lds_svg_write(out, a, sample);
}

static void draw_layout(FILE *out, const void *pic, unsigned unused)
{
    (void)unused;
    lds_layout_draw_svg(out, pic);
}

static int name_too_long(lds_reporter *r, const char *what)
{
    lds_report_error(r, "%s: the file name of the picture of %s would be too long", r->o.output_dir, what);
    r->io_error = true;
    return -1;
}

/* What picture names are made of: a name's letters, digits, '_' and '.',
 * anything else as '_'. */
static void name_part(lds_buf *b, const char *s)
{
    for (; *s; s++)
        lds_buf_printf(b, "%c", (isalnum((unsigned char)*s) || *s == '_' || *s == '.') ? *s : '_');
}

/* The stem of a record's picture: [KERNEL-]LLINE-ARRAY (ARRAY "access"
 * where it has none, "global" for global memory), then what tells it from
 * the other records of the run with that stem: its kind, then its column,
 * then its number. */
static char *picture_stem(const lds_results *res, size_t first, size_t record)
{
    const lds_access_result *a = res->accesses[record];
    unsigned same_place = 0, same_kind = 0, same_col = 0;
    for (size_t i = first; i < res->n; i++) {
        const lds_access_result *o = res->accesses[i];
        if (o->failed || o->line != a->line || o->kernel != a->kernel || o->array != a->array || o->file != a->file)
            continue;   /* kernels, arrays and files interned */
        same_place++;
        same_kind += o->kind == a->kind;
        same_col += o->kind == a->kind && o->col == a->col;
    }
    LDS_ASSERT(same_place >= 1 && same_kind >= 1 && same_col >= 1);
    lds_buf b = { 0 };
    if (a->kernel) {
        name_part(&b, a->kernel);
        lds_buf_printf(&b, "-");
    }
    lds_buf_printf(&b, "L%u-", a->line);
    name_part(&b, a->array ? a->array : a->global ? "global" : "access");
    if (same_place > 1)
        lds_buf_printf(&b, "-%s", lds_access_kind_name(a->kind));
    if (same_kind > 1)
        lds_buf_printf(&b, "-c%u", a->col);
    if (same_col > 1)
        lds_buf_printf(&b, "-n%u", a->index);
    return lds_buf_take(&b);
}

int lds_report_write_picture(lds_reporter *r, const lds_results *res, size_t first, size_t record, unsigned sample,
                             char *name, size_t size)
{
    const lds_access_result *a = res->accesses[record];
    char *stem = picture_stem(res, first, record);
    int rc = picture_name(r, stem, a->show != SHOW_SUMMARY ? (int)sample + 1 : -1, name, size);
    if (rc < 0)
        rc = name_too_long(r, stem);
    lds_free(stem);
    return rc < 0 ? -1 : write_svg_file(r, name, draw_access, a, sample);
}

int lds_report_write_layout(lds_reporter *r, const lds_run_view *run, size_t layout, char *name, size_t size)
{
    const lds_layout_result *pic = run->res->layouts[layout];
    int earlier = 0;   /* pictures of the same array before it in the run */
    for (size_t i = run->first_layout; i < layout; i++)
        earlier += !strcmp(run->res->layouts[i]->array, pic->array);
    char stem[300];
    if ((size_t)snprintf(stem, sizeof stem, "layout-%s", pic->array) >= sizeof stem
        || picture_name(r, stem, earlier ? earlier + 1 : -1, name, size) < 0)
        return name_too_long(r, pic->array);
    return write_svg_file(r, name, draw_layout, pic, 0);
}

/* The number of source in the list of distinct sources (added if new). */
static unsigned source_number(const char **list, unsigned *n, const char *source)
{
    for (unsigned i = 0; i < *n; i++)
        if (!strcmp(list[i], source))
            return i + 1;
    list[(*n)++] = source;
    return *n;
}

/* The rules beyond the tables, class by class: the pair rule, and what a
 * misaligned wide address costs (each with its confidence and source). */
/* Whether the profile has instructions of this kind and width class: no
 * b96 atomics, and none wider than the profile's widest atomic. */
static bool class_exists(const lds_sim_profile *p, int kind, int wc)
{
    return !(kind == LDS_ACCESS_ATOMIC && wc >= LDS_WC_B96 && (wc == LDS_WC_B96 || p->max_atomic < 16));
}

static void arch_info_rules(FILE *out, const lds_sim_profile *p)
{
    bool any_pair = false;
    for (int k = 0; k < LDS_ACCESS_KINDS; k++)
        for (int wc = LDS_WC_B64; wc < LDS_WC_COUNT; wc++) {
            const lds_sim_entry *e = &p->geometry[k][wc];
            if (!e->paired)
                continue;
            fprintf(out, "  pair rule    %s %s: %s when lanes pair up on equal addresses (%s): %s\n",
                    lds_sim_kind_name((lds_sim_kind)k), lds_sim_width_class_name((lds_sim_width_class)wc), lds_sim_text_of(e->paired),
                    lds_sim_confidence_name(e->pair.confidence), lds_sim_text_of(e->pair.source));
            any_pair = true;
        }
    if (!any_pair)
        fprintf(out, "  pair rule    none on %s\n", p->name);
    if (p->natural_align)
        return;   /* a misaligned wide address is an error there */
    /* one line per distinct rule, naming the classes it covers */
    const lds_sim_rule *shown[LDS_ACCESS_KINDS * LDS_WC_COUNT];
    unsigned nshown = 0;
    for (int wc = LDS_WC_B64; wc < LDS_WC_COUNT; wc++)
        for (int k = 0; k < LDS_ACCESS_KINDS; k++) {
            const lds_sim_entry *e = &p->geometry[k][wc];
            bool seen = false;
            for (unsigned i = 0; i < nshown; i++)
                seen |= shown[i]->source == e->unaligned.source;
            if (seen || !e->unaligned.source)
                continue;
            shown[nshown++] = &e->unaligned;
            fprintf(out, "  unaligned   ");
            const char *sep = " ";
            for (int k2 = 0; k2 < LDS_ACCESS_KINDS; k2++)
                for (int wc2 = LDS_WC_B64; wc2 < LDS_WC_COUNT; wc2++)
                    if (p->geometry[k2][wc2].unaligned.source == e->unaligned.source && class_exists(p, k2, wc2)) {
                        fprintf(out, "%s%s %s", sep, lds_sim_kind_name((lds_sim_kind)k2),
                                lds_sim_width_class_name((lds_sim_width_class)wc2));
                        sep = ", ";
                    }
            fprintf(out, ": %s (%s): %s\n",
                    e->unaligned_free ? "a misaligned lane is left out of the bank check, its own cost not modelled"
                                      : "every word a misaligned lane touches counts",
                    lds_sim_confidence_name(e->unaligned.confidence), lds_sim_text_of(e->unaligned.source));
        }
}

/* Per instruction class: its phases, bank period, confidence and source
 * (numbered, the sources listed once below). */
static void arch_info_geometry(FILE *out, const lds_sim_profile *p)
{
    const char *sources[LDS_ACCESS_KINDS * LDS_WC_COUNT];
    unsigned nsources = 0;
    fprintf(out, "  instructions (calibrated R3: which lanes form a phase, and the bank period):\n");
    fprintf(out, "    %-6s %-7s %-44s %5s  %-10s %s\n", "kind", "width", "phases", "banks", "confidence", "source");
    for (int k = 0; k < LDS_ACCESS_KINDS; k++)
        for (int wc = 0; wc < LDS_WC_COUNT; wc++) {
            const lds_sim_entry *e = &p->geometry[k][wc];
            if (!class_exists(p, k, wc))
                continue;
            char stepped[LDS_SIM_SPEC_LEN + 24];
            snprintf(stepped, sizeof stepped, "%s, a word at a time", e->phases);
            const char *phases = wc == LDS_WC_B96 && !p->has_b96 ? "none: three b32 instructions"
                                 : e->word_steps                 ? stepped
                                                                 : e->phases;
            fprintf(out, "    %-6s %-7s %-44s %5u  %-10s [%u]\n", lds_sim_kind_name((lds_sim_kind)k),
                    lds_sim_width_class_name((lds_sim_width_class)wc), phases, lds_sim_entry_banks(p, e),
                    lds_sim_confidence_name(e->confidence), source_number(sources, &nsources, lds_sim_text_of(e->source)));
        }
    fprintf(out, "  sources:\n");
    for (unsigned i = 0; i < nsources; i++)
        fprintf(out, "    [%u] %s\n", i + 1, sources[i]);
}

/* The instructions of the profile's vendor modelled as something other
 * than a plain access of their width (lds(5), INSTRUCTIONS). */
static void arch_info_instruction_forms(FILE *out, const lds_sim_profile *p)
{
    lds_sim_vendor v = lds_sim_profile_vendor(p);
    bool any = false;
    for (const lds_instruction_form *f = lds_instruction_forms; f->names; f++) {
        if (f->vendor != v)
            continue;
        if (!any)
            fprintf(out, "  instruction forms (modelled as; confidence; source):\n");
        any = true;
        fprintf(out, "    %s: %s; %s; %s\n", f->names, f->modelled_as, f->confidence, f->source);
    }
}

void lds_report_arch_info(FILE *out, const lds_sim_profile *p)
{
    fprintf(out, "%s: %s\n", p->name, lds_sim_text_of(p->title));
    fprintf(out, "  banks        %u x %u bytes\n", p->banks, p->bank_bytes);
    fprintf(out, "  wave         %u lanes\n", p->wave);
    fprintf(out, "  LDS          %llu bytes (%llu KiB)\n", (unsigned long long)p->lds_bytes,
            (unsigned long long)(p->lds_bytes / 1024));
    fprintf(out, "  writes       %s\n", lds_sim_merges(p, LDS_ACCESS_WRITE) ? "same-word writes merge (one lane wins)"
                                                                          : "never merge: every lane counts");
    if (p->natural_align)
        fprintf(out, "  alignment    natural for b64/b128\n");
    else
        fprintf(out, "  alignment    %u bytes for b%u and wider\n", p->bank_bytes, p->bank_bytes * 8);
    if (p->partitions)
        fprintf(out, "  partitions   %u x %llu KiB (%s): %s\n", p->partitions, (unsigned long long)(p->partition_bytes / 1024),
                lds_sim_confidence_name(p->partition.confidence), lds_sim_text_of(p->partition.source));
    arch_info_rules(out, p);
    fprintf(out, "  atomics      up to b%u\n", p->max_atomic * 8);
    fprintf(out, "  confidence   %s\n", lds_sim_text_of(p->summary));
    const lds_sim_global_model *gm = lds_sim_global_model_of(p);
    fprintf(out, "  global       %s of %u bytes, lines of %u bytes (%s): %s\n", gm->unit_name, gm->unit, gm->line,
            lds_sim_confidence_name(gm->confidence), gm->source);
    arch_info_geometry(out, p);
    arch_info_instruction_forms(out, p);
}

void lds_report_json_string(FILE *out, const char *str)
{
    const unsigned char *s = (const unsigned char *)(str ? str : "");
    size_t left = strlen((const char *)s);
    fputc('"', out);
    while (left) {
        size_t n = lds_text_char_len(s, left);   /* the rule of user text */
        if (!n)
            fprintf(out, "\\\\x%02x", *s);
        else if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if (*s == '\t')
            fputs("\\t", out);
        else
            fwrite(s, 1, n, out);
        n += !n;
        s += n;
        left -= n;
    }
    fputc('"', out);
}
