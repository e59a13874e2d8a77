/* src/input.c - reading program texts. */
#include "src/input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "src/limits.h"
#include "src/mem.h"
#include "src/source_index.h"

/* The whole of a stream, up to the file limit; NULL with why set. */
static char *slurp(FILE *f, const char *name, size_t *len, char *why, size_t size)
{
    size_t cap = 4096, n = 0;
    char *text = lds_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap >= LDS_MAX_FILE_BYTES) {
                snprintf(why, size, "%s: larger than %zu MiB", name, LDS_MAX_FILE_BYTES >> 20);
                free(text);
                return NULL;
            }
            cap *= 2;
            text = lds_xrealloc(text, cap);
        }
        size_t got = fread(text + n, 1, cap - 1 - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        snprintf(why, size, "%s: %s", name, strerror(errno));
        free(text);
        return NULL;
    }
    text[n] = '\0';
    *len = n;
    return text;
}

int lds_input_read(const char *path, lds_source *src, char *why, size_t size)
{
    int from_stdin = strcmp(path, "-") == 0;
    const char *name = from_stdin ? "<stdin>" : path;
    struct stat st;
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    memset(src, 0, sizeof *src);
    if (!f) {
        snprintf(why, size, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!from_stdin && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(why, size, "%s: is a directory", path);
        fclose(f);
        return -1;
    }
    src->text = slurp(f, name, &src->len, why, size);
    if (!from_stdin)
        fclose(f);
    if (!src->text)
        return -1;
    src->name = lds_xstrdup(name);
    return 0;
}

void lds_input_free(lds_source *src)
{
    lds_source_index_free(src);
    free(src->name);
    free(src->text);
    memset(src, 0, sizeof *src);
}
