/* src/explain.c - explanations: R3 (which lanes form a phase), R1 (which
 * bank set a phase's cost, with which lanes and words), R2 (lanes merged
 * on one word), the closed form of a lane-affine address, and the literal
 * rules against the calibrated ones. */
#include "src/explain.h"

#include <stdlib.h>
#include <string.h>

#include "sim/coalesce.h"
#include "sim/phases.h"
#include "base/buf.h"
#include "base/mem.h"
#include "src/notes.h"

#define MAX_PHASES_EXPLAINED 4
#define MAX_WORDS_LISTED 6

void lds_lane_ranges(char *buf, size_t size, uint64_t lanes)
{
    size_t n = 0;
    int first = -1;
    buf[0] = '\0';
    for (int lane = 0; lane <= 64; lane++) {
        int on = lane < 64 && (lanes >> lane & 1);
        if (on && first < 0)
            first = lane;
        if (!on && first >= 0 && n < size) {
            n += (size_t)snprintf(buf + n, size - n, first == lane - 1 ? "%s%d" : "%s%d-%d", n ? ", " : "", first,
                                  lane - 1);
            first = -1;
        }
    }
}

/* Words the first lane of the first phase touches (all words of its
 * address: the literal R3 splits them into sub-steps). */
static unsigned words_per_lane(const lds_access_result *rec, const lds_sample *s)
{
    lds_sim_access acc = lds_sample_access(rec, s);
    lds_sim_profile whole = *rec->profile;
    uint64_t words[LDS_SIM_MAX_LANE_WORDS];
    const lds_sim_phase *ph = &s->result.phase[0];
    whole.r3 = LDS_R3_PHASES;
    return lds_sim_lane_words(&whole, &acc, ph, (unsigned)__builtin_ctzll(ph->lanes), words);
}

static void explain_r3(FILE *out, const lds_access_result *rec, const lds_sample *s, const char *bullet)
{
    const lds_sim_profile *p = rec->profile;
    const char *kind = lds_access_kind_name(rec->kind);
    unsigned w = words_per_lane(rec, s);
    if (p->r3 == LDS_R3_SUBSTEPS) {
        fprintf(out, "%sR3 (literal): lanes are checked in half-waves of %u contiguous lanes, and the b%u %s in %u sub-step%s of %u bytes, each checked on its own: %u (half-wave, sub-step) pair%s with active lanes.\n",
                bullet, p->wave < 32 ? p->wave : 32, rec->width * 8, kind, w, w == 1 ? "" : "s", p->bank_bytes,
                (unsigned)s->result.ideal, s->result.ideal == 1 ? "" : "s");
        return;
    }
    lds_sim_access acc = lds_sample_access(rec, s);
    lds_sim_geometry g = lds_sim_access_geometry(p, &acc);
    size_t len = strlen(g.phases);
    unsigned table = lds_access_table_width(rec) * 8;
    if (g.per_address)
        fprintf(out, "%sR3: each lane gives %u addresses of %u bytes, and on %s each address of every lane is served "
                     "in phases of its own; a %s", bullet, rec->naddr, rec->width, p->name, kind);
    else if (rec->naddr > 1)
        fprintf(out, "%sR3: each lane gives %u addresses of %u bytes, the %u bytes of a b%u %s, and a b%u %s", bullet,
                rec->naddr, rec->width, table / 8, table, kind, table, kind);
    else if (lds_form_on(rec->form, p) == LDS_FORM_CAS_LOOP)
        fprintf(out, "%sR3: its first load, a b%u read,", bullet, rec->width * 8);
    else
        fprintf(out, "%sR3: a b%u %s", bullet, table, kind);
    if (g.phases[len - 1] == 'c')
        fprintf(out, " on %s is served in phases of %.*s contiguous lanes", p->name, (int)(len - 1), g.phases);
    else
        fprintf(out, " on %s is served in phases of the lane groups %s (repeating every %u lanes)", p->name,
                g.phases, lds_sim_phase_period(g.phases));
    if (g.banks != p->banks)
        fprintf(out, ", over a bank period of %u words (not the part's %u banks)", g.banks, p->banks);
    if (g.substeps)
        fprintf(out, "; %u (phase, word) pass%s %s active lanes.\n", (unsigned)s->result.ideal,
                s->result.ideal == 1 ? "" : "es", s->result.ideal == 1 ? "has" : "have");
    else
        fprintf(out, "; %u phase%s %s active lanes.\n", (unsigned)s->result.ideal, s->result.ideal == 1 ? "" : "s",
                s->result.ideal == 1 ? "has" : "have");
    if (g.paired)
        fprintf(out, "%sIts active lanes pair up on equal addresses (lane n with n^1, or with n^2; inactive partners "
                     "break nothing), so it is served in phases of %s instead of the table's: the pair rule (%s: %s).\n",
                bullet, g.phases, lds_sim_confidence_name(lds_sim_entry_of(p, acc.kind, rec->width)->pair.confidence),
                lds_sim_text_of(lds_sim_entry_of(p, acc.kind, rec->width)->pair.source));
    if (g.substeps)   /* a class served a word at a time (literal R3 returned above) */
        fprintf(out, "%sEach lane's %u words are served one at a time: word k of every lane of a phase together, one "
                     "pass a word (%u passes a phase).\n",
                bullet, g.nsubsteps, g.nsubsteps);
    else if (w > 1)
        fprintf(out, "%sEach lane brings %u %swords, all into its phase.\n", bullet, w,
                rec->naddr > 1 ? "" : "consecutive ");
    char standing[LDS_NOTE_LEN];
    lds_entry_standing(rec, standing, sizeof standing);
    fprintf(out, "%sWhere the table comes from: %s.\n", bullet, standing);
}

/* The words a bank serves in a phase, with their lanes. */
static void explain_costly_phase(FILE *out, const lds_access_result *rec, const lds_sample *s,
                                 const lds_sim_phase *ph, unsigned index, const char *bullet)
{
    const lds_sim_profile *p = rec->profile;
    lds_sim_access acc = lds_sample_access(rec, s);
    lds_sim_cell cells[LDS_SIM_MAX_CELLS];   /* 12 KiB: on the stack, so that writers on several threads never share it */
    char lanes[256];
    uint64_t words[LDS_SIM_MAX_CELLS];
    uint64_t word_lanes[LDS_SIM_MAX_CELLS];
    unsigned nwords = 0, n = lds_sim_phase_cells(p, &acc, ph, cells);
    lds_lane_ranges(lanes, sizeof lanes, ph->lanes);
    for (unsigned i = 0; i < n; i++) {   /* the words on the bank that set the cost */
        if (cells[i].bank != ph->worst_bank)
            continue;
        unsigned k = 0;
        while (k < nwords && words[k] != cells[i].word)
            k++;
        if (k == nwords) {
            words[nwords] = cells[i].word;
            word_lanes[nwords++] = 0;
        }
        word_lanes[k] |= (uint64_t)1 << cells[i].lane;
    }
    int merge = lds_sim_access_merges(p, &acc);
    char sub[32] = "";
    if (p->r3 == LDS_R3_SUBSTEPS)
        snprintf(sub, sizeof sub, ", sub-step %u", ph->substep);
    else if (lds_sim_access_geometry(p, &acc).substeps)   /* a class served a word at a time */
        snprintf(sub, sizeof sub, ", word %u", ph->substep);
    if (merge)
        fprintf(out, "%sR1: phase %u (lanes %s%s) costs %u cycles: bank %u must serve %u different words:", bullet,
                index, lanes, sub, ph->cost, ph->worst_bank, nwords);
    else
        fprintf(out, "%sR1: phase %u (lanes %s%s) costs %u cycles: bank %u serves %u lane accesses one at a time, on",
                bullet, index, lanes, sub, ph->cost, ph->worst_bank, ph->cost);
    for (unsigned k = 0; k < nwords && k < MAX_WORDS_LISTED; k++) {
        lds_lane_ranges(lanes, sizeof lanes, word_lanes[k]);
        fprintf(out, "%s word %llu (lane%s %s)", k ? "," : "", (unsigned long long)words[k],
                (word_lanes[k] & (word_lanes[k] - 1)) ? "s" : "", lanes);
    }
    if (nwords > MAX_WORDS_LISTED)
        fprintf(out, ", and %u more", nwords - MAX_WORDS_LISTED);
    fprintf(out, ".\n");
}

static void explain_r1(FILE *out, const lds_access_result *rec, const lds_sample *s, const char *bullet)
{
    const lds_sample_result *res = &s->result;
    unsigned costly = 0;
    for (unsigned i = 0; i < res->nphases; i++) {
        if (res->phase[i].cost <= 1)
            continue;
        if (costly++ < MAX_PHASES_EXPLAINED)
            explain_costly_phase(out, rec, s, &res->phase[i], i, bullet);
    }
    if (costly > MAX_PHASES_EXPLAINED)
        fprintf(out, "%s%u more phases cost more than one cycle.\n", bullet, costly - MAX_PHASES_EXPLAINED);
    if (costly == 0 && res->nphases)
        fprintf(out, "%sR1: in every phase each bank serves at most one word: 1 cycle per phase, no conflict.\n",
                bullet);
    lds_sim_form form = lds_form_on(rec->form, rec->profile);
    if (form == LDS_FORM_NO_MERGE)
        fprintf(out, "%scp.async's small copies are never merged: lanes on one address are served one by one.\n",
                bullet);
    else if (rec->kind == ACC_ATOMIC && form != LDS_FORM_CAS_LOOP)
        fprintf(out, "%sAtomics never broadcast: lanes on one word are served one after another.\n", bullet);
    else if (!lds_sim_merges(rec->profile, lds_sample_access(rec, s).kind))
        fprintf(out, "%sOn %s writes never merge: every lane on a bank counts, even on the same word.\n", bullet,
                rec->profile->name);
    else if (res->broadcasts)
        fprintf(out, "%s%llu lane accesses are served by another lane's word (broadcast on reads, one writer on writes); they cost nothing extra.\n",
                bullet, (unsigned long long)res->broadcasts);
}

/* R2: lanes on one word at different byte offsets (sub-word accesses:
 * one word per lane). */
static void explain_r2(FILE *out, const lds_access_result *rec, const lds_sample *s, const char *bullet)
{
    const lds_sim_profile *p = rec->profile;
    lds_sim_access acc = lds_sample_access(rec, s);
    lds_sim_cell cells[LDS_SIM_MAX_CELLS];   /* 12 KiB: on the stack, so that writers on several threads never share it */
    if (rec->width >= p->bank_bytes)
        return;
    for (unsigned i = 0; i < s->result.nphases; i++) {
        unsigned n = lds_sim_phase_cells(p, &acc, &s->result.phase[i], cells);
        for (unsigned a = 0; a < n; a++)
            for (unsigned b = a + 1; b < n; b++) {
                unsigned la = cells[a].lane, lb = cells[b].lane;
                if (cells[a].word != cells[b].word || s->addr[la] == s->addr[lb])
                    continue;
                if (p->r2 == LDS_R2_WORD)
                    fprintf(out, "%sR2: lanes %u and %u touch different bytes of word %llu; calibrated R2 serves them as one word (the literal R2 would count them separately).\n",
                            bullet, la, lb, (unsigned long long)cells[a].word);
                else
                    fprintf(out, "%sR2 (literal): lanes %u and %u touch different bytes of word %llu, so they count as two accesses of bank %u.\n",
                            bullet, la, lb, (unsigned long long)cells[a].word, cells[a].bank);
                return;
            }
    }
}

/* If every active lane's address is base + stride * lane: the closed form. */
static void explain_closed_form(FILE *out, const lds_access_result *rec, const lds_sample *s, const char *bullet)
{
    const lds_sim_profile *p = rec->profile;
    int64_t base, step;
    if (!lds_sample_affine(s, &base, &step) || words_per_lane(rec, s) > 1)
        return;
    lds_sim_geometry g = lds_sim_geometry_for(p, (lds_sim_kind)rec->kind, lds_access_table_width(rec), rec->naddr);
    if (step < 0)
        return;
    /* a whole number of words per lane (step - 1 falls in the word before) */
    uint64_t stride = lds_sim_word_of(p, (uint64_t)step);
    if (step > 0 && lds_sim_word_of(p, (uint64_t)step - 1) == stride)
        return;
    lds_sim_access acc = lds_sample_access(rec, s);
    unsigned d = lds_sim_bank_of(p, &acc, stride);
    fprintf(out, "%sClosed form: the address is %lld + %lld * lane bytes, a stride of %llu word%s.", bullet,
            (long long)base, (long long)step, (unsigned long long)stride, stride == 1 ? "" : "s");
    if (d == 0) {
        fprintf(out, step == 0 ? " Every lane touches the same word.\n"
                               : " The stride is a multiple of %u banks: every lane on one bank, each on its own word.\n",
                g.banks);
        return;
    }
    unsigned gcd = (unsigned)lds_sim_gcd(d, g.banks), apart = g.banks / gcd;
    unsigned lanes = (unsigned)__builtin_popcountll(s->result.phase[0].lanes);
    unsigned banks = lanes < apart ? lanes : apart, per = (lanes + apart - 1) / apart;
    fprintf(out, " gcd(%llu, %u) = %u, so lanes %u apart share a bank: a phase of %u lanes touches %u bank%s, %u lane%s on each.\n",
            (unsigned long long)stride, g.banks, gcd, apart, lanes, banks, banks == 1 ? "" : "s", per, per == 1 ? "" : "s");
}

/* What backs the calibrated rules for this instruction, in words that
 * say "measured" only where counters were. */
static const char *which_holds(const lds_access_result *rec)
{
    switch (lds_access_confidence(rec)) {
    case LDS_CONF_MEASURED:
        return "Counters measured on this part follow the calibrated rules for this instruction.";
    case LDS_CONF_DOCUMENTED:
        return "The vendor documents the calibrated behaviour for this instruction; it is not measured here.";
    case LDS_CONF_TIMED:
        return "Latency probes on this part follow the calibrated rules for this instruction; no counter was measured.";
    case LDS_CONF_INFERRED:
        return "Neither is measured for this instruction on this part: its calibrated table is an inference.";
    case LDS_CONF_SET:
        return "The calibrated table here is the one the program set.";
    case LDS_CONF_TEXTBOOK:
        break;
    }
    return "This profile is the textbook model: neither is a measurement.";
}

/* Run the same instruction under the other rule set. */
static void explain_rules_into(FILE *out, const lds_access_result *rec, const lds_sample *s, const char *bullet,
                               lds_sim_result *res)
{
    lds_sim_profile other = *rec->profile;
    int literal = rec->profile->r2 == LDS_R2_STRICT && rec->profile->r3 == LDS_R3_SUBSTEPS;
    other.r2 = literal ? LDS_R2_WORD : LDS_R2_STRICT;
    other.r3 = literal ? LDS_R3_PHASES : LDS_R3_SUBSTEPS;
    lds_sim_access acc = lds_sample_access(rec, s);
    const char *why;
    if (lds_sim_run(&other, &acc, res, &why) < 0)
        return;
    const lds_sample_result *mine = &s->result;
    /* the literal and the calibrated numbers, whichever ran first */
    uint64_t lc = literal ? mine->cycles : res->cycles, li = literal ? mine->ideal : res->ideal,
             lw = literal ? mine->ways : res->ways;
    uint64_t cc = literal ? res->cycles : mine->cycles, ci = literal ? res->ideal : mine->ideal,
             cw = literal ? res->ways : mine->ways;
    if (res->cycles == mine->cycles && res->ideal == mine->ideal) {
        fprintf(out, "%sThe literal textbook rules (rules seed) give the same: %llu cycle%s, %llu ideal.\n", bullet,
                (unsigned long long)res->cycles, res->cycles == 1 ? "" : "s", (unsigned long long)res->ideal);
        return;
    }
    fprintf(out, "%sThe rules disagree here: the literal textbook rules (rules seed) give %llu cycle%s for %llu ideal (%llu-way); the calibrated rules give %llu cycle%s for %llu ideal (%llu-way). %s\n",
            bullet, (unsigned long long)lc, lc == 1 ? "" : "s", (unsigned long long)li, (unsigned long long)lw,
            (unsigned long long)cc, cc == 1 ? "" : "s", (unsigned long long)ci, (unsigned long long)cw,
            which_holds(rec));
}

/* The same, its result on the heap (it is large; never a static: the
 * writers run on the caller's threads). */
static void explain_rules(FILE *out, const lds_access_result *rec, const lds_sample *s, const char *bullet)
{
    lds_sim_result *res = lds_xmalloc(sizeof *res);
    explain_rules_into(out, rec, s, bullet, res);
    lds_free(res);
}

/* What the access did not count: lanes left out of the bank check (its
 * idle waves are in its notes). */
static void explain_left_out(FILE *out, const lds_access_result *rec, const char *bullet)
{
    if (mpz_sgn(rec->m.unaligned) > 0)
        gmp_fprintf(out, "%s%Zd lane address%s not a multiple of %u bytes: on %s such lanes are left out of the bank check (%s).\n",
                    bullet, rec->m.unaligned, mpz_cmp_ui(rec->m.unaligned, 1) == 0 ? " is" : "es are", rec->width,
                    rec->profile->name,
                    lds_sim_text_of(lds_sim_entry_of(rec->profile, (lds_sim_kind)rec->kind, rec->width)->unaligned.source));
}

/* How the totals were found when not instruction by instruction. */
static void explain_gf2(FILE *out, const lds_access_result *rec, const char *bullet)
{
    if (!rec->closed_form || rec->not_closed_form)
        return;
    char *n = lds_mpz_str(rec->m.instructions);
    fprintf(out, "%sCounted in closed form: the byte address is a GF(2)-linear map of the lane's bits XORed with a "
                 "constant of the instruction (its loop values, wave, workgroup), so a phase costs 2^(r - b) cycles "
                 "whatever the constant is (b the rank of its bank map, r that of its word map, or its lanes' bits "
                 "where lanes never merge)",
            bullet);
    if (mpz_cmp_ui(rec->m.instructions, 1) > 0)
        fprintf(out, ": all %s instructions cost what the first does (simulated too: it agrees).\n", n);
    else
        fprintf(out, " (the instruction was simulated too: it agrees).\n");
    lds_free(n);
}

/* The instructions that do not run as the plain access of their width:
 * a CAS loop (said, then its first load explained as any load) and
 * cp.async.cg (counted in lines: nothing more to explain).  Whether the
 * explanation is complete. */
static bool explain_form(FILE *out, const lds_access_result *rec, const lds_sample *s, const char *bullet)
{
    const lds_sim_profile *p = rec->profile;
    lds_sim_form form = lds_form_on(rec->form, p);
    if (form == LDS_FORM_CAS_LOOP) {
        lds_sim_access acc = lds_sample_access(rec, s);
        lds_sim_loop loop;
        const char *why;
        acc.kind = LDS_ACCESS_ATOMIC;
        acc.form = LDS_FORM_CAS_LOOP;
        if (lds_sim_cas_loop(p, &acc, &loop, &why) == 0)
            fprintf(out, "%sA 64-bit atomic %s has no shared-memory instruction for: an LDS.64, then ATOMS.CAST.SPIN.64 "
                         "in half-warps (2 wavefronts each, no bank conflict), retried after a fresh LDS.64 by the lanes "
                         "that failed (their address already updated by the same instruction, or a bank they need "
                         "holding another word). This one ran %llu time%s: %llu load wavefronts and %llu "
                         "compare-and-swap wavefronts. Its first load:\n",
                    bullet, p->name, (unsigned long long)loop.iterations, loop.iterations == 1 ? "" : "s",
                    (unsigned long long)loop.loads.cycles, (unsigned long long)loop.cas_cycles);
        return false;
    }
    if (form != LDS_FORM_LINES)
        return false;
    fprintf(out, "%scp.async.cg: the hardware's bank counters do not see it; Nsight's SASS-level ldgsts counters count "
                 "one wavefront per distinct %u-byte line the lanes write and no bank conflict (measured on sm90).\n",
            bullet, LDS_SIM_LINE_BYTES);
    for (unsigned i = 0; i < s->result.nphases && i < MAX_PHASES_EXPLAINED; i++) {
        char lanes[256];
        lds_lane_ranges(lanes, sizeof lanes, s->result.phase[i].lanes);
        fprintf(out, "%sLine %u: lanes %s.\n", bullet, i, lanes);
    }
    if (s->result.nphases > MAX_PHASES_EXPLAINED)
        fprintf(out, "%s%u more lines.\n", bullet, s->result.nphases - MAX_PHASES_EXPLAINED);
    fprintf(out, "%s%u line%s: %u wavefront%s, all ideal.\n", bullet, s->result.nphases,
            s->result.nphases == 1 ? "" : "s", s->result.nphases, s->result.nphases == 1 ? "" : "s");
    return true;
}

/* "16-way, 95 cycles", or a global instruction's "8 sectors". */
static void cost_words(char *buf, size_t size, const lds_access_result *rec, const lds_sample_result *r)
{
    if (rec->global)
        snprintf(buf, size, "%llu %s", (unsigned long long)r->cycles, lds_sim_global_model_of(rec->profile)->unit_name);
    else
        snprintf(buf, size, "%llu-way, %llu cycle%s", (unsigned long long)r->ways, (unsigned long long)r->cycles,
                 r->cycles == 1 ? "" : "s");
}

void lds_explain_which(FILE *out, const lds_access_result *rec, const lds_sample *s, const char *bullet)
{
    if (!rec->nsamples || s == &rec->samples[0]) {
        if (s->label[0])
            fprintf(out, "%sFor the first instruction (%s):\n", bullet, s->label);
        return;
    }
    const lds_sample *first = &rec->samples[0];
    char *n = lds_mpz_str(rec->m.instructions);
    char cost[64], first_cost[64];
    cost_words(cost, sizeof cost, rec, &s->result);
    cost_words(first_cost, sizeof first_cost, rec, &first->result);
    fprintf(out, "%sFor the costliest of its %s instructions, %s (%s); the first (%s) is %s:\n", bullet, n, cost,
            s->label[0] ? s->label : "its place not named", first->label[0] ? first->label : "its place not named",
            first_cost);
    lds_free(n);
}

bool lds_sample_affine(const lds_sample *s, int64_t *base, int64_t *step)
{
    int first = -1, second = -1;
    for (unsigned l = 0; l < s->nlanes; l++)
        if (s->active[l]) {
            if (first < 0)
                first = (int)l;
            else if (second < 0)
                second = (int)l;
        }
    if (second < 0 || s->naddr != 1)
        return false;
    *step = ((int64_t)s->addr[second] - (int64_t)s->addr[first]) / (second - first);
    *base = (int64_t)s->addr[first] - *step * first;
    for (unsigned l = 0; l < s->nlanes; l++)
        if (s->active[l] && (int64_t)s->addr[l] != *base + *step * (int64_t)l)
            return false;
    return true;
}

void lds_explain_access(FILE *out, const lds_access_result *rec, const char *bullet)
{
    if (rec->global) {   /* coalesced, not banked */
        lds_explain_global(out, rec, bullet);
        return;
    }
    explain_left_out(out, rec, bullet);
    if (!rec->nsamples) {
        fprintf(out, "%sNo instruction was simulated.\n", bullet);
        return;
    }
    const lds_sample *s = lds_access_shown(rec);
    explain_gf2(out, rec, bullet);
    lds_explain_which(out, rec, s, bullet);
    if (s->result.nphases == 0) {
        fprintf(out, "%sNo lane is active: the instruction costs nothing.\n", bullet);
        return;
    }
    /* the rules named before they are used, for a reader who has not met them */
    const char *rules = lds_sim_profile_rules(rec->profile);
    fprintf(out, "%sThe rules: R3 decides which lanes are served together (a phase); R1, that a bank serves one word per cycle, so a phase costs as many cycles as its busiest bank has distinct words; R2, that lanes on one word share it (a broadcast). In force: %s.\n",
            bullet, !strcmp(rules, "seed") ? "the literal textbook rules (rules seed), for teaching"
                    : !strcmp(rules, "calibrated") ? "the calibrated rules, which measured hardware follows"
                                                   : "a mix of the calibrated and the textbook rules (set r2/r3)");
    if (explain_form(out, rec, s, bullet))
        return;
    explain_r3(out, rec, s, bullet);
    explain_r1(out, rec, s, bullet);
    explain_r2(out, rec, s, bullet);
    explain_closed_form(out, rec, s, bullet);
    explain_rules(out, rec, s, bullet);
}
