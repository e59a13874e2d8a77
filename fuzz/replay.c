/* fuzz/replay.c - a main() that runs a libFuzzer target's inputs (files,
 * or every file of a folder) once each, without libFuzzer: for a build
 * with clang's source-based coverage, which measures the files a corpus
 * reaches (fuzz/RUNS.md has the command). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void replay_file(const char *path, size_t size)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data = malloc(size ? size : 1);
    if (!f || !data) {
        fprintf(stderr, "replay: %s: cannot read it\n", path);
        exit(2);
    }
    size_t n = fread(data, 1, size, f);
    fclose(f);
    LLVMFuzzerTestOneInput(data, n);
    free(data);
}

static void replay(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: %s: no such file\n", path);
        exit(2);
    }
    if (!S_ISDIR(st.st_mode)) {
        replay_file(path, (size_t)st.st_size);
        return;
    }
    DIR *d = opendir(path);
    for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d)) {
        char sub[4096];
        if (e->d_name[0] != '.' && snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < (int)sizeof sub)
            replay(sub);
    }
    if (d)
        closedir(d);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        replay(argv[i]);
    return 0;
}
