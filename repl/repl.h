/* repl/repl.h - the interactive front-end: a loop over the same runner
 * as the command line (src/run.h), a table of :commands, and the
 * line-editing seam (repl/lineedit.h). */
#ifndef LDS_REPL_H
#define LDS_REPL_H

#include "src/ast.h"
#include "src/run.h"

/* Run the given programs into a session, then read statements and
 * commands until :quit or end of input.  Returns the worst exit status
 * of any input (as the command line would for the same programs). */
int lds_repl_main(const lds_options *o, lds_program *const *progs, unsigned nprogs);

#endif
