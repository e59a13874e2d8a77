/* src/project.h - a kernel file's project: the build's own command
 * line (`lds-calc -f k.cu -- nvcc -I inc -DX=1 -arch=sm_80 -c k.cu`) and
 * a compilation database (compile_commands.json, as clang tools read
 * it), taken as the options lds-calc has for them: -I, -D, -U, -include,
 * the GPU architecture (a profile) and the language. */
#ifndef LDS_CSRC_PROJECT_H
#define LDS_CSRC_PROJECT_H

#include <stdbool.h>

#include "front/csrc/csrc.h"
#include "src/run.h"

/* A build's command: its words, and the folder its relative paths are
 * in (NULL: the current one). */
typedef struct {
    char **words;
    unsigned n;
    char *dir;
} lds_build_command;

/* What a build's command gives besides the options it sets. */
typedef struct {
    char *archs;                  /* the profiles its -arch, -gencode, --offload-arch or -mcpu
                                     name, "A,B" (malloc'd), or NULL */
    char *arch_words;             /* the words that named them, for messages (malloc'd) */
    char **sources;               /* the source files it compiles, resolved (malloc'd) */
    unsigned nsources;
    lds_lang lang;                /* by its compiler (hipcc: HIP) or -x, or LDS_LANG_NONE */
    char *flags;                  /* the flags lds-calc took, as one text (two files built
                                     with the same flags have the same one; malloc'd) */
} lds_build_flags;

void lds_build_command_free(lds_build_command *c);
void lds_build_flags_free(lds_build_flags *f);

/* Whether line, split, starts with a compiler driver (nvcc, clang++,
 * hipcc, g++-12, a path to one; ccache before one): -1 with o->error set
 * where it does not. */
int lds_build_check(lds_options *o, const char *line);

/* A command line split into words as sh splits it ('...', "...", \):
 * -1 with o->error set (an open quote). */
int lds_build_split(lds_options *o, const char *line, lds_build_command *out);

/* The command's flags into o: -I and -include (relative ones resolved
 * against the command's folder), -D (a macro, as the compiler takes it),
 * -U; a name the user's own -D or -U gave is left as the user gave it.
 * The rest of what it says in *f; everything else it says is ignored.
 * -1 with o->error set. */
int lds_build_apply(lds_options *o, const lds_build_command *c, lds_build_flags *f);

/* The command compile_commands.json (at path, or in the folder path)
 * gives for file: -1 with o->error set (no database, bad JSON with its
 * place, no entry for the file).  An entry's "directory" that is
 * relative is taken from the database's own folder. */
int lds_compdb_find(lds_options *o, const char *path, const char *file, lds_build_command *out);

#endif
