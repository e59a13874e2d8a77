/* src/outfile.h - a file of the output directory (--output's pictures,
 * --emit's probe) written so that nothing already in the directory is
 * written through: the text goes to a new file of its own there, which
 * is renamed over the name once it is whole.
 *
 * - A name that exists as anything but a regular file (a symbolic link,
 *   a FIFO, a directory, a device, a socket) is refused and left as it
 *   is: lds-calc never follows a link planted there, and never opens a
 *   FIFO (which would block it).
 * - A regular file is replaced, never written: a hard link planted
 *   there keeps its content and its permissions, and the name becomes a
 *   file of its own.
 * - The new file is made by mkstemp (O_CREAT | O_EXCL: never through a
 *   link, under a name no one can guess) beside the name, then given the
 *   mode asked for; a failure on the way (a write, the disk full, memory
 *   running out) removes it and leaves what the name held before. */
#ifndef LDS_OUTFILE_H
#define LDS_OUTFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* Write dir/name with write(f, ctx) and give it mode `mode`.  Returns 0,
 * or -1 with why set (a message naming the file).  When memory runs out
 * inside write, the new file is closed and removed before the jump. */
int lds_outfile_write(const char *dir, const char *name, mode_t mode, void (*write)(FILE *f, const void *ctx),
                      const void *ctx, char *why, size_t size);

#endif
