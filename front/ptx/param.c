/* front/ptx/param.c - kernel parameters as -D names (front/ptx/ptx_impl.h).
 *
 * ld.param of a .entry's parameter is the -D value of its name: the PTX
 * name, or the part after the entry's name (nvcc's and Triton's
 * ENTRY_param_N is param_N), a struct parameter's field at OFFSET its
 * name with .OFFSET after it.  A 64-bit one may be a pointer: it is an
 * allocation of its own wherever an address is made of it.  A value no
 * -D fixes is taken to lie where the signed and unsigned readings of its
 * type agree (nvcc declares an int parameter .u32 and compares it
 * signed); one that -D gives is that value.  A floating-point parameter
 * is data. */
#include "front/ptx/ptx_impl.h"

/* A parameter (or a struct parameter's field at off) as read: its -D
 * name, the PTX one or the part after the entry's name (nvcc's and
 * Triton's ENTRY_param_N is param_N), a field's with .OFF after it. */
static pv *param_value(ptx_walk *w, const ptx_ins *in, unsigned p, int64_t off, unsigned bytes)
{
    for (unsigned i = 0; i < w->npreads; i++)
        if (w->preads[i].param == p && w->preads[i].offset == off && w->preads[i].bytes == bytes)
            return w->preads[i].v;
    const ptx_param *par = &w->f->params[p];
    size_t n = strlen(w->f->name);
    const char *full = par->name, *brief = !strncmp(full, w->f->name, n) && full[n] == '_' && full[n + 1] ? full + n + 1 : full;
    if (par->is_array || off) {
        full = fw_fmt(&w->fw, "%s.%lld", full, (long long)off);
        brief = fw_fmt(&w->fw, "%s.%lld", brief, (long long)off);
    }
    const csrc_define *d = fw_define(&w->fw, full);
    const char *name = d ? full : brief;
    if (!d)
        d = fw_define(&w->fw, brief);
    pv *v;
    if (par->is_float && !par->is_array) {
        v = pv_data(w->fw.pc, fw_fmt(&w->fw, "the floating-point parameter '%s'", name), par->line, par->col, false);
    } else {
        /* a value no -D fixes is taken to lie where the type's signed
         * and unsigned readings agree: 0 .. 2^(bits-1) - 1 (nvcc declares
         * an int parameter .u32 and compares it signed) */
        unsigned bits = bytes * 8 > 64 ? 64 : bytes * 8;
        pw lo = 0, hi = ((pw)1 << (bits - 1)) - 1;
        if (d && d->has_value)
            lo = hi = d->value;
        int region = 0;
        if (bytes == 8) {   /* maybe a pointer: an allocation of its own */
            w->gnames = lds_xreallocarray(w->gnames, w->nregions + 1, sizeof *w->gnames);
            w->gnames[w->nregions] = NULL;
            region = (int)++w->nregions;
        }
        v = pv_symbol(w->fw.pc, SYM_PARAM, name, region, DEP_PARAM, lo, hi, d == NULL);
        if (d)
            ((csrc_define *)d)->used = true;
    }
    w->preads = lds_xgrow(w->preads, w->npreads, &w->cappreads, sizeof *w->preads, 8);
    w->preads[w->npreads++] = (ptx_pread){ .param = p, .offset = off, .bytes = bytes, .v = v };
    (void)in;
    return v;
}

bool ptx_param_load(ptx_walk *w, const ptx_ins *in, pv **env)
{
    const ptx_operand *a = in->nops == 2 ? &in->ops[1] : NULL;
    if (!a || a->kind != OP_ADDR || !a->sym || in->ops[0].kind != OP_REG)
        return false;
    for (unsigned p = 0; w->f->entry && p < w->f->nparams; p++)
        if (!strcmp(w->f->params[p].name, a->sym)) {
            unsigned bits;
            bool sgn, fl;
            const char *t = ptx_elem_type(in, &bits);
            ptx_type(t, &bits, &sgn, &fl);
            pv *v = fl ? pv_data(w->fw.pc, fw_fmt(&w->fw, "the floating-point parameter '%s'", a->sym), in->line, in->col, false)
                       : param_value(w, in, p, (int64_t)a->imm, bits / 8 ? bits / 8 : 1);
            ptx_set(w, in, env, in->ops[0].reg, v);
            return true;
        }
    return false;
}
