/* tests/unit/test-api-oom.c - memory running out anywhere in a cycle of
 * the public C API (src/lds-calc.h) ends as an error value: no crash, no
 * abort, no leak, and no answer that differs from the full one without
 * saying so.
 *
 * The program replaces malloc, calloc, realloc and free for the whole
 * process (glibc and GMP call these too), passing every call on to the
 * C library's (found with dlsym), counting the allocations made while
 * armed, failing the n-th, and keeping the blocks it handed out while
 * armed in a table: after a cycle that table must be empty again.  The
 * cycle opens a session, sets options, runs an lds program, reads its
 * results and renders them in several formats (SARIF's fix search
 * included), runs an lds file and a CUDA kernel file, and closes.  Each
 * allocation point of the cycle is failed in turn (then, for a sample,
 * every allocation from that point on), and each call's answer compared
 * with the answer of a cycle where nothing failed: the same answer, or
 * an error value (LDSCALC_NO_MEMORY, NULL, -1, an empty result whose
 * status says out of memory).
 *
 * Built twice: test-api-oom as a host program that set GMP allocation
 * functions of its own before opening a session (lds-calc chains to
 * them: they must see the program's integers and none of lds-calc's),
 * and test-api-oom-gmp, which calls ldscalc_use_gmp_allocator() first,
 * as the command line does.  Under valgrind a sample of the points runs
 * (each cycle is some 50 times slower there); LDS_OOM_STEP=1 runs every
 * point anyway. */
#define _GNU_SOURCE   /* RTLD_NEXT */
#include <dlfcn.h>
#include <errno.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gmp.h>

#include "src/lds-calc-tool.h"
#include "base/mem.h"   /* lds_oom_current: where the library can recover */
#include "tests/unit/cunit_tap.h"

/* ------------------------------------------- the process's allocator */

static void *(*libc_malloc)(size_t);
static void *(*libc_calloc)(size_t, size_t);
static void *(*libc_realloc)(void *, size_t);
static void (*libc_free)(void *);

/* What dlsym itself allocates before the C library's functions are
 * known (zeroed: static storage). */
static _Alignas(max_align_t) char boot[1 << 16];
static size_t boot_used;
static int resolving;

static void *boot_alloc(size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (boot_used + n > sizeof boot)
        return NULL;
    void *p = boot + boot_used;
    boot_used += n;
    return p;
}

static int is_boot(const void *p)
{
    return (const char *)p >= boot && (const char *)p < boot + sizeof boot;
}

static void resolve(void)
{
    resolving = 1;
    /* POSIX's way to take a function from dlsym (its rationale) */
    *(void **)&libc_malloc = dlsym(RTLD_NEXT, "malloc");
    *(void **)&libc_calloc = dlsym(RTLD_NEXT, "calloc");
    *(void **)&libc_realloc = dlsym(RTLD_NEXT, "realloc");
    *(void **)&libc_free = dlsym(RTLD_NEXT, "free");
    resolving = 0;
}

static atomic_int armed;
static atomic_ulong calls;        /* allocations counted while armed */
static atomic_ulong fail_from;    /* fail the allocations from this one (1-based; 0: none) */
static atomic_ulong fail_to;      /* to this one */
static atomic_ulong injected;     /* how many were failed */

static int should_fail(void)
{
    /* An allocation point is one the library makes where it has a
     * recovery point (inside a C API call, on its thread or the thread
     * it reads a kernel file on): not the start of a thread, whose
     * allocations (pthread_getattr_np's) the sanitizers' runtime cannot
     * survive failing, nor the host's own between calls. */
    if (!atomic_load(&armed) || !lds_oom_current())
        return 0;
    unsigned long n = atomic_fetch_add(&calls, 1) + 1, from = atomic_load(&fail_from);
    if (!from || n < from || n > atomic_load(&fail_to))
        return 0;
    atomic_fetch_add(&injected, 1);
    errno = ENOMEM;   /* as malloc says it */
    return 1;
}

/* The blocks handed out while armed and not freed since: open
 * addressing, the pointers stored scrambled so that a leak checker
 * scanning this table does not take them for references. */
#define TABLE (1u << 18)
#define SCRAMBLE ((uintptr_t)0x5a5a5a5a5a5a5a5aull)
#define TOMBSTONE ((uintptr_t)1)
static uintptr_t table[TABLE];
static size_t live;
/* a spin lock, not a pthread mutex: ASan's runtime frees through this
 * free while it starts, before its own pthread functions are set up */
static atomic_flag table_lock = ATOMIC_FLAG_INIT;

static void lock_table(void)
{
    while (atomic_flag_test_and_set_explicit(&table_lock, memory_order_acquire))
        ;
}

static void unlock_table(void)
{
    atomic_flag_clear_explicit(&table_lock, memory_order_release);
}

static size_t slot_of(uintptr_t key)
{
    return (size_t)((key >> 4) * 0x9e3779b97f4a7c15ull >> 46) & (TABLE - 1);
}

static void track(void *p)
{
    uintptr_t key = (uintptr_t)p ^ SCRAMBLE;
    lock_table();
    for (size_t i = slot_of(key), k = 0; k < TABLE; i = (i + 1) & (TABLE - 1), k++)
        if (table[i] == 0 || table[i] == TOMBSTONE) {
            table[i] = key;
            live++;
            break;
        }
    unlock_table();
}

static void untrack(void *p)
{
    uintptr_t key = (uintptr_t)p ^ SCRAMBLE;
    lock_table();
    if (live)
        for (size_t i = slot_of(key), k = 0; table[i] != 0 && k < TABLE; i = (i + 1) & (TABLE - 1), k++)
            if (table[i] == key) {
                table[i] = TOMBSTONE;
                live--;
                break;
            }
    unlock_table();
}

static size_t live_blocks(void)
{
    lock_table();
    size_t n = live;
    unlock_table();
    return n;
}

static void forget_tracked(void)
{
    lock_table();
    memset(table, 0, sizeof table);
    live = 0;
    unlock_table();
}

void *malloc(size_t n)
{
    if (!libc_malloc) {
        if (resolving)
            return boot_alloc(n);
        resolve();
    }
    if (should_fail())
        return NULL;
    void *p = libc_malloc(n);
    if (p && atomic_load(&armed))
        track(p);
    return p;
}

void *calloc(size_t count, size_t size)
{
    if (!libc_calloc) {
        if (resolving)
            return size && count > sizeof boot / size ? NULL : boot_alloc(count * size);
        resolve();
    }
    if (should_fail())
        return NULL;
    void *p = libc_calloc(count, size);
    if (p && atomic_load(&armed))
        track(p);
    return p;
}

void *realloc(void *p, size_t n)
{
    if (!libc_realloc)
        resolve();
    if (is_boot(p)) {   /* a block dlsym had: moved out of the boot area */
        void *q = malloc(n);
        if (q)
            memcpy(q, p, n < (size_t)(boot + sizeof boot - (char *)p) ? n : (size_t)(boot + sizeof boot - (char *)p));
        return q;
    }
    if (n && should_fail())
        return NULL;
    void *q = libc_realloc(p, n);
    if (q || !n) {
        if (p)
            untrack(p);
        if (q && atomic_load(&armed))
            track(q);
    }
    return q;
}

void free(void *p)
{
    if (!p || is_boot(p))
        return;
    if (!libc_free)
        resolve();
    untrack(p);
    libc_free(p);
}

/* Count the allocations of what runs until disarm(), failing those from
 * the n-th to the m-th (n 0: none). */
static void arm(unsigned long n, unsigned long m)
{
    atomic_store(&calls, 0);
    atomic_store(&injected, 0);
    atomic_store(&fail_from, n);
    atomic_store(&fail_to, m);
    atomic_store(&armed, 1);
}

static void disarm(void)
{
    atomic_store(&armed, 0);
    atomic_store(&fail_from, 0);
}

/* ------------------------------------------------- a host's GMP allocator */

#ifndef LDS_TEST_GMP_OPT_IN
static atomic_ulong host_gmp_calls;
static void *(*gmp_default_alloc)(size_t);
static void *(*gmp_default_realloc)(void *, size_t, size_t);
static void (*gmp_default_free)(void *, size_t);

static void *host_alloc(size_t n)
{
    atomic_fetch_add(&host_gmp_calls, 1);
    return gmp_default_alloc(n);
}

static void *host_realloc(void *p, size_t old, size_t n)
{
    atomic_fetch_add(&host_gmp_calls, 1);
    return gmp_default_realloc(p, old, n);
}

static void host_free(void *p, size_t n)
{
    atomic_fetch_add(&host_gmp_calls, 1);
    gmp_default_free(p, n);
}
#endif

/* -------------------------------------------------------------- the cycle */

static char dir[] = "/tmp/lds-oom-XXXXXX";
static char lds_path[64], cu_path[64];

static const char program[] =
    "array f32 T[32][32 + P]\n"
    "print 6 * 7\n"
    "read T[lane][0]\n"
    "write T[lane / 4][lane % 4 * 8] for k in 0..3\n"
    "expect ways <= 32\n"
    "show layout T\n";

static const char lds_file[] =
    "arch gfx942\n"
    "array f16 H[64][64]\n"
    "read b128 H[lane % 16][lane / 16 * 8]\n"
    "expect ways == 4\n";

static const char cu_file[] =
    "// a transpose through a padded tile, one block of 32 x 8 threads\n"
    "#define TILE 32\n"
    "#define ROWS 8\n"
    "__global__ void transpose(float *out, const float *in, int width)\n"
    "{\n"
    "    __shared__ float tile[TILE][TILE + 1];\n"
    "    int x = blockIdx.x * TILE + threadIdx.x;\n"
    "    int y = blockIdx.y * TILE + threadIdx.y;\n"
    "    for (int j = 0; j < TILE; j += ROWS)\n"
    "        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];\n"
    "    __syncthreads();\n"
    "    x = blockIdx.y * TILE + threadIdx.x;\n"
    "    y = blockIdx.x * TILE + threadIdx.y;\n"
    "    for (int j = 0; j < TILE; j += ROWS)\n"
    "        out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];\n"
    "}\n";

/* What each call answered: an error value, or a hash of the answer. */
#define MAX_STEPS 64
typedef struct {
    unsigned n;
    int err[MAX_STEPS];
    uint64_t hash[MAX_STEPS];
} transcript;

static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((const unsigned char *)p)[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t hash_text(const char *s)
{
    return s ? hash_bytes(0xcbf29ce484222325ull, s, strlen(s) + 1) : 1;
}

static void step(transcript *t, int err, uint64_t hash)
{
    if (getenv("LDS_OOM_DEBUG"))
        fprintf(stderr, "step %u: %lu\n", t->n + 1, atomic_load(&calls));
    if (t->n < MAX_STEPS) {
        t->err[t->n] = err;
        t->hash[t->n] = err ? 0 : hash;
    }
    t->n++;
}

/* A result's answers: an error when it says out of memory. */
static int lost(const ldscalc_result *r)
{
    return !r || ldscalc_result_status(r) == LDSCALC_NO_MEMORY;
}

static void render_step(transcript *t, ldscalc_result *r, const char *format)
{
    size_t need = 0;
    int rc = ldscalc_render(r, format, NULL, 0, &need);
    char *text = rc == LDSCALC_OK ? malloc(need + 1) : NULL;
    if (text) {
        size_t again = 0;
        rc = ldscalc_render(r, format, text, need + 1, &again);
        if (rc == LDSCALC_OK && again != need)
            rc = -1;   /* neither the answer nor an error: counted as a difference */
    }
    int err = rc == LDSCALC_NO_MEMORY || (rc == LDSCALC_OK && !text) || lost(r);
    step(t, err, rc == LDSCALC_OK && text ? hash_text(text) : (uint64_t)rc);
    free(text);
}

/* The results as data, each read a step. */
static void read_results(transcript *t, ldscalc_result *r)
{
    char buf[64];
    ldscalc_access a = LDSCALC_ACCESS_INIT;
    const ldscalc_error *e = ldscalc_result_error(r);
    step(t, lost(r), (uint64_t)ldscalc_result_status(r) * 31 + (e ? hash_text(e->message) : 7));
    step(t, lost(r), hash_text(ldscalc_result_printed(r)) + ldscalc_result_nwarnings(r));
    int rc = ldscalc_result_access(r, 0, &a);
    step(t, rc == LDSCALC_NO_MEMORY || lost(r),
         rc == LDSCALC_OK ? hash_text(a.source) ^ (a.ways * 1000003 + a.cycles * 7 + a.broadcasts) : (uint64_t)rc);
    int n = ldscalc_access_metric(r, 1, "excess", buf, sizeof buf);
    step(t, n < 0 && lost(r), n < 0 ? 2 : hash_text(buf));
    size_t totals = ldscalc_result_ntotals(r);
    n = ldscalc_total_metric(r, 0, "cycles", buf, sizeof buf);
    step(t, lost(r), totals * 977 + (n < 0 ? 3 : hash_text(buf)));
    ldscalc_expect x = LDSCALC_EXPECT_INIT;
    rc = ldscalc_result_expect(r, 0, &x);
    step(t, lost(r), rc == LDSCALC_OK ? hash_text(x.actual) + (uint64_t)x.ok : (uint64_t)rc);
    size_t len = 0;
    char *svg = malloc(1 << 16);
    rc = svg ? ldscalc_access_svg(r, 0, svg, 1 << 16, &len) : LDSCALC_NO_MEMORY;
    step(t, rc == LDSCALC_NO_MEMORY || lost(r), rc == LDSCALC_OK ? hash_text(svg) : (uint64_t)rc);
    free(svg);
}

static void set_step(transcript *t, ldscalc_session *s, const char *option, const char *value)
{
    int rc = ldscalc_set(s, option, value);
    step(t, rc == LDSCALC_NO_MEMORY, (uint64_t)rc);
}

static void file_step(transcript *t, ldscalc_session *s, const char *path, const char *format)
{
    ldscalc_result *r = ldscalc_run_file(s, path);
    if (getenv("LDS_OOM_DEBUG") && r && ldscalc_result_error(r))
        fprintf(stderr, "run_file: %d %s\n", ldscalc_result_status(r), ldscalc_result_error(r)->message);
    step(t, lost(r), r ? (uint64_t)ldscalc_result_status(r) : 0);
    render_step(t, r, format);
    ldscalc_result_free(r);
}

/* The API's cycle. */
static void cycle(transcript *t)
{
    memset(t, 0, sizeof *t);
    ldscalc_session *s = ldscalc_open();
    step(t, !s, 1);
    if (!s)
        return;
    set_step(t, s, "arch", "sm80");
    set_step(t, s, "define", "P=0");
    set_step(t, s, "jobs", "1");   /* one thread: the same allocations in the same order each time */
    ldscalc_result *r = ldscalc_run(s, "cycle.lds", program, sizeof program - 1);
    step(t, lost(r), r ? (uint64_t)ldscalc_result_naccesses(r) : 0);
    read_results(t, r);
    render_step(t, r, "text");
    render_step(t, r, "json");
    render_step(t, r, "markdown");
    ldscalc_result_free(r);
    file_step(t, s, lds_path, "csv");
    set_step(t, s, "threads", "32,8");
    file_step(t, s, cu_path, "text");
    const ldscalc_error *e = ldscalc_session_error(s);
    step(t, e && e->status == LDSCALC_NO_MEMORY, e ? hash_text(e->message) : 5);
    ldscalc_close(s);
}

/* Diagnostics and SARIF search a fix for each conflicting array when
 * first rendered, in the result they render (some 3,400 allocations for
 * this one): a cycle of its own, its points sampled. */
static void fix_cycle(transcript *t)
{
    memset(t, 0, sizeof *t);
    ldscalc_session *s = ldscalc_open();
    step(t, !s, 1);
    if (!s)
        return;
    static const char conflict[] = "arch sm80\narray f32 A[64]\nread A[lane * 2]\n";
    ldscalc_result *r = ldscalc_run(s, NULL, conflict, sizeof conflict - 1);
    step(t, lost(r), r ? (uint64_t)ldscalc_result_naccesses(r) : 0);
    render_step(t, r, "sarif");
    render_step(t, r, "diagnostics");
    read_results(t, r);
    ldscalc_result_free(r);
    ldscalc_close(s);
}

/* ------------------------------------------------------------- the tests */

/* A cycle, its answers when nothing fails, and its allocations. */
typedef struct {
    void (*run)(transcript *t);
    transcript reference;
    unsigned long points;
} cycle_kind;

static cycle_kind api = { cycle, { 0 }, 0 }, fixes = { fix_cycle, { 0 }, 0 };

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static int under_valgrind(void)
{
    const char *v = getenv("LDS_VALGRIND");
    return v && *v;
}

/* A cycle where nothing fails: its answers, its allocations counted,
 * and every block it allocated freed again. */
static void reference_of(cycle_kind *c)
{
    transcript warm;
    c->run(&warm);   /* what the C library sets up once (stdio, locale) is set up before counting */
    forget_tracked();
    arm(0, 0);
    c->run(&c->reference);
    disarm();
    c->points = atomic_load(&calls);
    if (!c->points)
        printf("# no allocation counted: this program's malloc was replaced (valgrind needs "
               "--soname-synonyms=somalloc=nouserintercepts, as make check-valgrind gives it)\n");
    size_t left = live_blocks();
    CU_ASSERT_EQUAL(left, 0);
    CU_ASSERT(c->reference.n > 5 && c->reference.n <= MAX_STEPS);
    unsigned errors = 0;
    for (unsigned i = 0; i < c->reference.n && i < MAX_STEPS; i++)
        errors += c->reference.err[i];
    CU_ASSERT_EQUAL(errors, 0);
    CU_ASSERT(c->points > 100);
    printf("# %u calls, %lu allocations, %zu blocks left\n", c->reference.n, c->points, left);
}

static void test_reference(void)
{
    reference_of(&api);
    reference_of(&fixes);
}

/* Fail allocation n (to m) of cycle c; 0 if every call answered as the
 * reference did or with an error value, and nothing leaked. */
static int trial(const cycle_kind *c, unsigned long n, unsigned long m, unsigned *said, unsigned *absorbed)
{
    transcript t;
    forget_tracked();
    arm(n, m);
    c->run(&t);
    disarm();
    const char *on = m > n ? " on" : "";
    int bad = 0;
    if (atomic_load(&injected) == 0) {
        printf("# allocation %lu: never reached (%lu made)\n", n, atomic_load(&calls));
        bad = 1;
    }
    int errors = 0;
    bool opened = !(t.n >= 1 && t.err[0]);   /* no session: nothing more to ask */
    if (opened && t.n != c->reference.n) {
        printf("# allocation %lu%s: %u calls answered, not %u\n", n, on, t.n, c->reference.n);
        bad = 1;
    }
    for (unsigned i = 0; i < t.n && i < c->reference.n && i < MAX_STEPS; i++) {
        errors += t.err[i];
        if (!t.err[i] && t.hash[i] != c->reference.hash[i]) {
            printf("# allocation %lu%s: call %u answered differently, and said nothing\n", n, on, i + 1);
            bad = 1;
        }
    }
    size_t left = live_blocks();
    if (left) {
        printf("# allocation %lu%s: %zu blocks leaked\n", n, on, left);
        bad = 1;
    }
    *said += errors > 0;
    *absorbed += errors == 0;
    return bad;
}

/* Every `every`-th point of c failed: alone (m 0), or with all after it. */
static void fail_points(const cycle_kind *c, unsigned long every, bool after_too, const char *what)
{
    CU_ASSERT_FATAL(c->points > 0);
    const char *forced = getenv("LDS_OOM_STEP");
    if (forced && strtoul(forced, NULL, 10))
        every = strtoul(forced, NULL, 10);
    unsigned long tried = 0, first = 1;
    const char *only = getenv("LDS_OOM_POINT");   /* debugging: that point alone */
    if (only && strtoul(only, NULL, 10)) {
        first = strtoul(only, NULL, 10);
        every = c->points + 1;
    }
    unsigned bad = 0, said = 0, absorbed = 0;
    for (unsigned long n = first; n <= c->points; n += every, tried++)
        bad += trial(c, n, after_too ? (unsigned long)-1 : n, &said, &absorbed) != 0;
    printf("# %s: %lu of %lu points: %u said so with an error value, %u left no trace (the C library did "
           "without), %u wrong\n", what, tried, c->points, said, absorbed, bad);
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(said > tried / 2);
}

/* Under valgrind, about `trials` points of c; else every `every`-th. */
static unsigned long stride(const cycle_kind *c, unsigned long every, unsigned long trials)
{
    if (!under_valgrind())
        return every;
    return c->points / trials > every ? c->points / trials : every;
}

static void test_each_point(void)
{
    fail_points(&api, stride(&api, 1, 60), false, "each point alone");
}

static void test_from_point_on(void)
{
    fail_points(&api, stride(&api, 5, 20), true, "every allocation from a point on");
}

static void test_fix_search(void)
{
    fail_points(&fixes, stride(&fixes, 13, 20), false, "each 13th point of a fix search alone");
}

#ifndef LDS_TEST_GMP_OPT_IN
/* The host's GMP functions see the host's integers, before, between and
 * after lds-calc's calls, and none of lds-calc's own. */
static void test_host_gmp(void)
{
    mpz_t mine;
    mpz_init_set_str(mine, "123456789012345678901234567890123456789", 10);   /* before any session */
    unsigned long before = atomic_load(&host_gmp_calls);
    CU_ASSERT(before > 0);
    ldscalc_session *s = ldscalc_open();
    ldscalc_set(s, "gmp-only", "on");   /* every number through GMP */
    ldscalc_set(s, "define", "P=0");
    ldscalc_result *r = ldscalc_run(s, NULL, program, sizeof program - 1);
    char buf[64];
    CU_ASSERT(ldscalc_access_metric(r, 0, "cycles", buf, sizeof buf) > 0);
    CU_ASSERT_EQUAL(atomic_load(&host_gmp_calls), before);   /* lds-calc's integers are its own */
    mpz_ui_pow_ui(mine, 3, 5000);   /* between two calls: the host's allocator */
    CU_ASSERT(atomic_load(&host_gmp_calls) > before);
    before = atomic_load(&host_gmp_calls);
    ldscalc_result_free(r);
    ldscalc_close(s);
    CU_ASSERT_EQUAL(atomic_load(&host_gmp_calls), before);
    mpz_clear(mine);   /* made before the session, freed after it */
    CU_ASSERT(atomic_load(&host_gmp_calls) > before);
}
#endif

int main(void)
{
#ifdef LDS_TEST_GMP_OPT_IN
    ldscalc_use_gmp_allocator();   /* as the command line does */
#else
    mp_get_memory_functions(&gmp_default_alloc, &gmp_default_realloc, &gmp_default_free);
    mp_set_memory_functions(host_alloc, host_realloc, host_free);   /* a host program's, before lds-calc's */
#endif
    if (!mkdtemp(dir))
        return 2;
    snprintf(lds_path, sizeof lds_path, "%s/probe.lds", dir);
    snprintf(cu_path, sizeof cu_path, "%s/transpose.cu", dir);
    write_file(lds_path, lds_file);
    write_file(cu_path, cu_file);
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("api-oom", NULL, NULL);
#ifndef LDS_TEST_GMP_OPT_IN
    CU_add_test(s, "a host's GMP allocator: the host's integers only, before, between and after", test_host_gmp);
#endif
    CU_add_test(s, "a cycle with nothing failed: its answers, every block freed", test_reference);
    CU_add_test(s, "each allocation of the cycle failed in turn: an error value, or the same answer; no leak",
                test_each_point);
    CU_add_test(s, "every allocation from a point on failed: an error value, no leak", test_from_point_on);
    CU_add_test(s, "a fix search (diagnostics, SARIF) failed at its points: the same", test_fix_search);
    int rc = lds_cunit_tap_main();
    remove(lds_path);
    remove(cu_path);
    rmdir(dir);
    return rc;
}
