/* src/outfile.c - files of the output directory, written beside their
 * names and renamed into place (src/outfile.h says why). */
#include "src/outfile.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/mem.h"

/* What a name that is not a regular file is, for the message. */
static const char *kind_of(mode_t m)
{
    if (S_ISLNK(m))
        return "a symbolic link";
    if (S_ISFIFO(m))
        return "a FIFO";
    if (S_ISDIR(m))
        return "a directory";
    if (S_ISSOCK(m))
        return "a socket";
    return "a device";
}

/* A new file dir/.name.XXXXXX (its path into tmp; mkstemp: O_EXCL, so
 * never through a link) open for writing with mode `mode`; -1 with why
 * set. */
static int create_beside(const char *dir, const char *name, mode_t mode, char *tmp, size_t tmpsize, char *why,
                         size_t size)
{
    if ((size_t)snprintf(tmp, tmpsize, "%s/.%s.XXXXXX", dir, name) >= tmpsize) {
        snprintf(why, size, "%s: the file name of %s would be too long", dir, name);
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(why, size, "%s/%s: %s", dir, name, strerror(errno));
        return -1;
    }
    if (fchmod(fd, mode) != 0) {   /* the mode asked for, umask or not (a script is executable) */
        snprintf(why, size, "%s/%s: %s", dir, name, strerror(errno));
        close(fd);
        unlink(tmp);
        return -1;
    }
    return fd;
}

int lds_outfile_write(const char *dir, const char *name, mode_t mode, void (*write)(FILE *f, const void *ctx),
                      const void *ctx, char *why, size_t size)
{
    char path[4096], tmp[4096 + 16];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path) {
        snprintf(why, size, "%s: the file name of %s would be too long", dir, name);
        return -1;
    }
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(why, size, "%s: %s, not a regular file: not written", path, kind_of(st.st_mode));
        return -1;
    }
    int fd = create_beside(dir, name, mode, tmp, sizeof tmp, why, size);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        snprintf(why, size, "%s: %s", path, strerror(errno));
        close(fd);
        unlink(tmp);
        return -1;
    }
    jmp_buf at, *outer = lds_oom_set(&at);
    if (setjmp(at)) {   /* memory ran out inside write: no file left behind */
        lds_oom_set(outer);
        fclose(f);
        unlink(tmp);
        lds_out_of_memory();
    }
    write(f, ctx);
    lds_oom_set(outer);
    errno = 0;
    bool failed = ferror(f) != 0;
    if (fclose(f) != 0 || failed) {
        snprintf(why, size, "%s: %s", path, errno ? strerror(errno) : "write error");
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {   /* replaces the name itself, never what it points to */
        snprintf(why, size, "%s: %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}
