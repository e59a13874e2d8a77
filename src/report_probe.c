/* src/report_probe.c - --emit cuda|hip --output DIR: a probe for the run,
 * to measure its prediction on a GPU (lds-calc(1), PROBES).
 *
 * The run kept every instruction each access issued, with the wave and
 * workgroup that issued it (the session's keep_every).  The probe replays
 * exactly those: one kernel per access statement, launched with the
 * program's dispatch, in which each wave walks its own instructions in
 * order and each lane performs the access at the byte address lds-calc
 * computed, with the statement's instruction in inline PTX or AMDGPU
 * assembly, so that no compiler can change the width.  The addresses are
 * data, not the program's formulas: what is measured is what was
 * predicted, whatever the language expressed.
 *
 * DIR gets probe.cu (or probe.hip), a Makefile, run.sh (build, measure
 * with ncu or rocprofv3, then lds-calc --check-counters) and
 * expected.csv (the prediction, counter by counter). */
#include "src/report_impl.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/buf.h"
#include "src/counters.h"
#include "base/limits.h"
#include "base/mem.h"
#include "src/probe_text.h"

#define INACTIVE 0xffffffffu

typedef struct {
    bool hip;
    const lds_access_result *a;
    unsigned nwaves;              /* waves a workgroup launches: up to the
                                     last that issued an instruction */
    uint64_t groups;              /* workgroups: up to the last that did */
    size_t *order;                /* kept instructions by (group, wave), stable */
    uint64_t *start;              /* [groups * nwaves + 1]: each wave's first */
    uint64_t lds_bytes;           /* dynamic shared memory the kernel needs */
    unsigned off0, off1;          /* ds_read2: offsets in units of the width */
    bool st64;
} probe_access;

/* ------------------------------------------------------------ checks */

static const lds_sample *sample_of(const probe_access *p, size_t i)
{
    return &p->a->samples[p->order[i]];
}

/* Whether kept instruction x was issued by an earlier (group, wave) than y. */
static bool earlier_wave(const lds_access_result *a, size_t x, size_t y)
{
    const lds_sample *s = &a->samples[x], *t = &a->samples[y];
    return s->group != t->group ? s->group < t->group : s->wave < t->wave;
}

/* The kept instructions by (group, wave), each wave's in issue order: an
 * insertion sort (stable; at most LDS_PROBE_MAX_INSTRUCTIONS, and mostly
 * in order already: block loops are what interleave the waves). */
static void order_by_wave(probe_access *p)
{
    size_t n = p->a->nsamples;
    p->order = lds_xcalloc(n ? n : 1, sizeof *p->order);
    for (size_t i = 0; i < n; i++) {
        size_t j = i;
        for (; j > 0 && earlier_wave(p->a, i, p->order[j - 1]); j--)
            p->order[j] = p->order[j - 1];
        p->order[j] = i;
    }
}

static const char *instruction_of(const lds_access_result *a)
{
    return a->form ? a->form->name : NULL;
}

/* The two addresses of a ds_read2 lane, as offsets of one base. */
static int two_address_offsets(lds_reporter *r, probe_access *p)
{
    const lds_access_result *a = p->a;
    bool found = false;
    int64_t d = 0;
    for (size_t i = 0; i < a->nsamples; i++) {
        const lds_sample *s = &a->samples[i];
        for (unsigned l = 0; l < s->nlanes; l++)
            if (s->active[l]) {
                int64_t e = (int64_t)(s->addr[2 * l + 1] - s->addr[2 * l]);
                if (found && e != d) {
                    lds_report_error(r, "access %u: its two addresses are not a fixed distance apart", a->index);
                    return -1;
                }
                d = e;
                found = true;
            }
    }
    uint64_t dist = (uint64_t)(d < 0 ? -d : d), unit = a->width;
    p->st64 = instruction_of(a) && (strstr(instruction_of(a), "st64") || strstr(instruction_of(a), "stride64"));
    if (p->st64)
        unit *= 64;
    if (dist % unit || dist / unit > 255) {
        lds_report_error(r, "access %u: its addresses %" PRIu64 " bytes apart fit no %s offset", a->index, dist,
                         instruction_of(a) ? instruction_of(a) : "ds_read2");
        return -1;
    }
    p->off0 = d < 0 ? (unsigned)(dist / unit) : 0;
    p->off1 = d < 0 ? 0 : (unsigned)(dist / unit);
    return 0;
}

/* The lowest address of lane l of sample s (the base of a ds_read2). */
static uint64_t lane_address(const lds_sample *s, unsigned l)
{
    if (s->naddr == 1)
        return s->addr[l];
    return s->addr[2 * l] < s->addr[2 * l + 1] ? s->addr[2 * l] : s->addr[2 * l + 1];
}

static bool matrix_op(const lds_access_result *a)
{
    return lds_access_counter_op(a) && (!strcmp(lds_access_counter_op(a), "ldsm") || !strcmp(lds_access_counter_op(a), "stsm"));
}

/* Whether the access can be replayed, and its table laid out. */
static int plan(lds_reporter *r, probe_access *p)
{
    const lds_access_result *a = p->a;
    if (a->failed) {
        lds_report_error(r, "access %u (line %u) failed: no probe", a->index, a->line);
        return -1;
    }
    if (a->global) {   /* the probes replay shared memory only, so far */
        lds_report_error(r, "access %u (line %u) is to global memory, which probes do not replay yet", a->index,
                         a->line);
        return -1;
    }
    if (mpz_cmp_ui(a->m.instructions, a->nsamples) > 0 || a->simulated > a->nsamples) {
        lds_report_error(r, "access %u (line %u) issues more than %u instructions, the most a probe replays: "
                         "shorten its loops or dispatch", a->index, a->line, LDS_PROBE_MAX_INSTRUCTIONS);
        return -1;
    }
    if (a->naddr == 2 && two_address_offsets(r, p) < 0)
        return -1;
    /* waves and workgroups past the last that issued an instruction
     * would issue none: the launch stops there */
    p->nwaves = p->groups = 1;
    for (size_t i = 0; i < a->nsamples; i++) {
        if ((uint64_t)a->samples[i].wave >= p->nwaves)
            p->nwaves = (unsigned)a->samples[i].wave + 1;
        if ((uint64_t)a->samples[i].group >= p->groups)
            p->groups = (uint64_t)a->samples[i].group + 1;
    }
    order_by_wave(p);
    uint64_t slots = p->groups * p->nwaves;
    p->start = lds_xcalloc(slots + 1, sizeof *p->start);
    for (size_t i = 0; i < a->nsamples; i++) {
        const lds_sample *s = sample_of(p, i);
        uint64_t slot = (uint64_t)s->group * p->nwaves + (uint64_t)s->wave;
        p->start[slot + 1]++;
        for (unsigned l = 0; l < s->nlanes; l++) {
            if (!s->active[l]) {
                /* a matrix instruction runs on the whole warp: a row lane
                 * that takes no part cannot be replayed */
                if (matrix_op(a) && l < a->form->row_lanes) {
                    lds_report_error(r, "access %u (line %u): %s with lane %u inactive cannot be replayed (the whole "
                                     "warp executes it)", a->index, a->line, instruction_of(a), l);
                    return -1;
                }
                continue;
            }
            for (unsigned k = 0; k < s->naddr; k++) {
                uint64_t end = s->addr[s->naddr * l + k] + a->width;
                if (end > p->lds_bytes)
                    p->lds_bytes = end;
            }
        }
    }
    for (uint64_t i = 0; i < slots; i++)
        p->start[i + 1] += p->start[i];
    p->lds_bytes = (p->lds_bytes + 255) / 256 * 256;
    return 0;
}

/* ------------------------------------------------------- instructions */

/* The statement that performs one lane's access at LDS address `x`
 * (CUDA: a shared-window address; HIP: an LDS offset), folding what it
 * returns into `acc`. */
static void cuda_access(lds_buf *b, const lds_access_result *a)
{
    const char *op = lds_access_counter_op(a) ? lds_access_counter_op(a) : "";
    unsigned w = a->width;
    if (!strcmp(op, "ldsm") || !strcmp(op, "stsm")) {
        unsigned x = a->form->row_lanes / 8;
        bool trans = instruction_of(a) && (strstr(instruction_of(a), ".trans") || strstr(instruction_of(a), "MT88")
                                        || strstr(instruction_of(a), "mt88"));
        lds_buf_printf(b, "            acc ^= %s_x%u%s(x);\n", op, x, trans ? "_trans" : "");
    } else if (!strcmp(op, "ldgsts")) {
        bool ca16 = w == 16 && lds_form_on(a->form, a->profile) != LDS_FORM_LINES;   /* cp.async.ca of 16 */
        lds_buf_printf(b, "            cp_async_%u%s(x, src + (x - base));\n", w, ca16 ? "_ca" : "");
    } else if (a->kind == ACC_READ) {
        lds_buf_printf(b, "            acc ^= ld_shared_%u(x);\n", w);
    } else if (a->kind == ACC_WRITE) {
        lds_buf_printf(b, "            st_shared_%u(x, tid);\n", w);
    } else {
        lds_buf_printf(b, "            acc ^= atom_shared_add_%u(x);\n", w);
    }
}


static void hip_access(lds_buf *b, const probe_access *p)
{
    const lds_access_result *a = p->a;
    unsigned w = a->width;
    const char *ins = instruction_of(a);
    bool g11 = a->profile->gfx11_names;   /* gfx11 and later spell ds_read ds_load */
    if (ins && strstr(ins, "_tr")) {   /* the transposing loads, as written */
        lds_buf_printf(b, "            u32x%u v;\n            asm volatile(\"%s %%0, %%1\" WAIT : \"=v\"(v) : \"v\"(x) : "
                          "\"memory\");\n            acc ^= v[0];\n", w / 4, ins);
    } else if (a->naddr == 2) {   /* gfx9 ds_read2st64_b32, gfx11 ds_load_2addr_stride64_b32 */
        bool read = a->kind == ACC_READ;
        lds_buf_printf(b, "            u32x%u v = x;\n            asm volatile(\"%s%s_b%u ", w / 2, 
                       read ? (g11 ? "ds_load_2addr" : "ds_read2") : (g11 ? "ds_store_2addr" : "ds_write2"),
                       p->st64 ? (g11 ? "_stride64" : "st64") : "", w * 8);
        if (read)
            lds_buf_printf(b, "%%0, %%1 offset0:%u offset1:%u\" WAIT : \"=v\"(v) : \"v\"(x) : \"memory\");\n", p->off0,
                           p->off1);
        else   /* each datum is one element: a dword, or two for b64 */
            lds_buf_printf(b, "%%0, %%1, %%1 offset0:%u offset1:%u\" WAIT :: \"v\"(x), \"v\"(%s) : \"memory\");\n",
                           p->off0, p->off1, w == 4 ? "v[0]" : "v.xy");
        lds_buf_printf(b, "            acc ^= v[0];\n");
    } else if (a->kind == ACC_READ) {
        lds_buf_printf(b, "            acc ^= %s_%u(x);\n", g11 ? "ds_load" : "ds_read", w);
    } else if (a->kind == ACC_WRITE) {
        lds_buf_printf(b, "            %s_%u(x, tid);\n", g11 ? "ds_store" : "ds_write", w);
    } else {
        lds_buf_printf(b, "            acc ^= ds_add_%u(x);\n", w);
    }
}

/* ------------------------------------------------------------- files */


static void table(lds_buf *b, const probe_access *p)
{
    const lds_access_result *a = p->a;
    unsigned wave = a->profile->wave;
    lds_buf_printf(b, "/* each kept instruction, each lane: its LDS byte offset, or INACTIVE */\n");
    lds_buf_printf(b, "static __device__ const unsigned addr_%u[] = {", a->index);
    for (size_t i = 0; i < a->nsamples; i++) {
        const lds_sample *s = sample_of(p, i);
        lds_buf_printf(b, "\n   ");
        for (unsigned l = 0; l < wave; l++) {
            if (l < s->nlanes && s->active[l])
                lds_buf_printf(b, " %" PRIu64 "u,", lane_address(s, l));
            else
                lds_buf_printf(b, " INACTIVE,");
        }
    }
    if (!a->nsamples)
        lds_buf_printf(b, " INACTIVE");
    lds_buf_printf(b, "\n};\n/* each wave's first instruction (group-major), then the end */\n");
    lds_buf_printf(b, "static __device__ const unsigned start_%u[] = {", a->index);
    for (uint64_t i = 0; i <= p->groups * p->nwaves; i++)
        lds_buf_printf(b, "%s%s%" PRIu64, i ? "," : "", i % 16 ? " " : "\n    ", p->start[i]);
    lds_buf_printf(b, "\n};\n");
}

static void kernel(lds_buf *b, const probe_access *p)
{
    const lds_access_result *a = p->a;
    unsigned wave = a->profile->wave, banks_bytes = a->profile->banks * a->profile->bank_bytes;
    bool whole_warp = matrix_op(a);
    lds_buf_printf(b, "\n/* access %u, %s:%u: %s\n * on %s", a->index, a->file ? a->file : "", a->line, a->source,
                   a->profile->name);
    if (instruction_of(a))
        lds_buf_printf(b, ", as %s", instruction_of(a));
    lds_buf_printf(b, " */\n");
    table(b, p);
    lds_buf_printf(b, "extern \"C\" __global__ void lds_access_%u(const unsigned char *src, unsigned *sink)\n{\n",
                   a->index);
    lds_buf_printf(b, "    extern __shared__ __align__(256) unsigned char smem[];\n");
    if (p->hip)
        lds_buf_printf(b, "    const unsigned base = (unsigned)(size_t)smem;   /* the LDS offset (low 32 bits) */\n");
    else
        lds_buf_printf(b, "    const unsigned base = (unsigned)__cvta_generic_to_shared(smem);\n");
    lds_buf_printf(b, "    const unsigned tid = threadIdx.x, lane = tid %% %u, wave = tid / %u;\n", wave, wave);
    lds_buf_printf(b, "    const unsigned slot = blockIdx.x * %u + wave;\n", p->nwaves);
    lds_buf_printf(b, "    if (base %% %u != 0)   /* banks would be shifted */\n        %s;\n", banks_bytes,
                   p->hip ? "__builtin_trap()" : "__trap()");
    lds_buf_printf(b, "    unsigned acc = 0;\n    (void)src;\n");
    lds_buf_printf(b, "    for (unsigned i = start_%u[slot]; i < start_%u[slot + 1]; i++) {\n", a->index, a->index);
    lds_buf_printf(b, "        const unsigned off = addr_%u[i * %u + lane];\n", a->index, wave);
    if (whole_warp) {   /* every lane executes it; only the row lanes' addresses count */
        lds_buf_printf(b, "        {\n            const unsigned x = base + (off == INACTIVE ? 0 : off);\n");
    } else {
        lds_buf_printf(b, "        if (off != INACTIVE) {\n            const unsigned x = base + off;\n");
    }
    if (p->hip)
        hip_access(b, p);
    else
        cuda_access(b, a);
    lds_buf_printf(b, "        }\n    }\n");
    if (lds_access_counter_op(a) && !strcmp(lds_access_counter_op(a), "ldgsts"))
        lds_buf_printf(b, "    asm volatile(\"cp.async.wait_all;\" ::: \"memory\");\n");
    lds_buf_printf(b, "    sink[blockIdx.x * blockDim.x + tid] = acc;\n}\n");
}

static void host(lds_buf *b, const probe_access *ps, size_t n, bool hip)
{
    const char *api = hip ? "hip" : "cuda";
    uint64_t most = 256, threads = 1, groups = 1;
    for (size_t i = 0; i < n; i++) {
        most = ps[i].lds_bytes > most ? ps[i].lds_bytes : most;
        uint64_t t = (uint64_t)ps[i].nwaves * ps[i].a->profile->wave;
        threads = t > threads ? t : threads;
        groups = ps[i].groups > groups ? ps[i].groups : groups;
    }
    lds_buf_printf(b, "\n#define CHECK(call) do { %sError_t e_ = (call); if (e_ != %sSuccess) { "
                      "fprintf(stderr, \"probe: %%s: %%s\\n\", #call, %sGetErrorString(e_)); exit(1); } } while (0)\n",
                   api, api, api);
    lds_buf_printf(b, "\n/* Each access's kernel once, with the program's dispatch; the profiler\n"
                      " * reports each launch under the kernel's name. */\nint main(void)\n{\n");
    lds_buf_printf(b, "    unsigned char *src;\n    unsigned *sink;\n");
    lds_buf_printf(b, "    CHECK(%sMalloc((void **)&src, %" PRIu64 "));\n", api, most);
    lds_buf_printf(b, "    CHECK(%sMemset(src, 1, %" PRIu64 "));\n", api, most);
    lds_buf_printf(b, "    CHECK(%sMalloc((void **)&sink, %" PRIu64 " * sizeof(unsigned)));\n", api, threads * groups);
    for (size_t i = 0; i < n; i++) {
        const probe_access *p = &ps[i];
        unsigned k = p->a->index;
        if (p->lds_bytes > 48 * 1024)
            lds_buf_printf(b, "    CHECK(%sFuncSetAttribute((const void *)lds_access_%u, "
                              "%sFuncAttributeMaxDynamicSharedMemorySize, %" PRIu64 "));\n",
                           api, k, api, p->lds_bytes);
        lds_buf_printf(b, "    lds_access_%u<<<%" PRIu64 ", %" PRIu64 ", %" PRIu64 ">>>(src, sink);\n", k, p->groups,
                       (uint64_t)p->nwaves * p->a->profile->wave, p->lds_bytes);
        lds_buf_printf(b, "    CHECK(%sGetLastError());\n    CHECK(%sDeviceSynchronize());\n", api, api);
    }
    lds_buf_printf(b, "    fprintf(stderr, \"probe: %zu kernel%s ran\\n\");\n    return 0;\n}\n", n, n == 1 ? "" : "s");
}

/* The compiler's target: the profile's column (sm_90, gfx1100), or its
 * name where it has none. */
static void target_of(const lds_sim_profile *p, char *buf, size_t size)
{
    snprintf(buf, size, "%s", p->target[0] ? p->target : p->name);
}

/* A text to write as it is. */
typedef struct {
    const char *text;
    size_t len;
} text_file;

static void write_text(FILE *f, const void *ctx)
{
    const text_file *t = ctx;
    fwrite(t->text, 1, t->len, f);
}

/* DIR/name with the text (never through anything planted there). */
static int write_file(lds_reporter *r, const char *name, const char *text, size_t len, mode_t mode)
{
    text_file t = { text, len };
    return lds_report_write_file(r, name, mode, write_text, &t);
}

/* Every counter predicted, for expected.csv; the distinct names, comma
 * separated, for the profiler's list. */
static void expected(lds_buf *csv, lds_buf *names, const probe_access *ps, size_t n)
{
    char seen[LDS_MAX_TOTAL_COUNTERS][96];
    unsigned nseen = 0;
    lds_buf_printf(csv, "kernel,counter,value\n");
    for (size_t i = 0; i < n; i++) {
        const lds_access_result *a = ps[i].a;
        lds_counter c[LDS_MAX_COUNTERS];
        unsigned nc = lds_access_counters(a, c);
        for (unsigned k = 0; k < nc; k++) {
            if (c[k].percent)
                continue;   /* derived, not a counter */
            char *v = lds_mpz_str(c[k].value);
            lds_buf_printf(csv, "lds_access_%u,%s,%s\n", a->index, c[k].name, v);
            lds_free(v);
            unsigned j = 0;
            while (j < nseen && strcmp(seen[j], c[k].name))
                j++;
            if (j == nseen && nseen < LDS_MAX_TOTAL_COUNTERS) {
                snprintf(seen[nseen++], sizeof seen[0], "%.95s", c[k].name);
                lds_buf_printf(names, "%s%s", nseen > 1 ? "," : "", c[k].name);
            }
        }
        lds_counters_clear(c, nc);
    }
}

static void makefile(lds_buf *b, bool hip, const char *target)
{
    if (hip)
        lds_buf_printf(b, "HIPCC ?= hipcc\nARCH ?= %s\n\nprobe: probe.hip\n\t$(HIPCC) -O2 --offload-arch=$(ARCH) -o $@ "
                          "probe.hip\n\nclean:\n\trm -f probe\n", target);
    else
        lds_buf_printf(b, "NVCC ?= nvcc\nARCH ?= %s\n\nprobe: probe.cu\n\t$(NVCC) -O2 -arch=$(ARCH) -o $@ probe.cu\n\n"
                          "clean:\n\trm -f probe\n", target);
}

/* The probe's measure-and-check script.  big_blocks: a workgroup of 1024
 * threads or more, where the H200's hardware l1tex wavefront counter read
 * 1 or 2 above the instructions' own count (measurements/h200-sm90). */
static void run_script(lds_buf *b, bool hip, const char *metrics, const char *rerun, bool big_blocks)
{
    lds_buf_printf(b, "#!/bin/sh\n# Build the probe, measure it, and compare with lds-calc's prediction\n"
                      "# (lds-calc(1), PROBES).  LDS_CALC names lds-calc if it is not on PATH.\nset -e\n"
                      "cd \"$(dirname \"$0\")\"\nmake\n");
    if (hip)
        lds_buf_printf(b, "rm -rf rocprof\nrocprofv3 --pmc SQ_INSTS_LDS SQ_LDS_BANK_CONFLICT --output-format csv "
                          "-d rocprof -o counters -- ./probe\n"
                          "csv=$(find rocprof -name '*counter_collection.csv' | head -n 1)\n"
                          "cp \"$csv\" counters.csv\n");
    else
        lds_buf_printf(b, "ncu --csv --print-units base --metrics %s ./probe > counters.csv\n", metrics);
    if (big_blocks && !hip)
        lds_buf_printf(b, "# 1024-thread blocks: Nsight's l1tex wavefront counter can read 1 or 2 high there\n"
                          "exec \"${LDS_CALC:-lds-calc}\" --check-counters counters.csv --tolerance 2%s\n",
                       rerun ? rerun : "");
    else
        lds_buf_printf(b, "exec \"${LDS_CALC:-lds-calc}\" --check-counters counters.csv%s\n", rerun ? rerun : "");
}

static void probe_end_run(lds_reporter *r, const lds_run_view *run, bool hip)
{
    const lds_results *res = run->res;
    size_t n = res->n - run->first_access;
    if (!r->o.output_dir) {   /* the command line asks for one; the REPL cannot reach here */
        lds_report_error(r, "a probe needs an output directory");
        r->io_error = true;
        return;
    }
    if (run->status->error) {
        lds_report_error(r, "the run failed: no probe written");
        r->io_error = true;
        return;
    }
    probe_access *ps = lds_xcalloc(n ? n : 1, sizeof *ps);
    int rc = 0;
    const lds_sim_profile *profile = NULL;
    for (size_t i = 0; i < n && rc == 0; i++) {
        ps[i].hip = hip;
        ps[i].a = res->accesses[run->first_access + i];
        lds_sim_vendor v = lds_sim_profile_vendor(ps[i].a->profile);
        if (v != (hip ? LDS_VENDOR_AMD : LDS_VENDOR_NVIDIA)) {
            lds_report_error(r, "--emit %s needs an %s profile; access %u runs on %s", hip ? "hip" : "cuda",
                             hip ? "AMD" : "NVIDIA", ps[i].a->index, ps[i].a->profile->name);
            rc = -1;
        } else if (profile && strcmp(profile->name, ps[i].a->profile->name)) {
            lds_report_error(r, "a probe is for one part: access %u runs on %s, an earlier one on %s",
                             ps[i].a->index, ps[i].a->profile->name, profile->name);
            rc = -1;
        } else {
            profile = ps[i].a->profile;
            rc = plan(r, &ps[i]);
        }
    }
    if (rc == 0 && n == 0) {
        lds_report_error(r, "the program has no access: no probe written");
        rc = -1;
    }
    if (rc == 0) {
        lds_buf src = { 0 }, mk = { 0 }, sh = { 0 }, csv = { 0 }, names = { 0 };
        char target[32];
        target_of(profile, target, sizeof target);
        lds_buf_printf(&src, "/* %s - written by lds-calc --emit %s: a probe of %zu access statement%s on %s.\n"
                             " * Build and measure with run.sh; see lds-calc(1), PROBES. */\n",
                       hip ? "probe.hip" : "probe.cu", hip ? "hip" : "cuda", n, n == 1 ? "" : "s", profile->name);
        for (const char *const *line = hip ? lds_probe_hip_prelude : lds_probe_cuda_prelude; *line; line++)
            lds_buf_printf(&src, "%s", *line);
        for (size_t i = 0; i < n; i++)
            kernel(&src, &ps[i]);
        host(&src, ps, n, hip);
        expected(&csv, &names, ps, n);
        makefile(&mk, hip, target);
        bool big = false;
        for (size_t i = 0; i < n; i++)
            big |= (uint64_t)ps[i].nwaves * ps[i].a->profile->wave >= 1024;
        run_script(&sh, hip, lds_buf_str(&names), r->o.rerun, big);
        if (write_file(r, hip ? "probe.hip" : "probe.cu", lds_buf_str(&src), src.len, 0644) < 0
            || write_file(r, "Makefile", lds_buf_str(&mk), mk.len, 0644) < 0 || write_file(r, "run.sh", lds_buf_str(&sh), sh.len, 0755) < 0
            || write_file(r, "expected.csv", lds_buf_str(&csv), csv.len, 0644) < 0)
            rc = -1;
        else if (!r->o.quiet)
            fprintf(r->o.out, "probe for %zu access%s on %s written to %s (run %s/run.sh on the GPU machine)\n", n,
                    n == 1 ? "" : "es", profile->name, r->o.output_dir, r->o.output_dir);
        lds_buf_free(&src);
        lds_buf_free(&mk);
        lds_buf_free(&sh);
        lds_buf_free(&csv);
        lds_buf_free(&names);
    }
    if (rc < 0)
        r->io_error = true;
    for (size_t i = 0; i < n; i++) {
        lds_free(ps[i].order);
        lds_free(ps[i].start);
    }
    lds_free(ps);
}

static void cuda_end_run(lds_reporter *r, const lds_run_view *run)
{
    probe_end_run(r, run, false);
}

static void hip_end_run(lds_reporter *r, const lds_run_view *run)
{
    probe_end_run(r, run, true);
}

const lds_format_ops lds_probe_cuda_ops = { NULL, cuda_end_run, NULL, true };
const lds_format_ops lds_probe_hip_ops = { NULL, hip_end_run, NULL, true };
