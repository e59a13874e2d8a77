/* src/views.c - the ASCII views of one simulated instruction: its lanes
 * (address, word, bank), its phases (lanes, cost, the banks that
 * conflict), and the grid of lanes against banks.  What a lane touches
 * and what conflicts come from sim/. */
#include "src/report_impl.h"

#include <string.h>

#include "sim/coalesce.h"

/* Every word a lane's access covers (a b128 lane covers four), from the
 * phases it is served in. */
static unsigned lane_words(const lds_sim_profile *p, const lds_sim_access *acc, const lds_sample *s, unsigned lane,
                           uint64_t *words)
{
    unsigned n = 0;
    for (unsigned i = 0; i < s->result.nphases; i++) {
        if (!(s->result.phase[i].lanes >> lane & 1))
            continue;
        uint64_t w[LDS_SIM_MAX_LANE_WORDS];
        unsigned k = lds_sim_lane_words(p, acc, &s->result.phase[i], lane, w);
        for (unsigned x = 0; x < k; x++) {
            bool seen = false;
            for (unsigned y = 0; y < n && !seen; y++)
                seen = words[y] == w[x];
            if (!seen && n < LDS_SIM_MAX_LANE_WORDS)
                words[n++] = w[x];
        }
    }
    return n;
}

void lds_view_lanes(FILE *out, const lds_access_result *a, const lds_sample *s)
{
    const lds_sim_profile *p = a->profile;
    lds_sim_access acc = lds_sample_access(a, s);
    fprintf(out, "    lane  address     word  bank\n");
    for (unsigned lane = 0; lane < s->nlanes; lane++) {
        if (!s->active[lane]) {
            fprintf(out, "    %4u  (inactive)\n", lane);
            continue;
        }
        uint64_t addr = s->addr[lane * s->naddr], words[LDS_SIM_MAX_LANE_WORDS];
        unsigned n = lane_words(p, &acc, s, lane, words);
        if (n == 0) {   /* not in any phase: its first word */
            words[0] = lds_sim_word_of(p, addr);
            n = 1;
        }
        /* a wide access: one line per word, the address on the first */
        for (unsigned k = 0; k < n; k++)
            if (k == 0)
                fprintf(out, "    %4u  %7llu  %7llu  %4u\n", lane, (unsigned long long)addr,
                        (unsigned long long)words[k], lds_sim_bank_of(p, &acc, words[k]));
            else
                fprintf(out, "    %4s  %7s  %7llu  %4u\n", "", "", (unsigned long long)words[k],
                        lds_sim_bank_of(p, &acc, words[k]));
    }
}

bool lds_view_same_pattern(const lds_access_result *a, const lds_sample *x, const lds_sample *y)
{
    if (x->nlanes != y->nlanes || x->naddr != y->naddr || x->result.cycles != y->result.cycles
        || x->result.nphases != y->result.nphases)
        return false;
    int first = -1;
    for (unsigned l = 0; l < x->nlanes; l++) {
        if (x->active[l] != y->active[l])
            return false;
        if (x->active[l] && first < 0)
            first = (int)l;
    }
    if (first < 0)
        return true;
    /* the same offsets from the first active lane, and that lane on the
     * same bank: every lane on the same bank, every word shared alike */
    uint64_t bx = x->addr[(unsigned)first * x->naddr], by = y->addr[(unsigned)first * y->naddr];
    for (unsigned l = 0; l < x->nlanes; l++)
        for (unsigned k = 0; x->active[l] && k < x->naddr; k++)
            if (x->addr[l * x->naddr + k] - bx != y->addr[l * y->naddr + k] - by)
                return false;
    lds_sim_access ax = lds_sample_access(a, x), ay = lds_sample_access(a, y);
    const lds_sim_profile *p = a->profile;
    return lds_sim_bank_of(p, &ax, lds_sim_word_of(p, bx)) == lds_sim_bank_of(p, &ay, lds_sim_word_of(p, by))
           && bx % 16 == by % 16;   /* and the same place in a 16-byte unit (alignment rules) */
}

/* " 0-3 8 10-11" from a lane mask */
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

void lds_view_phases(FILE *out, const lds_access_result *a, const lds_sample *s)
{
    const lds_sim_profile *p = a->profile;
    lds_sim_access acc = lds_sample_access(a, s);
    unsigned hits[LDS_SIM_MAX_BANKS], distinct[LDS_SIM_MAX_BANKS];
    lds_sim_geometry g = lds_sim_access_geometry(p, &acc);
    unsigned banks = g.banks;
    if (g.paired)
        fprintf(out, "    (the pair rule: its active lanes pair up on equal addresses, lane n with n^1 or n^2, so "
                     "the phases are %s, not the table's %s)\n",
                g.phases, lds_sim_entry_of(p, acc.kind, acc.width * acc.naddr)->phases);
    for (unsigned i = 0; i < s->result.nphases; i++) {
        const lds_sim_phase *ph = &s->result.phase[i];
        fprintf(out, "    phase %u", i);
        if (p->r3 == LDS_R3_SUBSTEPS)
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
void lds_view_grid(FILE *out, const lds_access_result *a, const lds_sample *s)
{
    const lds_sim_profile *p = a->profile;
    lds_sim_access acc = lds_sample_access(a, s);
    lds_sim_cell cells[LDS_SIM_MAX_CELLS];   /* 12 KiB: on the stack, so that writers on several threads never share it */
    unsigned banks = lds_sim_access_geometry(p, &acc).banks;
    char row[129];
    if (banks > 128)
        banks = 128;
    for (unsigned i = 0; i < s->result.nphases; i++) {
        const lds_sim_phase *ph = &s->result.phase[i];
        unsigned n = lds_sim_phase_cells(p, &acc, ph, cells);
        fprintf(out, "    phase %u: %u cycle%s\n", i, ph->cost, ph->cost == 1 ? "" : "s");
        unsigned last = 0;   /* the header names every tenth bank, no blanks after the last */
        for (unsigned b = 0; b < banks; b++)
            if (b % 10 == 0) {
                row[b] = (char)('0' + (int)(b / 10 % 10));
                last = b;
            } else {
                row[b] = ' ';
            }
        row[last + 1] = '\0';
        fprintf(out, "         bank %s\n", row);
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

/* ---------------------------------------------------------- global */

/* The distinct transactions (units) of a global instruction, in order:
 * from its phases, each the lanes one unit serves. */
static unsigned global_units(const lds_access_result *a, const lds_sample *s, const lds_sim_global_model *m,
                             uint64_t *units)
{
    unsigned n = 0;
    for (unsigned lane = 0; lane < s->nlanes; lane++)
        for (unsigned k = 0; s->active[lane] && k < s->naddr; k++) {
            uint64_t first = s->addr[lane * s->naddr + k], last = first + a->width - 1;
            for (uint64_t u = first / m->unit; u <= last / m->unit && n < LDS_SIM_MAX_PHASES; u++) {
                unsigned i = 0;
                while (i < n && units[i] != u)
                    i++;
                if (i == n)
                    units[n++] = u;
            }
        }
    for (unsigned i = 1; i < n; i++)   /* a few dozen at most: insertion sort */
        for (unsigned j = i; j > 0 && units[j - 1] > units[j]; j--) {
            uint64_t t = units[j];
            units[j] = units[j - 1];
            units[j - 1] = t;
        }
    return n;
}

/* Whether lane's bytes touch unit u. */
static bool lane_in_unit(const lds_access_result *a, const lds_sample *s, const lds_sim_global_model *m,
                         unsigned lane, uint64_t u)
{
    for (unsigned k = 0; s->active[lane] && k < s->naddr; k++) {
        uint64_t first = s->addr[lane * s->naddr + k], last = first + a->width - 1;
        if (first / m->unit <= u && u <= last / m->unit)
            return true;
    }
    return false;
}

#define MAX_GRID_UNITS 64

void lds_view_global(FILE *out, const lds_access_result *a, const lds_sample *s, lds_show level)
{
    const lds_sim_global_model *m = lds_sim_global_model_of(a->profile);
    uint64_t units[LDS_SIM_MAX_PHASES];
    unsigned n = global_units(a, s, m, units);
    if (level == SHOW_LANES) {
        fprintf(out, "    lane  address     %s (of %u bytes)\n", m->unit_name, m->unit);
        for (unsigned lane = 0; lane < s->nlanes; lane++) {
            if (!s->active[lane]) {
                fprintf(out, "    %4u  (inactive)\n", lane);
                continue;
            }
            uint64_t addr = s->addr[lane * s->naddr];
            fprintf(out, "    %4u  %7llu  ", lane, (unsigned long long)addr);
            for (unsigned i = 0; i < n; i++)
                if (lane_in_unit(a, s, m, lane, units[i]))
                    fprintf(out, " %u", i + 1);
            fputc('\n', out);
        }
        return;
    }
    if (level == SHOW_PHASES) {
        for (unsigned i = 0; i < n; i++) {
            uint64_t lanes = 0;
            for (unsigned lane = 0; lane < s->nlanes && lane < 64; lane++)
                if (lane_in_unit(a, s, m, lane, units[i]))
                    lanes |= (uint64_t)1 << lane;
            fprintf(out, "    transaction %u: bytes %llu-%llu, lanes", i + 1, (unsigned long long)(units[i] * m->unit),
                    (unsigned long long)((units[i] + 1) * m->unit - 1));
            print_lane_ranges(out, lanes);
            fputc('\n', out);
        }
        return;
    }
    /* the seed's picture: rows are lanes, columns the transactions */
    unsigned cols = n < MAX_GRID_UNITS ? n : MAX_GRID_UNITS;
    char row[MAX_GRID_UNITS + 1];
    fprintf(out, "    transactions (columns, %u bytes each) by lane:\n", m->unit);
    for (unsigned lane = 0; lane < s->nlanes; lane++) {
        if (!s->active[lane])
            continue;
        for (unsigned i = 0; i < cols; i++)
            row[i] = lane_in_unit(a, s, m, lane, units[i]) ? '#' : '.';
        row[cols] = '\0';
        fprintf(out, "    lane %3u %s\n", lane, row);
    }
    if (n > cols)
        fprintf(out, "    (%u more transactions not drawn)\n", n - cols);
    fprintf(out, "    (#: the lane's bytes are in that transaction; columns used: %u)\n", n);
}
