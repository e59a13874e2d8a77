/* src/svg.c - the lane-by-bank picture as SVG. */
#include "src/svg.h"

#include <stdbool.h>
#include <string.h>

#include "base/usertext.h"

#define CELL_MIN 9
#define LEFT 64
#define TOP 64

void lds_svg_text(FILE *out, const char *s)
{
    for (size_t left = strlen(s); left;) {
        size_t n = lds_text_char_len((const unsigned char *)s, left);   /* the rule of user text */
        if (*s == '<')
            fputs("&lt;", out);
        else if (*s == '>')
            fputs("&gt;", out);
        else if (*s == '&')
            fputs("&amp;", out);
        else if (*s == '"')
            fputs("&quot;", out);
        else
            lds_text_write(out, s, n ? n : 1);
        n += !n;
        s += n;
        left -= n;
    }
}

void lds_svg_text_fit(FILE *out, const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n <= max) {
        lds_svg_text(out, s);
        return;
    }
    char buf[512];
    size_t keep = max > 3 ? max - 3 : 0;
    if (keep > sizeof buf - 4)
        keep = sizeof buf - 4;
    while (keep && ((unsigned char)s[keep] & 0xc0) == 0x80)
        keep--;   /* at a character */
    memcpy(buf, s, keep);
    strcpy(buf + keep, "...");
    lds_svg_text(out, buf);
}

/* Which of the distinct words bank c->bank serves in this phase c is
 * (0, 1, ...), in the order the cells list them: a conflict's words
 * told apart on the picture itself. */
static unsigned word_index(const lds_sim_cell *cells, unsigned k)
{
    unsigned index = 0;
    for (unsigned i = 0; i < k; i++) {
        if (cells[i].bank != cells[k].bank)
            continue;
        bool first = true;   /* cells[i] is its word's first cell on the bank */
        for (unsigned e = 0; e < i && first; e++)
            first = !(cells[e].bank == cells[i].bank && cells[e].word == cells[i].word);
        if (!first)
            continue;
        if (cells[i].word == cells[k].word)
            return index;
        index++;
    }
    return index;
}

void lds_svg_begin(FILE *out, unsigned width, unsigned height, const char *title)
{
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%u\" height=\"%u\" "
                 "viewBox=\"0 0 %u %u\" font-family=\"monospace\" font-size=\"11\">\n", width, height, width, height);
    fprintf(out, "<title>");
    lds_svg_text(out, title);
    fprintf(out, "</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
}

void lds_svg_heading(FILE *out, const lds_access_result *rec, unsigned width)
{
    fprintf(out, "<text x=\"8\" y=\"18\" font-size=\"14\" font-weight=\"bold\">line %u", rec->line);
    if (rec->kernel) {   /* a kernel file's record names its kernel */
        fputs(" of ", out);
        lds_svg_text(out, rec->kernel);
    }
    fputs(": ", out);
    size_t fit = (width - 80) / 9;   /* about 8.4 px a character at 14 px */
    size_t kernel = rec->kernel ? strlen(rec->kernel) + 4 : 0;
    lds_svg_text_fit(out, rec->source, fit > kernel + 8 ? fit - kernel : 8);
    fputs("</text>\n", out);
}

void lds_svg_write(FILE *out, const lds_access_result *rec, unsigned sample)
{
    if (rec->global) {
        lds_svg_global(out, rec, sample);
        return;
    }
    const lds_sim_profile *p = rec->profile;
    const lds_sample *s = lds_access_drawn(rec, sample);
    const lds_sample_result *res = &s->result;
    lds_sim_access acc = lds_sample_access(rec, s);
    lds_sim_cell cells[LDS_SIM_MAX_CELLS];   /* 12 KiB: on the stack, so that writers on several threads never share it */
    unsigned banks = lds_sim_access_geometry(p, &acc).banks;
    if (banks > 128)
        banks = 128;
    unsigned cell = banks > 64 ? CELL_MIN : banks > 32 ? 11 : 14;
    unsigned rows = 0;
    for (unsigned i = 0; i < res->nphases; i++)
        rows += 1 + (unsigned)__builtin_popcountll(res->phase[i].lanes);
    unsigned width = LEFT + banks * cell + 24, height = TOP + rows * cell + 90;
    if (width < 560)
        width = 560;

    lds_svg_begin(out, width, height, rec->source);
    lds_svg_heading(out, rec, width);
    fprintf(out, "<text x=\"8\" y=\"34\">%s, b%u %s: %llu-way, %llu cycles for %llu ideal%s%s%s</text>\n", p->name,
            rec->width * 8, lds_access_kind_name(rec->kind),
            (unsigned long long)res->ways, (unsigned long long)res->cycles, (unsigned long long)res->ideal,
            s->label[0] ? s == rec->worst ? " (the costliest: " : " (" : "", s->label, s->label[0] ? ")" : "");
    /* bank axis */
    fprintf(out, "<text x=\"8\" y=\"%u\">bank</text>\n", TOP - 8);
    for (unsigned b = 0; b < banks; b += 4)
        fprintf(out, "<text x=\"%u\" y=\"%u\">%u</text>\n", LEFT + b * cell, TOP - 8, b);
    /* bank grid lines every 8 banks, under everything else */
    for (unsigned b = 0; b <= banks; b += 8)
        fprintf(out, "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#cccccc\"/>\n", LEFT + b * cell, TOP,
                LEFT + b * cell, TOP + rows * cell);
    unsigned y = TOP;
    for (unsigned i = 0; i < res->nphases; i++) {
        const lds_sim_phase *ph = &res->phase[i];
        unsigned n = lds_sim_phase_cells(p, &acc, ph, cells);
        /* the phase's heading on a row of its own, over the grid lines */
        fprintf(out, "<rect x=\"4\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#ffffff\"/>\n", y, width - 8, cell);
        fprintf(out, "<line x1=\"4\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#888888\"/>\n", y, width - 4, y);
        fprintf(out, "<text x=\"8\" y=\"%u\" font-weight=\"bold\">phase %u", y + cell - 3, i);
        if (p->r3 == LDS_R3_SUBSTEPS)
            fprintf(out, ", sub-step %u", ph->substep);
        else if (lds_sim_access_geometry(p, &acc).substeps)   /* a class served a word at a time */
            fprintf(out, ", word %u", ph->substep);
        fprintf(out, ": %u cycle%s%s</text>\n", ph->cost, ph->cost == 1 ? "" : "s",
                ph->cost > 1 ? " (conflict)" : "");
        y += cell;
        for (unsigned k = 0; k < n;) {   /* one row per lane: its cells are adjacent */
            unsigned lane = cells[k].lane;
            fprintf(out, "<text x=\"8\" y=\"%u\">lane %u</text>\n", y + cell - 3, lane);
            for (; k < n && cells[k].lane == lane; k++) {
                const lds_sim_cell *c = &cells[k];
                if (c->bank >= banks)
                    continue;
                const char *fill = c->conflict ? "#d62728" : c->shared ? "#1f77b4" : "#2ca02c";
                fprintf(out, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\"><title>lane %u, word %llu, bank %u</title></rect>\n",
                        LEFT + c->bank * cell + 1, y + 1, cell - 2, cell - 2, fill, lane, (unsigned long long)c->word, c->bank);
                if (c->conflict) {   /* which of the bank's words: equal digits, one word */
                    unsigned w = word_index(cells, k);
                    fprintf(out, "<text x=\"%u\" y=\"%u\" font-size=\"%u\" fill=\"#ffffff\" text-anchor=\"middle\">%u</text>\n",
                            LEFT + c->bank * cell + cell / 2, y + cell - 3, w < 10 || cell >= 13 ? cell - 5 : cell - 6, w);
                }
            }
            y += cell;
        }
    }
    y += 24;
    static const struct { const char *fill, *text; } legend[] = {
        { "#2ca02c", "word the bank serves alone" },
        { "#1f77b4", "word shared by lanes (broadcast)" },
        { "#d62728", "bank serving several words (conflict): the digit tells its words apart" },
    };
    for (unsigned k = 0; k < 3; k++) {
        fprintf(out, "<rect x=\"8\" y=\"%u\" width=\"12\" height=\"12\" fill=\"%s\"/>\n", y + k * 18, legend[k].fill);
        fprintf(out, "<text x=\"26\" y=\"%u\">%s</text>\n", y + k * 18 + 10, legend[k].text);
    }
    fprintf(out, "</svg>\n");
}
