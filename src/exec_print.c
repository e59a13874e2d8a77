/* src/exec_print.c - the print statement: a uniform value as its digits,
 * a per-lane one as a table of lanes, wave by wave. */
#include "src/interp.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/buf.h"

static void append_num(lds_buf *b, const lds_num *v)
{
    if (!v->z) {
        lds_buf_printf(b, "%lld", (long long)v->i);
        return;
    }
    char *digits = lds_mpz_str(v->z);
    lds_buf_printf(b, "%s", digits);
    lds_free(digits);
}

/* One wave's values, eight lanes to a row, in columns as wide as the
 * widest value. */
static int print_per_lane(lds_interp *in, const lds_expr *e, int64_t wave, lds_buf *out)
{
    unsigned w = in->profile.wave;
    int64_t total = in->threads[0] * in->threads[1] * in->threads[2];
    lds_num v;
    size_t width = 1;
    in->env.wave = wave;
    for (int pass = 0; pass < 2; pass++) {
        for (unsigned lane = 0; lane < w; lane++) {
            in->env.lane = lane;
            int active = wave * (int64_t)w + (int64_t)lane < total;
            if (pass == 1 && lane % 8 == 0)
                lds_buf_printf(out, "%slane %2u..%-2u:", lane ? "\n" : "", lane, lane + 7 < w ? lane + 7 : w - 1);
            if (!active) {
                if (pass == 1)
                    lds_buf_printf(out, " %*s", (int)width, "-");
                continue;
            }
            if (lds_eval_value(&in->ev, e, &v) < 0)
                return -1;
            size_t n = lds_num_width(&v);
            if (pass == 0) {
                width = n > width ? n : width;
            } else {
                lds_buf_printf(out, " %*s", (int)(width - n), "");
                append_num(out, &v);
            }
        }
    }
    lds_buf_putc(out, '\n');
    return 0;
}

/* Everything is evaluated (and its errors reported) even where nothing
 * is printed (-q). */
int lds_exec_print(lds_interp *in, const lds_stmt *s)
{
    lds_buf out = { 0 };
    int rc = 0;
    for (unsigned i = 0; rc == 0 && i < s->u.print.n; i++) {
        const lds_expr *e = s->u.print.values[i];
        if (!(e->deps & LDS_DEP_VARYING)) {
            lds_num v;
            if ((rc = lds_eval_value(&in->ev, e, &v)) == 0) {
                append_num(&out, &v);
                lds_buf_putc(&out, '\n');
            }
            continue;
        }
        int64_t total = in->threads[0] * in->threads[1] * in->threads[2];
        int64_t waves = (e->deps & LDS_DEP_WAVE) ? (total + in->profile.wave - 1) / in->profile.wave : 1;
        in->env.group = 0;
        for (int64_t w = 0; rc == 0 && w < waves && w < 64; w++) {
            if (waves > 1)
                lds_buf_printf(&out, "wave %lld:\n", (long long)w);
            if ((rc = print_per_lane(in, e, w, &out)) < 0) {   /* where: lane, wave, loops */
                lds_diag_append(in->diag, " (lane %lld", (long long)in->env.lane);
                if (waves > 1)
                    lds_diag_append(in->diag, ", wave %lld", (long long)w);
                for (unsigned k = 0; k < in->nactive; k++)
                    lds_diag_append(in->diag, ", %s = %lld", in->active[k].loop->var,
                                    (long long)in->env.loop[in->active[k].slot]);
                lds_diag_append(in->diag, ")");
            }
        }
        if (rc == 0 && waves > 64)
            lds_buf_printf(&out, "(%lld more waves not shown)\n", (long long)(waves - 64));
    }
    if (in->print_out)
        fputs(lds_buf_str(&out), in->print_out);
    lds_buf_free(&out);
    return rc;
}
