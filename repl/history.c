/* repl/history.c - the history file.  An entry's newlines are written as
 * "\n" and its backslashes as "\\", so that an entry is one line. */
#include "repl/history.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repl/alloc.h"

/* Decode an escaped line in place. */
static void unescape(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (*r == '\\' && (r[1] == 'n' || r[1] == '\\')) {
            *w++ = r[1] == 'n' ? '\n' : '\\';
            r++;
        } else {
            *w++ = *r;
        }
    }
    *w = '\0';
}

static void write_escaped(FILE *f, const char *entry)
{
    for (const char *p = entry; *p; p++) {
        if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\\')
            fputs("\\\\", f);
        else
            fputc(*p, f);
    }
    fputc('\n', f);
}

/* Keep the newest `keep` lines: write them to PATH.tmp, rename it over. */
static void trim(const char *path, char **lines, size_t n, size_t keep)
{
    size_t len = strlen(path) + 5;
    char *tmp = xmalloc(len);
    snprintf(tmp, len, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (f) {
        for (size_t i = n - keep; i < n; i++)
            fprintf(f, "%s\n", lines[i]);   /* still escaped */
        if (fclose(f) == 0)
            rename(tmp, path);
        else
            remove(tmp);
    }
    free(tmp);
}

void lds_history_load(const char *path, void (*add)(const char *entry))
{
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f)
        return;
    char **lines = NULL, *line = NULL;
    size_t n = 0, cap = 0, lcap = 0;
    ssize_t got;
    while ((got = getline(&line, &lcap, f)) > 0) {
        if (line[got - 1] == '\n')
            line[--got] = '\0';
        if (got == 0 || memchr(line, '\0', (size_t)got))
            continue;   /* blank, or not text */
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            lines = xreallocarray(lines, cap, sizeof *lines);
        }
        lines[n++] = xstrdup(line);
    }
    free(line);
    fclose(f);
    size_t first = n > LDS_HISTORY_MAX ? n - LDS_HISTORY_MAX : 0;
    if (n > 2 * LDS_HISTORY_MAX)
        trim(path, lines, n, LDS_HISTORY_MAX);
    for (size_t i = 0; i < n; i++) {
        if (i >= first) {
            unescape(lines[i]);
            add(lines[i]);
        }
        free(lines[i]);
    }
    free(lines);
}

int lds_history_append(const char *path, const char *entry)
{
    FILE *f = path ? fopen(path, "a") : NULL;
    if (!f)
        return -1;
    write_escaped(f, entry);
    return fclose(f) == 0 ? 0 : -1;
}
