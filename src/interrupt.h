/* src/interrupt.h - Ctrl-C, as the running statement sees it: a flag a
 * signal handler sets and every long loop polls (the instructions of an
 * access, the trips of a block, the evaluator's operations).  The
 * statement then stops with an "interrupted" error; the command line
 * exits 130 after reporting what finished, the REPL returns to its
 * prompt. */
#ifndef LDS_INTERRUPT_H
#define LDS_INTERRUPT_H

#include <stdbool.h>

/* Ask the running statement to stop (async-signal-safe). */
void lds_interrupt_request(void);
/* Whether it has been asked (any thread). */
bool lds_interrupt_pending(void);
/* Forget the request (the REPL, before the next input). */
void lds_interrupt_clear(void);

#endif
