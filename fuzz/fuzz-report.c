/* fuzz/fuzz-report.c - the reports' writers (SARIF, diagnostics, text,
 * CSV, Markdown, JSON) with hostile file names and source text, through
 * the public C API.  The input is a file name, a NUL byte, and the
 * file's text (an lds program, or a kernel file when the name ends in a
 * kernel file's extension; a first line "//@ ..." gives options, as in
 * fuzz/fuzz-kernel.c).  Names and text may hold colons, blanks, '%',
 * control bytes, invalid UTF-8, anything; every report must still be
 * what its format promises (fuzz/host.h).  Without a NUL byte the
 * whole input is the name of a small kernel whose accesses conflict, so
 * that every report has a result that names the file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char conflicting[] =
    "__global__ void k(float *g) {\n"
    "  __shared__ float s[32][32];\n"
    "  s[threadIdx.x][0] = g[threadIdx.x * 3];\n"
    "  g[threadIdx.x] = s[0][threadIdx.x] + s[threadIdx.x][1];\n"
    "}\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, '\0', size);
    size_t name_len = nul ? (size_t)(nul - data) : size;
    char *name = malloc(name_len + 4);
    if (!name)
        return 0;
    memcpy(name, data, name_len);
    name[name_len] = '\0';
    const char *text = nul ? (const char *)nul + 1 : conflicting;
    size_t len = nul ? size - name_len - 1 : sizeof conflicting - 1;
    if (!nul)   /* the name must say it is a kernel file */
        strcat(name, ".cu");
    ldscalc_session *s = fuzz_api_open();
    if (s) {
        fuzz_api_options(s, text, len);
        fuzz_api_exercise(ldscalc_run(s, name, text, len), true);
        ldscalc_close(s);
    }
    free(name);
    return 0;
}
