/* src/svg_global.c - a global instruction as seed 003 draws one: one row
 * per active lane, one column per transaction the instruction fetches,
 * each cell green where the lane's bytes are in that transaction (the
 * useful part), grey where they are not (src/svg.h). */
#include "src/svg.h"

#include "sim/coalesce.h"

#define LEFT 64
#define TOP 64
#define CELL 12
#define MAX_COLUMNS 128

static bool in_unit(const lds_access_result *rec, const lds_sample *s, unsigned unit, unsigned lane, uint64_t u)
{
    for (unsigned k = 0; k < s->naddr; k++) {
        uint64_t first = s->addr[lane * s->naddr + k], last = first + rec->width - 1;
        if (first / unit <= u && u <= last / unit)
            return true;
    }
    return false;
}

void lds_svg_global(FILE *out, const lds_access_result *rec, unsigned sample)
{
    const lds_sample *s = lds_access_drawn(rec, sample);
    const lds_sim_global_model *m = lds_sim_global_model_of(rec->profile);
    uint64_t units[MAX_COLUMNS];
    unsigned n = 0, lanes = 0;
    for (unsigned lane = 0; lane < s->nlanes; lane++) {
        if (!s->active[lane])
            continue;
        lanes++;
        for (unsigned k = 0; k < s->naddr; k++) {
            uint64_t first = s->addr[lane * s->naddr + k], last = first + rec->width - 1;
            for (uint64_t u = first / m->unit; u <= last / m->unit; u++) {
                unsigned i = 0;
                while (i < n && units[i] != u)
                    i++;
                if (i == n && n < MAX_COLUMNS)
                    units[n++] = u;
            }
        }
    }
    for (unsigned i = 1; i < n; i++)
        for (unsigned j = i; j > 0 && units[j - 1] > units[j]; j--) {
            uint64_t t = units[j];
            units[j] = units[j - 1];
            units[j - 1] = t;
        }
    unsigned width = LEFT + n * CELL + 24, height = TOP + lanes * CELL + 60;
    if (width < 560)
        width = 560;
    lds_svg_begin(out, width, height, rec->source);
    lds_svg_heading(out, rec, width);
    fprintf(out, "<text x=\"8\" y=\"34\">%s, global b%u %s: %llu %s of %u bytes for %llu useful bytes%s%s%s</text>\n",
            rec->profile->name, rec->width * 8, lds_access_kind_name(rec->kind), (unsigned long long)s->result.cycles,
            m->unit_name, m->unit, (unsigned long long)s->result.useful, s->label[0] ? s == rec->worst ? " (the costliest: " : " (" : "", s->label,
            s->label[0] ? ")" : "");
    fprintf(out, "<text x=\"8\" y=\"%u\">%s</text>\n", TOP - 8, m->unit_name);
    unsigned row = 0;
    for (unsigned lane = 0; lane < s->nlanes; lane++) {
        if (!s->active[lane])
            continue;
        unsigned y = TOP + row++ * CELL;
        fprintf(out, "<text x=\"8\" y=\"%u\">lane %u</text>\n", y + CELL - 2, lane);
        for (unsigned i = 0; i < n; i++) {
            bool mine = in_unit(rec, s, m->unit, lane, units[i]);
            fprintf(out, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\"><title>lane %u, bytes %llu-%llu</title></rect>\n",
                    LEFT + i * CELL, y, CELL - 1, CELL - 1, mine ? "#2ca02c" : "#eeeeee", lane,
                    (unsigned long long)(units[i] * m->unit), (unsigned long long)((units[i] + 1) * m->unit - 1));
        }
    }
    fprintf(out, "<rect x=\"8\" y=\"%u\" width=\"12\" height=\"12\" fill=\"#2ca02c\"/>\n", height - 40);
    fprintf(out, "<text x=\"26\" y=\"%u\">the lane's bytes are in this transaction (columns: the %u fetched%s)</text>\n",
            height - 30, n, n == MAX_COLUMNS ? ", the first drawn" : "");
    fputs("</svg>\n", out);
}
