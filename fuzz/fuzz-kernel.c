/* fuzz/fuzz-kernel.c - kernel files through the public C API: the input
 * is a kernel file, CUDA unless a first line "//@ lang=hlsl ..." says
 * otherwise (fuzz/host.h: that line also gives threads, -D values,
 * the profile, the kernel), run with ldscalc_run and its result read
 * and rendered in every format, each report checked (diagnostics and
 * SARIF, whose fix search reruns the kernel per candidate layout, for
 * one input in 8, chosen by a hash of the input so that a rerun does
 * the same; fuzz/fuzz-report.c renders them always).  This reaches the
 * kernel-file reader (front/csrc/, src/front.c) and the C API, which the
 * lds-language targets do not.  Seeds: fuzz/corpus-kernel/, the
 * dictionary fuzz/kernel.dict. */
#include <stdint.h>

#include "fuzz/host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* FNV-1a */
static uint32_t hash(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ldscalc_session *s = fuzz_api_open();
    if (!s)
        return 0;
    if (ldscalc_set(s, "lang", "cuda") != LDSCALC_OK)
        __builtin_trap();
    fuzz_api_options(s, (const char *)data, size);
    fuzz_api_exercise(ldscalc_run(s, "kernel.cu", (const char *)data, size), hash(data, size) % 8 == 0);
    ldscalc_close(s);
    return 0;
}
