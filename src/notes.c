/* src/notes.c - the notes of an access (src/notes.h). */
#include "sim/coalesce.h"
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

void lds_idle_waves_text(const lds_access_result *a, char *buf, size_t size)
{
    bool one = mpz_cmp_ui(a->m.skipped, 1) == 0;
    if (mpz_sgn(a->m.skipped) <= 0)
        gmp_snprintf(buf, size, "");
    else if (a->profile->predicate_idle)
        gmp_snprintf(buf, size, "%Zd wave execution%s had no active lane and issued one instruction each, with every "
                                "lane off (set idle_waves predicate: the compiler predicates the access, as nvcc "
                                "does for short stores); instructions counts them, as Nsight's inst_executed and "
                                "rocprof's SQ_INSTS_LDS do; Nsight's _pred_on_any counters do not",
                     a->m.skipped, one ? "" : "s");
    else
        gmp_snprintf(buf, size, "%Zd wave execution%s had no active lane and issued no instruction, as when the "
                                "compiler branches around the access; where it predicates it instead (nvcc does for "
                                "short stores), each issues one: set idle_waves predicate",
                     a->m.skipped, one ? "" : "s");
}

void lds_entry_standing(const lds_access_result *a, char *buf, size_t size)
{
    const lds_sim_profile *p = a->profile;
    const lds_sim_entry *e = lds_access_entry(a);
    const char *kind = lds_form_on(a->form, p) == LDS_FORM_CAS_LOOP ? "read" : lds_sim_kind_name((lds_sim_kind)a->kind);
    char what[48];
    if (e == &p->read2_b64)
        snprintf(what, sizeof what, "two-address b64");
    else
        snprintf(what, sizeof what, "%s", lds_sim_width_class_name(lds_sim_width_class_of(lds_access_table_width(a))));
    switch (e->confidence) {
    case LDS_CONF_MEASURED:
        snprintf(buf, size, "%s's %s %s table is measured: %s", p->name, kind, what, lds_sim_text_of(e->source));
        break;
    case LDS_CONF_DOCUMENTED:
        snprintf(buf, size, "%s's %s %s table is documented, not measured here: %s", p->name, kind, what, lds_sim_text_of(e->source));
        break;
    case LDS_CONF_TIMED:
        snprintf(buf, size, "%s's %s %s table is timed (latency probes on the part), not counted: %s", p->name, kind, what,
                 lds_sim_text_of(e->source));
        break;
    case LDS_CONF_INFERRED:
        snprintf(buf, size, "%s's %s %s table is an inference, not a measurement: %s", p->name, kind, what,
                 lds_sim_text_of(e->source));
        break;
    case LDS_CONF_SET:
        snprintf(buf, size, "the %s %s table was set by the program", kind, what);
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
    const lds_sim_entry *e = lds_access_entry(a);
    out->n = 0;
    if (a->failed)
        return;
    bool loop_elsewhere = a->form && a->form->sim_form == LDS_FORM_CAS_LOOP
                          && lds_form_on(a->form, p) != LDS_FORM_CAS_LOOP;
    const char *space = a->global ? "global-memory" : "shared-memory";   /* the access's own */
    if (loop_elsewhere)   /* the note describes NVIDIA's loop */
        add(out, "a 64-bit atomic: %s has 64-bit %s atomics, so it is one instruction here (the "
                 "compare-and-swap loop nvcc emits is NVIDIA's)", p->name, space);
    else if (a->note)
        add(out, "%s", a->note);
    if (a->parts > 1)
        add(out, "%s has no 96-bit %s access: each 12-byte element is %u b%u instructions (+0, +4, +8), as nvcc emits for a float3",
            p->name, space, a->parts, a->width * 8);
    const lds_sim_global_model *gm = a->global ? lds_sim_global_model_of(p) : NULL;
    if (gm && gm->confidence == LDS_CONF_INFERRED) {   /* a global access: its model, not a bank table */
        add(out, "%s's global-memory model (%s of %u bytes) is inferred, not measured (see lds-calc --arch-info %s)",
            p->name, gm->unit_name, gm->unit, p->name);
        out->general[out->n - 1] = true;
    } else if (!gm && lds_sim_entry_uncertain(e) && p->r3 == LDS_R3_PHASES) {
        add(out, "%s's %s %s table is inferred, not measured (see lds-calc --arch-info %s)", p->name,
            lds_sim_kind_name(kind), lds_sim_width_class_name(lds_sim_width_class_of(lds_access_table_width(a))), p->name);
        out->general[out->n - 1] = true;
    }
    if (!gm && p->partitions) {
        add(out, "%s's LDS is %u partitions of %llu KiB: waves of different SIMD pairs that read one partition at once "
                 "wait for its port (a partition conflict, %s); lds-calc runs one wave at a time and does not count it",
            p->name, p->partitions, (unsigned long long)(p->partition_bytes / 1024),
            lds_sim_confidence_name(p->partition.confidence));
        out->general[out->n - 1] = true;
    }
    char *t;
    if (mpz_sgn(a->m.unaligned) > 0 && (t = next(out)))
        gmp_snprintf(t, LDS_NOTE_LEN,
                     "%Zd lane address%s not aligned to b%u: no bank conflict counted for %s (0 measured on gfx950: see lds-calc --arch-info); %s own cost (rocprof SQ_LDS_UNALIGNED_STALL) is not modelled",
                     a->m.unaligned, mpz_cmp_ui(a->m.unaligned, 1) == 0 ? " is" : "es are", a->width * 8,
                     mpz_cmp_ui(a->m.unaligned, 1) == 0 ? "it" : "them",
                     mpz_cmp_ui(a->m.unaligned, 1) == 0 ? "its" : "their");
    if (mpz_sgn(a->m.skipped) > 0 && (t = next(out)))
        lds_idle_waves_text(a, t, LDS_NOTE_LEN);
    const lds_sim_entry *loads = e;   /* a CAS loop's: its loads' */
    if (mpz_sgn(a->m.paired) > 0 && (t = next(out)))
        gmp_snprintf(t, LDS_NOTE_LEN,
                     "%Zd instruction%s pair%s lanes on equal addresses (lane n with n^1, or with n^2): on %s such a "
                     "b%u load runs in phases of %s, not the table's (the pair rule, %s)",
                     a->m.paired, mpz_cmp_ui(a->m.paired, 1) == 0 ? "" : "s",
                     mpz_cmp_ui(a->m.paired, 1) == 0 ? "s its" : " their", p->name, a->width * 8,
                     loads->paired ? lds_sim_text_of(loads->paired) : "?", lds_sim_confidence_name(loads->pair.confidence));
}
