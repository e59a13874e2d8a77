/* src/report_svg.c - SVG pictures: one file per access (per instruction
 * under --show) and per show layout in --output DIR, or a single picture
 * on standard output. */
#include "src/report_impl.h"

#include "src/layout_draw.h"
#include "src/svg.h"

static void svg_end_run(lds_reporter *r, const lds_run_view *run)
{
    const lds_results *res = run->res;
    size_t first_access = run->first_access;
    unsigned total = (unsigned)(res->nlayouts - run->first_layout);
    char name[512];
    for (size_t i = first_access; i < res->n; i++)
        total += res->accesses[i]->failed ? 0 : lds_report_pictures_of(res->accesses[i]);
    if (r->o.output_dir) {
        for (size_t i = first_access; i < res->n; i++)
            for (unsigned k = 0; !res->accesses[i]->failed && k < lds_report_pictures_of(res->accesses[i]); k++)
                lds_report_write_picture(r, res, first_access, i, k, name, sizeof name);
        for (size_t i = run->first_layout; i < res->nlayouts; i++)
            lds_report_write_layout(r, run, i, name, sizeof name);
        return;
    }
    if (total == 1 && r->pictures == 0) {
        for (size_t i = first_access; i < res->n; i++)
            if (!res->accesses[i]->failed && lds_report_pictures_of(res->accesses[i]))
                lds_svg_write(r->o.out, res->accesses[i], 0);
        if (res->nlayouts > run->first_layout)
            lds_layout_draw_svg(r->o.out, res->layouts[run->first_layout]);
        r->pictures++;
    } else if (total > 0) {
        lds_report_error(r, "%u pictures: give --output DIR to write one file each", total + r->pictures);
        r->io_error = true;
    }
}

const lds_format_ops lds_svg_ops = { NULL, svg_end_run, NULL, false };
