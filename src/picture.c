/* src/picture.c - `show layout NAME` (see src/picture.h).
 *
 * The tile is the array's first dimension down and the rest, row-major,
 * across (a [32][16][4] array draws as 32 x 64).  Each element shows the
 * bank of its first byte; a second grid shows, for the last access
 * statement when it was to this array, the lane whose bytes cover the
 * element in that statement's first instruction (the lowest if several;
 * '.' for none).  The picture is drawn here as text, or kept in the
 * results for the SVG and Markdown reports (src/layout_draw.c). */
#include "src/picture.h"

#include <stdlib.h>
#include <string.h>

#include "src/address.h"
#include "base/buf.h"
#include "src/layout_draw.h"
#include "base/mem.h"
#include "sim/sim.h"

#define MAX_CELLS 65536u

typedef struct {
    uint64_t addr;
    unsigned cell;
} cell_addr;

static int by_addr(const void *a, const void *b)
{
    const cell_addr *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The byte address of every element, in drawing order. */
static int element_addresses(lds_interp *in, const lds_sym *array, lds_loc loc, uint64_t *addr, unsigned cells)
{
    const lds_array *a = &array->array;
    unsigned n = a->ndims ? a->ndims : 1;
    int64_t idx[LDS_MAX_DIMS] = { 0 };
    for (unsigned c = 0; c < cells; c++) {
        int64_t off;
        if (lds_element_offset(&in->ev, array, idx, n, loc, &off) < 0)
            return -1;
        addr[c] = a->base + (uint64_t)off * a->elem_size;
        for (unsigned d = n; d-- > 0;) {   /* the next index, the last fastest */
            if (++idx[d] < (a->ndims ? a->dims[d] : 1))
                break;
            idx[d] = 0;
        }
    }
    return 0;
}

/* lane[c]: the lane of the sample whose bytes cover element c, or -1. */
static void lanes_of(const lds_access_result *rec, const lds_array *a, const uint64_t *addr, unsigned cells, int *lane)
{
    for (unsigned c = 0; c < cells; c++)
        lane[c] = -1;
    if (!rec || !rec->nsamples)
        return;
    cell_addr *sorted = lds_xreallocarray(NULL, cells, sizeof *sorted);
    for (unsigned c = 0; c < cells; c++)
        sorted[c] = (cell_addr){ addr[c], c };
    qsort(sorted, cells, sizeof *sorted, by_addr);
    const lds_sample *s = lds_access_shown(rec);
    for (unsigned l = 0; l < s->nlanes; l++)
        for (unsigned k = 0; s->active[l] && k < s->naddr; k++) {
            uint64_t lo = s->addr[l * s->naddr + k], hi = lo + rec->width;
            size_t first = 0, last = cells;   /* the first element at or after lo - elem_size + 1 */
            uint64_t from = lo >= a->elem_size ? lo - a->elem_size + 1 : 0;
            while (first < last) {
                size_t mid = (first + last) / 2;
                if (sorted[mid].addr < from)
                    first = mid + 1;
                else
                    last = mid;
            }
            for (size_t i = first; i < cells && sorted[i].addr < hi; i++)
                if (lane[sorted[i].cell] < 0)   /* a broadcast: the lowest lane */
                    lane[sorted[i].cell] = (int)l;
        }
    lds_free(sorted);
}

/* The picture of array's tile: banks as the last access's instruction
 * class sees them (a b64 read may see 64 banks), else as a 32-bit read
 * does, and that access's lanes when it was to this array. */
static lds_layout_result *picture_of(lds_interp *in, const lds_sym *array, const uint64_t *addr, unsigned rows,
                                     unsigned cols, lds_loc loc)
{
    const lds_array *a = &array->array;
    const lds_sim_profile *p = &in->profile;
    const lds_access_result *rec = in->last_array == array ? in->last : NULL;
    unsigned cells = rows * cols;
    lds_layout_result *pic = lds_xcalloc(1, sizeof *pic);
    pic->array = lds_xstrdup(array->name);
    pic->file = lds_results_string(in->results, loc.src ? loc.src->name : NULL);
    pic->line = loc.line;
    pic->rows = rows;
    pic->cols = cols;
    pic->wave = p->wave;
    lds_sim_access cls = { rec ? (lds_sim_kind)rec->kind : LDS_ACCESS_READ, rec ? rec->width : 4, 1, 0, NULL, NULL,
                           LDS_FORM_PLAIN, false, false, 0 };
    pic->banks = lds_sim_geometry_of(p, cls.kind, cls.width).banks;
    pic->bank = lds_xreallocarray(NULL, cells, sizeof *pic->bank);
    for (unsigned c = 0; c < cells; c++)
        pic->bank[c] = (int)lds_sim_bank_of(p, &cls, lds_sim_word_of(p, addr[c]));
    lds_buf b = { 0 };
    lds_buf_printf(&b, "layout of %s (%s", array->name, a->type_name);
    lds_array_dims_text(&b, a);
    lds_buf_printf(&b, " at byte %llu), %u x %u", (unsigned long long)a->base, rows, cols);
    pic->heading = lds_buf_take(&b);
    lds_buf_printf(&b, "the bank of each element (%u banks of %u bytes, %s)", pic->banks, p->bank_bytes, p->name);
    pic->banks_caption = lds_buf_take(&b);
    if (rec && rec->nsamples) {
        pic->lane = lds_xreallocarray(NULL, cells, sizeof *pic->lane);
        lanes_of(rec, a, addr, cells, pic->lane);
        const lds_sample *shown = lds_access_shown(rec);
        lds_buf_printf(&b, "the lane that touches each element (the lowest, if several) in the %s "
                       "instruction of line %u: %s", shown == rec->worst ? "costliest" : "first", rec->line, rec->source);
        if (shown->label && shown->label[0])
            lds_buf_printf(&b, " (%s)", shown->label);
        pic->lanes_caption = lds_buf_take(&b);
    }
    lds_buf_free(&b);
    return pic;
}

int lds_show_layout(lds_interp *in, const lds_sym *array, lds_loc loc)
{
    const lds_array *a = &array->array;
    if (!array->set) {
        lds_diag_set(in->diag, loc, "'%s' is not declared yet", array->name);
        return -1;
    }
    uint64_t rows = a->ndims ? (uint64_t)a->dims[0] : 1, cols = 1;
    for (unsigned d = 1; d < a->ndims; d++)
        cols *= (uint64_t)a->dims[d];   /* the product is at most 2^40 */
    if (rows * cols > MAX_CELLS) {
        lds_diag_set(in->diag, loc, "'%s' has %llu elements; show layout draws at most %u", array->name,
                     (unsigned long long)(rows * cols), MAX_CELLS);
        return -1;
    }
    if (in->keep_layouts && in->results->layout_cells + rows * cols > LDS_MAX_KEPT_LAYOUT_CELLS) {
        lds_diag_set(in->diag, loc, "show layout: the pictures kept for the report would hold more than %u elements",
                     LDS_MAX_KEPT_LAYOUT_CELLS);
        return -1;
    }
    unsigned cells = (unsigned)(rows * cols);
    uint64_t *addr = lds_xreallocarray(NULL, cells, sizeof *addr);
    int rc = element_addresses(in, array, loc, addr, cells);
    if (rc == 0 && (in->print_out || in->keep_layouts)) {
        lds_layout_result *pic = picture_of(in, array, addr, (unsigned)rows, (unsigned)cols, loc);
        if (in->keep_layouts) {
            lds_results_add_layout(in->results, pic);
        } else {
            lds_layout_draw_text(in->print_out, pic);
            lds_layout_result_free(pic);
        }
    }
    lds_free(addr);
    return rc;
}
