/* src/layout_draw.c - a layout picture as text and as SVG (see
 * src/layout_draw.h). */
#include "src/layout_draw.h"

#include "src/svg.h"

static unsigned digits(uint64_t v)
{
    unsigned n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

static void text_grid(FILE *out, unsigned rows, unsigned cols, unsigned w, const int *value)
{
    fprintf(out, "%*s", (int)digits(rows - 1) + 2, "");
    for (unsigned c = 0; c < cols; c++)
        fprintf(out, "%*u", (int)w, c);
    fputc('\n', out);
    for (unsigned r = 0; r < rows; r++) {
        fprintf(out, "%*u: ", (int)digits(rows - 1), r);
        for (unsigned c = 0; c < cols; c++) {
            int v = value[r * cols + c];
            if (v < 0)
                fprintf(out, "%*s", (int)w, ".");
            else
                fprintf(out, "%*d", (int)w, v);
        }
        fputc('\n', out);
    }
}

void lds_layout_draw_text(FILE *out, const lds_layout_result *pic)
{
    /* one width for both grids: the widest bank, column or lane number */
    unsigned w = digits(pic->banks - 1);
    if (digits(pic->cols - 1) > w)
        w = digits(pic->cols - 1);
    if (digits(pic->wave - 1) > w)
        w = digits(pic->wave - 1);
    w++;
    fprintf(out, "%s: %s\n", pic->heading, pic->banks_caption);
    text_grid(out, pic->rows, pic->cols, w, pic->bank);
    if (pic->lane) {
        fprintf(out, "%s\n", pic->lanes_caption);
        text_grid(out, pic->rows, pic->cols, w, pic->lane);
    }
}

/* ---- SVG */

#define LEFT 48
#define GAP 16
#define MAX_WIDTH 1200u    /* the grid's width and height aimed at, in px */
#define MAX_HEIGHT 2400u

/* Colour k of n as #rrggbb: hues round the wheel, light enough for black
 * digits, neighbours told apart by lightness as well as hue (banks 4 and 5
 * must not look alike). */
static void palette(unsigned k, unsigned n, char out[8])
{
    double h = 6.0 * (double)k / (double)(n ? n : 1), s = 0.65, l = k % 2 ? 0.62 : 0.78;
    double c = (1.0 - (2.0 * l - 1.0 < 0 ? 1.0 - 2.0 * l : 2.0 * l - 1.0)) * s;
    double hm = h - 2.0 * (double)(int)(h / 2.0) - 1.0;   /* h mod 2, less 1 */
    double x = c * (1.0 - (hm < 0 ? -hm : hm)), m = l - c / 2.0;
    double rgb[3];
    int sector = (int)h % 6;
    static const int order[6][3] = { { 0, 1, 2 }, { 1, 0, 2 }, { 2, 0, 1 }, { 2, 1, 0 }, { 1, 2, 0 }, { 0, 2, 1 } };
    const double part[3] = { c, x, 0.0 };   /* which of c, x, 0 each of r, g, b takes */
    for (int i = 0; i < 3; i++)
        rgb[i] = part[order[sector][i]] + m;
    snprintf(out, 8, "#%02x%02x%02x", (unsigned)(rgb[0] * 255.0 + 0.5), (unsigned)(rgb[1] * 255.0 + 0.5),
             (unsigned)(rgb[2] * 255.0 + 0.5));
}

/* The side of an element's square: as large as reads well (24 px), as
 * small as fits the aimed-at size (2 px). */
static unsigned cell_size(const lds_layout_result *pic)
{
    unsigned cell = MAX_WIDTH / pic->cols;
    if (MAX_HEIGHT / pic->rows < cell)
        cell = MAX_HEIGHT / pic->rows;
    return cell > 24 ? 24 : cell < 2 ? 2 : cell;
}

/* One grid: its caption, column and row numbers, and an element square
 * coloured by value (of n colours), with the value written in it where
 * the square is large enough.  Returns the y below it. */
static unsigned svg_grid(FILE *out, const lds_layout_result *pic, unsigned y, unsigned width, const char *caption,
                         const char *what, const int *value, unsigned n)
{
    unsigned cell = cell_size(pic), every = cell >= 16 ? 1 : cell >= 8 ? 4 : 16;
    fprintf(out, "<text x=\"8\" y=\"%u\" font-weight=\"bold\"><title>", y + 12);
    lds_svg_text(out, caption);
    fprintf(out, "</title>");
    lds_svg_text_fit(out, caption, (width - 16) / 7);   /* about 6.6 px a character at 11 px */
    fprintf(out, "</text>\n");
    y += 30;
    for (unsigned c = 0; c < pic->cols; c += every)
        fprintf(out, "<text x=\"%u\" y=\"%u\" text-anchor=\"middle\" font-size=\"9\">%u</text>\n",
                LEFT + c * cell + cell / 2, y - 4, c);
    for (unsigned r = 0; r < pic->rows; r += every)
        fprintf(out, "<text x=\"%u\" y=\"%u\" text-anchor=\"end\" font-size=\"9\">%u</text>\n", LEFT - 4,
                y + r * cell + (cell < 9 ? cell : cell / 2 + 3), r);
    unsigned font = cell * 11 / 24 + 1;
    /* the squares' outline once, for all of them; a tooltip on each */
    fprintf(out, "<g stroke=\"#ffffff\" stroke-width=\"%s\">\n", cell >= 8 ? "1" : "0");
    for (unsigned r = 0; r < pic->rows; r++)
        for (unsigned c = 0; c < pic->cols; c++) {
            int v = value[r * pic->cols + c];
            char fill[8] = "#f2f2f2";
            if (v >= 0)
                palette((unsigned)v % n, n, fill);
            fprintf(out, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\">", LEFT + c * cell,
                    y + r * cell, cell, cell, fill);
            if (v < 0)
                fprintf(out, "<title>[%u,%u] no %s</title></rect>\n", r, c, what);
            else
                fprintf(out, "<title>[%u,%u] %s %d</title></rect>\n", r, c, what, v);
        }
    fprintf(out, "</g>\n");
    if (cell >= 14) {   /* the values, where a square holds them */
        fprintf(out, "<g text-anchor=\"middle\" font-size=\"%u\">\n", font);
        for (unsigned r = 0; r < pic->rows; r++)
            for (unsigned c = 0; c < pic->cols; c++)
                if (value[r * pic->cols + c] >= 0)
                    fprintf(out, "<text x=\"%u\" y=\"%u\">%d</text>\n", LEFT + c * cell + cell / 2,
                            y + r * cell + cell / 2 + font / 3 + 1, value[r * pic->cols + c]);
        fprintf(out, "</g>\n");
    }
    return y + pic->rows * cell + GAP;
}

/* The colours of the banks in a row, each with its number. */
static unsigned svg_key(FILE *out, unsigned y, unsigned banks)
{
    fprintf(out, "<text x=\"8\" y=\"%u\">bank colours:</text>\n", y + 12);
    y += 20;
    unsigned per_row = 32;
    for (unsigned b = 0; b < banks; b++) {
        char fill[8];
        palette(b, banks, fill);
        unsigned x0 = 8 + (b % per_row) * 22, y0 = y + (b / per_row) * 22;
        fprintf(out, "<rect x=\"%u\" y=\"%u\" width=\"20\" height=\"20\" fill=\"%s\"/>\n", x0, y0, fill);
        fprintf(out, "<text x=\"%u\" y=\"%u\" text-anchor=\"middle\" font-size=\"9\">%u</text>\n", x0 + 10, y0 + 13, b);
    }
    return y + ((banks + per_row - 1) / per_row) * 22 + 8;
}

void lds_layout_draw_svg(FILE *out, const lds_layout_result *pic)
{
    unsigned cell = cell_size(pic), grid = 30 + pic->rows * cell + GAP;
    unsigned keyw = 8 + 32 * 22 + 8, width = LEFT + pic->cols * cell + 24;
    unsigned height = 44 + grid * (pic->lane ? 2 : 1) + 28 + ((pic->banks + 31) / 32) * 22 + 8;
    if (width < keyw)
        width = keyw;
    lds_svg_begin(out, width, height, pic->heading);
    fprintf(out, "<text x=\"8\" y=\"18\" font-size=\"14\" font-weight=\"bold\">");
    lds_svg_text(out, pic->heading);
    fprintf(out, "</text>\n<text x=\"8\" y=\"34\">show layout %s, line %u</text>\n", pic->array, pic->line);
    unsigned y = svg_grid(out, pic, 44, width, pic->banks_caption, "bank", pic->bank, pic->banks);
    if (pic->lane)
        y = svg_grid(out, pic, y, width, pic->lanes_caption, "lane", pic->lane, pic->wave);
    svg_key(out, y, pic->banks);
    fprintf(out, "</svg>\n");
}
