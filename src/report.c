/* src/report.c - text, JSON and CSV writers over the driver's records. */
#include "src/report.h"

#include "src/explain.h"
#include "src/svg.h"

#include <errno.h>
#include <sys/stat.h>

#include <string.h>

static const char *rules_name(const lds_sim_profile *p)
{
    if (p->r2 == LDS_R2_WORD && p->r3 == LDS_R3_PHASES)
        return "calibrated";
    if (p->r2 == LDS_R2_STRICT && p->r3 == LDS_R3_SUBSTEPS)
        return "seed";
    return "mixed";
}

/* The profile a whole-run report names: the first access's, or the
 * current one when there is none. */
static const lds_sim_profile *run_profile(const lds_reporter *r, const lds_interp *in)
{
    return in->nrecords > r->first_record ? &in->records[r->first_record]->profile : &in->profile;
}

static const char *kind_name(lds_access_kind k)
{
    return k == ACC_READ ? "read" : k == ACC_WRITE ? "write" : "atomic";
}

/* --------------------------------------------------------------- text */

static void text_header(lds_reporter *r, const lds_access_record *rec)
{
    char header[512], over[256];
    const lds_sim_profile *p = &rec->profile;
    lds_profile_overrides(p, over, sizeof over);
    char lds[32];
    if (p->lds_bytes % 1024 == 0)
        snprintf(lds, sizeof lds, "%llu KiB", (unsigned long long)(p->lds_bytes / 1024));
    else
        snprintf(lds, sizeof lds, "%llu B", (unsigned long long)p->lds_bytes);
    snprintf(header, sizeof header, "# profile %s: %u banks x %u B, wave%u, LDS %s, rules %s (r2 %s, r3 %s)%s%s\n",
             p->name, p->banks, p->bank_bytes, p->wave, lds, rules_name(p),
             p->r2 == LDS_R2_STRICT ? "strict" : "word", p->r3 == LDS_R3_SUBSTEPS ? "substeps" : "phases",
             over[0] ? "; overrides: " : "", over);
    if (strcmp(header, r->last_header)) {
        fputs(header, r->out);
        if (p->uncertain)
            fprintf(r->out, "# note: %s's lane groups are uncertain (%s); see lds-calc --arch-info %s\n", p->name,
                    p->confidence, p->name);
        memcpy(r->last_header, header, sizeof header);
    }
}

static void defines_prefix(const lds_reporter *r)
{
    for (unsigned i = 0; i < r->ndefines; i++)
        fprintf(r->out, "%s%s=%s", i ? " " : "", r->defines[i].name, r->defines[i].value);
    if (r->ndefines)
        fputs(": ", r->out);
}

static void metrics_text(FILE *out, const lds_metrics *m)
{
    mpz_t excess;
    mpz_init(excess);
    lds_metrics_excess(m, excess);
    gmp_fprintf(out, "cycles %Zd, ideal %Zd, excess %Zd, instructions %Zd", m->cycles, m->ideal, excess,
                m->instructions);
    if (mpz_sgn(m->broadcasts))
        gmp_fprintf(out, ", broadcasts %Zd", m->broadcasts);
    mpz_clear(excess);
}

static void show_lanes(FILE *out, const lds_access_record *rec, const lds_sample *s)
{
    const lds_sim_profile *p = &rec->profile;
    lds_sim_access acc = lds_sample_access(rec, s);
    fprintf(out, "    lane  address     word  bank\n");
    for (unsigned lane = 0; lane < p->wave; lane++) {
        if (!s->active[lane]) {
            fprintf(out, "    %4u  (inactive)\n", lane);
            continue;
        }
        uint64_t w = s->addr[lane] / p->bank_bytes;
        fprintf(out, "    %4u  %7llu  %7llu  %4u\n", lane, (unsigned long long)s->addr[lane],
                (unsigned long long)w, lds_sim_bank_of(p, &acc, w));
    }
}

/* "0-3 8 10-11" from a lane mask */
static void print_lane_ranges(FILE *out, uint64_t lanes)
{
    int first = -1;
    for (int lane = 0; lane <= 64; lane++) {
        int on = lane < 64 && (lanes >> lane & 1);
        if (on && first < 0)
            first = lane;
        if (!on && first >= 0) {
            fprintf(out, first == lane - 1 ? " %d" : " %d-%d", first, lane - 1);
            first = -1;
        }
    }
}

static void show_phases(FILE *out, const lds_access_record *rec, const lds_sample *s)
{
    const lds_sim_profile *p = &rec->profile;
    const lds_sim_result *res = &s->result;
    lds_sim_access acc = lds_sample_access(rec, s);
    unsigned hits[LDS_SIM_MAX_BANKS], distinct[LDS_SIM_MAX_BANKS];
    unsigned banks = lds_sim_geometry_of(p, acc.kind, acc.width).banks;
    for (unsigned i = 0; i < res->nphases; i++) {
        const lds_sim_phase *ph = &res->phase[i];
        fprintf(out, "    phase %u", i);
        if (rec->profile.r3 == LDS_R3_SUBSTEPS)
            fprintf(out, " (sub-step %u)", ph->substep);
        fprintf(out, ": lanes");
        print_lane_ranges(out, ph->lanes);
        fprintf(out, "; %u cycle%s (bank %u), %u accesses, %u distinct\n", ph->cost, ph->cost == 1 ? "" : "s",
                ph->worst_bank, ph->accesses, ph->distinct);
        if (ph->cost <= 1)
            continue;
        /* the banks that serve more than one word: lane-word hits, words */
        lds_sim_phase_banks(p, &acc, ph, hits, distinct);
        fprintf(out, "      conflicting banks (bank: hits/words):");
        unsigned shown = 0;
        for (unsigned b = 0; b < banks; b++)
            if (distinct[b] > 1 && shown++ < 16)
                fprintf(out, " %u: %u/%u", b, hits[b], distinct[b]);
        if (shown > 16)
            fprintf(out, " ... (%u banks)", shown);
        fputc('\n', out);
    }
}

/* Lanes against banks: '#' a lane's word on a bank that costs more than
 * one cycle, 'o' a word the bank serves alone, 'b' a word shared with
 * another lane (broadcast). */
static void show_grid(FILE *out, const lds_access_record *rec, const lds_sample *s)
{
    const lds_sim_profile *p = &rec->profile;
    lds_sim_access acc = lds_sample_access(rec, s);
    static lds_sim_cell cells[LDS_SIM_MAX_CELLS];
    unsigned banks = lds_sim_geometry_of(p, acc.kind, acc.width).banks;
    char row[129];
    if (banks > 128)
        banks = 128;
    for (unsigned i = 0; i < s->result.nphases; i++) {
        const lds_sim_phase *ph = &s->result.phase[i];
        unsigned n = lds_sim_phase_cells(p, &acc, ph, cells);
        fprintf(out, "    phase %u: %u cycle%s\n         bank ", i, ph->cost, ph->cost == 1 ? "" : "s");
        for (unsigned b = 0; b < banks; b++)
            fputc(b % 10 == 0 ? '0' + (int)(b / 10 % 10) : ' ', out);
        fputc('\n', out);
        for (unsigned k = 0; k < n;) {   /* one row per lane: its cells are adjacent */
            unsigned lane = cells[k].lane;
            memset(row, '.', banks);
            row[banks] = '\0';
            for (; k < n && cells[k].lane == lane; k++)
                if (cells[k].bank < banks)
                    row[cells[k].bank] = cells[k].conflict ? '#' : cells[k].shared ? 'b' : 'o';
            fprintf(out, "    lane %3u %s\n", lane, row);
        }
    }
    fprintf(out, "    (o: the bank serves this word alone; b: broadcast; #: bank conflict)\n");
}

static void text_access(void *ctx, const lds_interp *in, const lds_access_record *rec)
{
    lds_reporter *r = ctx;
    if (r->quiet)
        return;
    (void)in;
    text_header(r, rec);
    defines_prefix(r);
    fprintf(r->out, "%u: %s: ", rec->stmt->loc.line, rec->stmt->source);
    if (mpz_sgn(rec->m.instructions) == 0) {
        fprintf(r->out, "no instructions\n");
        return;
    }
    fprintf(r->out, "%llu-way%s, ", (unsigned long long)rec->m.ways,
            rec->m.ways <= 1 ? " (conflict-free)" : "");
    metrics_text(r->out, &rec->m);
    fputc('\n', r->out);
    for (unsigned i = 0; rec->show != SHOW_SUMMARY && i < rec->nsamples; i++) {
        const lds_sample *s = &rec->samples[i];
        fprintf(r->out, "  instruction %u%s%s%s:\n", i + 1, s->label[0] ? " (" : "", s->label, s->label[0] ? ")" : "");
        if (rec->show == SHOW_LANES)
            show_lanes(r->out, rec, s);
        else if (rec->show == SHOW_PHASES)
            show_phases(r->out, rec, s);
        else
            show_grid(r->out, rec, s);
    }
    if (rec->explain)
        lds_explain_access(r->out, rec, "  - ");
    if (rec->show != SHOW_SUMMARY && rec->simulated > rec->nsamples)
        fprintf(r->out, "  (%llu more instructions simulated, not shown)\n",
                (unsigned long long)(rec->simulated - rec->nsamples));
}

static void expect_failure(void *ctx, const lds_interp *in, const lds_expect_record *e)
{
    lds_reporter *r = ctx;
    (void)in;
    if (e->ok || r->quiet)
        return;
    const lds_stmt *s = e->stmt;
    fprintf(stderr, "%s%s%s:%u:%u: expect failed: %s: %s is %s, expected %s\n", r->prog ? r->prog : "",
            r->prog ? ": " : "", s->loc.src ? s->loc.src->name : "", s->loc.line, s->loc.col, s->source,
            s->metric, e->actual, e->expected);
}

/* --------------------------------------------------------------- JSON */

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void json_doc(lds_reporter *r, const lds_interp *in)
{
    FILE *out = r->out;
    const lds_sim_profile *p = run_profile(r, in);
    mpz_t excess;
    mpz_init(excess);
    fprintf(out, "{\"profile\": {\"name\": ");
    json_string(out, p->name);
    fprintf(out, ", \"banks\": %u, \"bank_bytes\": %u, \"wave\": %u, \"lds\": %llu, \"r2\": \"%s\", \"r3\": \"%s\"}",
            p->banks, p->bank_bytes, p->wave, (unsigned long long)p->lds_bytes,
            p->r2 == LDS_R2_STRICT ? "strict" : "word", p->r3 == LDS_R3_SUBSTEPS ? "substeps" : "phases");
    if (r->ndefines) {
        fprintf(out, ", \"defines\": {");
        for (unsigned i = 0; i < r->ndefines; i++) {
            fprintf(out, "%s", i ? ", " : "");
            json_string(out, r->defines[i].name);
            fprintf(out, ": %s", r->defines[i].value);
        }
        fputc('}', out);
    }
    fprintf(out, ", \"accesses\": [");
    for (size_t i = r->first_record; i < in->nrecords; i++) {
        const lds_access_record *rec = in->records[i];
        lds_metrics_excess(&rec->m, excess);
        fprintf(out, "%s{\"line\": %u, \"source\": ", i > r->first_record ? ", " : "", rec->stmt->loc.line);
        json_string(out, rec->stmt->source);
        gmp_fprintf(out, ", \"kind\": \"%s\", \"width\": %u, \"instructions\": %Zd, \"ways\": %llu, \"cycles\": %Zd, "
                         "\"ideal\": %Zd, \"excess\": %Zd, \"broadcasts\": %Zd}",
                    kind_name(rec->kind), rec->width, rec->m.instructions, (unsigned long long)rec->m.ways,
                    rec->m.cycles, rec->m.ideal, excess, rec->m.broadcasts);
    }
    lds_metrics tot;
    lds_metrics_init(&tot);
    lds_interp_totals_from(in, r->first_record, &tot);
    lds_metrics_excess(&tot, excess);
    gmp_fprintf(out, "], \"totals\": {\"instructions\": %Zd, \"cycles\": %Zd, \"ideal\": %Zd, \"excess\": %Zd}",
                tot.instructions, tot.cycles, tot.ideal, excess);
    fprintf(out, ", \"expects\": [");
    for (size_t i = r->first_expect; i < in->nexpects; i++) {
        fprintf(out, "%s{\"line\": %u, \"source\": ", i > r->first_expect ? ", " : "", in->expects[i].stmt->loc.line);
        json_string(out, in->expects[i].stmt->source);
        fprintf(out, ", \"ok\": %s}", in->expects[i].ok ? "true" : "false");
    }
    fprintf(out, "]}\n");
    lds_metrics_clear(&tot);
    mpz_clear(excess);
}

/* ---------------------------------------------------------------- CSV */

static void csv_field(FILE *out, const char *s)
{
    if (strpbrk(s, ",\"\r\n")) {
        fputc('"', out);
        for (; *s; s++) {
            if (*s == '"')
                fputc('"', out);
            fputc(*s, out);
        }
        fputc('"', out);
    } else {
        fputs(s, out);
    }
}

static void csv_rows(lds_reporter *r, const lds_interp *in)
{
    FILE *out = r->out;
    mpz_t excess;
    if (!r->csv_header_done) {
        for (unsigned i = 0; i < r->ndefines; i++) {
            csv_field(out, r->defines[i].name);
            fputc(',', out);
        }
        fputs("profile,line,source,kind,width,instructions,ways,cycles,ideal,excess,broadcasts\r\n", out);
        r->csv_header_done = true;
    }
    mpz_init(excess);
    for (size_t i = r->first_record; i < in->nrecords; i++) {
        const lds_access_record *rec = in->records[i];
        for (unsigned d = 0; d < r->ndefines; d++)
            fprintf(out, "%s,", r->defines[d].value);
        csv_field(out, rec->profile.name);
        fprintf(out, ",%u,", rec->stmt->loc.line);
        csv_field(out, rec->stmt->source);
        lds_metrics_excess(&rec->m, excess);
        gmp_fprintf(out, ",%s,%u,%Zd,%llu,%Zd,%Zd,%Zd,%Zd\r\n", kind_name(rec->kind), rec->width,
                    rec->m.instructions, (unsigned long long)rec->m.ways, rec->m.cycles, rec->m.ideal, excess,
                    rec->m.broadcasts);
    }
    mpz_clear(excess);
}

/* ---------------------------------------------------------- pictures */

void lds_report_picture_name(const lds_reporter *r, size_t access, int sample, char *buf, size_t size)
{
    size_t n = 0;
    for (unsigned i = 0; i < r->ndefines && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s-", r->defines[i].name, r->defines[i].value);
    if (n < size)
        n += (size_t)snprintf(buf + n, size - n, "access%zu", access + 1);
    if (sample >= 0 && n < size)
        snprintf(buf + n, size - n, "-%d", sample + 1);
    if (n < size)
        strncat(buf, ".svg", size - strlen(buf) - 1);
}

/* How many pictures an access gives: one per kept instruction under
 * --show phases|lanes|grid, else one. */
static unsigned pictures_of(const lds_access_record *rec)
{
    if (!rec->nsamples)
        return 0;
    return rec->show != SHOW_SUMMARY ? rec->nsamples : 1;
}

static int write_picture(lds_reporter *r, const lds_access_record *rec, size_t access, unsigned sample)
{
    char name[256], path[4096];
    lds_report_picture_name(r, access, rec->show != SHOW_SUMMARY ? (int)sample : -1, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", r->output_dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: %s: %s\n", r->prog ? r->prog : "lds-calc", path, strerror(errno));
        r->io_error = true;
        return -1;
    }
    lds_svg_write(f, rec, sample);
    if (fclose(f) != 0) {
        fprintf(stderr, "%s: %s: %s\n", r->prog ? r->prog : "lds-calc", path, strerror(errno));
        r->io_error = true;
        return -1;
    }
    r->pictures++;
    return 0;
}

static void svg_pictures(lds_reporter *r, const lds_interp *in)
{
    unsigned total = 0;
    for (size_t i = r->first_record; i < in->nrecords; i++)
        total += in->records[i]->failed ? 0 : pictures_of(in->records[i]);
    if (!r->output_dir) {
        if (total == 1 && r->pictures == 0) {
            for (size_t i = r->first_record; i < in->nrecords; i++)
                if (!in->records[i]->failed && pictures_of(in->records[i]))
                    lds_svg_write(r->out, in->records[i], 0);
            r->pictures++;
        } else if (total > 0) {
            fprintf(stderr, "%s: %u pictures: give --output DIR to write one file each\n",
                    r->prog ? r->prog : "lds-calc", total + r->pictures);
            r->io_error = true;
        }
        return;
    }
    for (size_t i = r->first_record; i < in->nrecords; i++)
        for (unsigned k = 0; !in->records[i]->failed && k < pictures_of(in->records[i]); k++)
            write_picture(r, in->records[i], i, k);
}

/* ----------------------------------------------------------- Markdown */

static void md_code(FILE *out, const char *s)
{
    fputc('`', out);
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", out);
        else if (*s != '`')
            fputc(*s, out);
    }
    fputc('`', out);
}

static void markdown_doc(lds_reporter *r, const lds_interp *in)
{
    FILE *out = r->out;
    const lds_sim_profile *p = run_profile(r, in);
    mpz_t excess;
    mpz_init(excess);
    fprintf(out, "# lds-calc report");
    for (unsigned i = 0; i < r->ndefines; i++)
        fprintf(out, "%s%s = %s", i ? ", " : ": ", r->defines[i].name, r->defines[i].value);
    fprintf(out, "\n\nProfile **%s** (%s): %u banks of %u bytes, wave%u, rules %s.\n\n", p->name, p->title, p->banks,
            p->bank_bytes, p->wave, rules_name(p));
    if (p->uncertain)
        fprintf(out, "> Note: %s's lane groups are uncertain (%s).\n\n", p->name, p->confidence);
    fprintf(out, "## Program\n\n```\n");
    for (unsigned i = 0; i < r->programs.n; i++) {
        const lds_source *src = r->programs.progs[i]->src;
        if (!src)
            continue;
        fwrite(src->text, 1, src->len, out);
        if (src->len && src->text[src->len - 1] != '\n')
            fputc('\n', out);
    }
    fprintf(out, "```\n\n## Results\n\n");
    fprintf(out, "| line | access | ways | cycles | ideal | excess | instructions |\n");
    fprintf(out, "|---:|---|---:|---:|---:|---:|---:|\n");
    for (size_t i = r->first_record; i < in->nrecords; i++) {
        const lds_access_record *rec = in->records[i];
        if (rec->failed)
            continue;
        lds_metrics_excess(&rec->m, excess);
        fprintf(out, "| %u | ", rec->stmt->loc.line);
        md_code(out, rec->stmt->source);
        gmp_fprintf(out, " | %llu | %Zd | %Zd | %Zd | %Zd |\n", (unsigned long long)rec->m.ways, rec->m.cycles,
                    rec->m.ideal, excess, rec->m.instructions);
    }
    lds_metrics tot;
    lds_metrics_init(&tot);
    lds_interp_totals_from(in, r->first_record, &tot);
    lds_metrics_excess(&tot, excess);
    gmp_fprintf(out, "\n**Total:** %Zd cycles for %Zd ideal, excess %Zd, in %Zd instructions.\n", tot.cycles, tot.ideal,
                excess, tot.instructions);
    lds_metrics_clear(&tot);
    if (in->nexpects) {
        fprintf(out, "\n**Checks:**\n\n");
        for (size_t i = r->first_expect; i < in->nexpects; i++) {
            fprintf(out, "- %s line %u: ", in->expects[i].ok ? "holds:" : "FAILS:", in->expects[i].stmt->loc.line);
            md_code(out, in->expects[i].stmt->source);
            if (!in->expects[i].ok)
                fprintf(out, " (it is %s)", in->expects[i].actual);
            fputc('\n', out);
        }
    }
    fprintf(out, "\n## Why\n");
    for (size_t i = r->first_record; i < in->nrecords; i++) {
        const lds_access_record *rec = in->records[i];
        if (rec->failed)
            continue;
        fprintf(out, "\n### Line %u: ", rec->stmt->loc.line);
        md_code(out, rec->stmt->source);
        fprintf(out, "\n\n");
        lds_explain_access(out, rec, "- ");
        for (unsigned k = 0; k < pictures_of(rec); k++) {
            if (r->output_dir) {
                char name[256];
                lds_report_picture_name(r, i, rec->show != SHOW_SUMMARY ? (int)k : -1, name, sizeof name);
                if (write_picture(r, rec, i, k) == 0)
                    fprintf(out, "\n![line %u: lanes against banks](%s/%s)\n", rec->stmt->loc.line, r->output_dir,
                            name);
            } else {
                fprintf(out, "\n```\n");
                show_grid(out, rec, &rec->samples[k]);
                fprintf(out, "```\n");
            }
        }
    }
    mpz_clear(excess);
}

/* ------------------------------------------------------------- public */

void lds_reporter_init(lds_reporter *r, lds_format format, FILE *out)
{
    memset(r, 0, sizeof *r);
    r->format = format;
    r->out = out;
    r->sink.expect = expect_failure;
    if (format == FMT_TEXT)
        r->sink.access = text_access;
}

void lds_reporter_attach(lds_reporter *r, lds_interp *in)
{
    in->sink = &r->sink;
    in->sink_ctx = r;
}

void lds_reporter_finish(lds_reporter *r, const lds_interp *in)
{
    if (r->quiet)
        return;
    if (r->format == FMT_JSON) {
        json_doc(r, in);
    } else if (r->format == FMT_SVG) {
        svg_pictures(r, in);
    } else if (r->format == FMT_MARKDOWN) {
        markdown_doc(r, in);
    } else if (r->format == FMT_CSV) {
        csv_rows(r, in);
    } else if (in->nrecords > 1) {
        lds_metrics tot;
        lds_metrics_init(&tot);
        lds_interp_totals_from(in, r->first_record, &tot);
        defines_prefix(r);
        fprintf(r->out, "total: ");
        metrics_text(r->out, &tot);
        fputc('\n', r->out);
        lds_metrics_clear(&tot);
    }
}

void lds_report_arch_info(FILE *out, const lds_sim_profile *p)
{
    fprintf(out, "%s: %s\n", p->name, p->title);
    fprintf(out, "  banks        %u x %u bytes\n", p->banks, p->bank_bytes);
    fprintf(out, "  wave         %u lanes\n", p->wave);
    fprintf(out, "  LDS          %llu bytes (%llu KiB)\n", (unsigned long long)p->lds_bytes,
            (unsigned long long)(p->lds_bytes / 1024));
    fprintf(out, "  writes       %s\n", p->write_merge ? "same-word writes merge (one lane wins)" : "never merge: every lane counts");
    fprintf(out, "  alignment    %s\n", p->natural_align ? "natural for b64/b128" : "4 bytes for b32 and wider");
    fprintf(out, "  lane phases (calibrated R3):\n");
    for (int wc = 0; wc < LDS_WC_COUNT; wc++)
        fprintf(out, "    %-11s %s\n", lds_sim_width_class_name((lds_sim_width_class)wc), p->phases[wc]);
    fprintf(out, "  confidence   %s%s\n", p->confidence, p->uncertain ? " (reports carry a note)" : "");
    fprintf(out, "  source       %s\n", p->source);
}
