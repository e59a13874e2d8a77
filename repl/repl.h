/* repl/repl.h - the interactive front-end: a loop over a live session of
 * the library (lds-calc.h, its streaming layer), a table of :commands,
 * and the line-editing seam (repl/lineedit.h). */
#ifndef LDS_REPL_H
#define LDS_REPL_H

#include <stdbool.h>

#include "src/lds-calc-tool.h"

/* Run the session's programs into a live session, then read statements
 * and commands until :quit or end of input.  Returns the worst exit
 * status of any input (as the command line would for the same
 * programs); quiet: no banner. */
int lds_repl_main(ldscalc_session *s, bool quiet);

#endif
