/* base/input.c - reading program texts. */
#include "base/input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/limits.h"
#include "base/mem.h"
#include "base/source_index.h"

/* The whole of a stream, up to the file limit; NULL with why set. */
static char *slurp(FILE *f, const char *name, size_t *len, char *why, size_t size)
{
    size_t cap = 4096, n = 0;
    char *text = lds_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap >= LDS_MAX_FILE_BYTES) {
                snprintf(why, size, "%s: larger than %zu MiB", name, LDS_MAX_FILE_BYTES >> 20);
                lds_free(text);
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
    if (ferror(f) && errno == ENOMEM)
        lds_out_of_memory();
    if (ferror(f)) {
        snprintf(why, size, "%s: %s", name, strerror(errno));
        lds_free(text);
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
    if (!f && errno == ENOMEM)   /* no memory for the stream: not a file that cannot be read */
        lds_out_of_memory();
    if (!f) {
        snprintf(why, size, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!from_stdin)   /* read in large pieces straight into the text: no buffer of stdio's to allocate */
        setvbuf(f, NULL, _IONBF, 0);
    if (!from_stdin && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(why, size, "%s: is a directory", path);
        fclose(f);
        return -1;
    }
    jmp_buf at, *outer = lds_oom_set(&at);
    if (setjmp(at)) {   /* memory ran out while the file was open: closed, then passed on */
        lds_oom_set(outer);
        if (!from_stdin)
            fclose(f);
        lds_out_of_memory();
    }
    src->text = slurp(f, name, &src->len, why, size);
    lds_oom_set(outer);
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
    lds_free(src->name);
    lds_free(src->text);
    memset(src, 0, sizeof *src);
}
