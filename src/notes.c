/* src/notes.c - the notes of an access (src/notes.h). */
#include "src/notes.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void add(lds_notes *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Room for one more note, or NULL. */
static char *next(lds_notes *n)
{
    if (n->n >= LDS_MAX_NOTES)
        return NULL;
    n->general[n->n] = false;
    return n->text[n->n++];
}

static void add(lds_notes *n, const char *fmt, ...)
{
    va_list ap;
    char *t = next(n);
    if (!t)
        return;
    va_start(ap, fmt);
    vsnprintf(t, LDS_NOTE_LEN, fmt, ap);
    va_end(ap);
}

void lds_entry_standing(const lds_sim_profile *p, lds_sim_kind kind, unsigned width, char *buf, size_t size)
{
    const lds_sim_entry *e = lds_sim_entry_of(p, kind, width);
    const char *what = lds_sim_width_class_name(lds_sim_width_class_of(width));
    switch (e->confidence) {
    case LDS_CONF_MEASURED:
        snprintf(buf, size, "%s's %s %s table is measured: %s", p->name, lds_sim_kind_name(kind), what, e->source);
        break;
    case LDS_CONF_DOCUMENTED:
        snprintf(buf, size, "%s's %s %s table is documented, not measured here: %s", p->name, lds_sim_kind_name(kind),
                 what, e->source);
        break;
    case LDS_CONF_INFERRED:
        snprintf(buf, size, "%s's %s %s table is an inference, not a measurement: %s", p->name,
                 lds_sim_kind_name(kind), what, e->source);
        break;
    case LDS_CONF_SET:
        snprintf(buf, size, "the %s %s table was set by the program", lds_sim_kind_name(kind), what);
        break;
    case LDS_CONF_TEXTBOOK:
        snprintf(buf, size, "%s is the textbook model, not a measured part", p->name);
        break;
    }
}

void lds_access_notes(const lds_access_result *a, lds_notes *out)
{
    const lds_sim_profile *p = a->profile;
    lds_sim_kind kind = (lds_sim_kind)a->kind;
    const lds_sim_entry *e = lds_sim_entry_of(p, kind, lds_access_table_width(a));
    out->n = 0;
    if (a->failed)
        return;
    if (a->note)
        add(out, "%s", a->note);
    if (a->parts > 1)
        add(out, "%s has no 96-bit shared-memory access: each 12-byte element is %u b%u instructions (+0, +4, +8), as nvcc emits for a float3",
            p->name, a->parts, a->width * 8);
    if (lds_sim_entry_uncertain(e) && p->r3 == LDS_R3_PHASES) {
        add(out, "%s's %s %s table is inferred, not measured (see lds-calc --arch-info %s)", p->name,
            lds_sim_kind_name(kind), lds_sim_width_class_name(lds_sim_width_class_of(lds_access_table_width(a))), p->name);
        out->general[out->n - 1] = true;
    }
    char *t;
    if (mpz_sgn(a->m.unaligned) > 0 && (t = next(out)))
        gmp_snprintf(t, LDS_NOTE_LEN,
                     "%Zd lane address%s not aligned to b%u: no bank conflict counted for %s (0 measured on gfx950); %s own cost (rocprof SQ_LDS_UNALIGNED_STALL) is not modelled",
                     a->m.unaligned, mpz_cmp_ui(a->m.unaligned, 1) == 0 ? " is" : "es are", a->width * 8,
                     mpz_cmp_ui(a->m.unaligned, 1) == 0 ? "it" : "them",
                     mpz_cmp_ui(a->m.unaligned, 1) == 0 ? "its" : "their");
    if (mpz_sgn(a->m.paired) > 0 && (t = next(out)))
        gmp_snprintf(t, LDS_NOTE_LEN,
                     "%Zd instruction%s pair%s lanes on equal addresses: on %s such an LDS.128 is served in half-warps (2 passes, not 4)",
                     a->m.paired, mpz_cmp_ui(a->m.paired, 1) == 0 ? "" : "s",
                     mpz_cmp_ui(a->m.paired, 1) == 0 ? "s its" : " their", p->name);
}
