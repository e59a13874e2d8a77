/* repl/repl.h - the interactive front-end over the same driver. */
#ifndef LDS_REPL_H
#define LDS_REPL_H

#include "src/ast.h"
#include "src/run.h"

/* Run the given programs into a session, then read statements and
 * commands until :quit or end of input.  Returns an exit status. */
int lds_repl_main(const lds_options *o, lds_program *const *progs, unsigned nprogs);

#endif
