/* base/interrupt.h - cancelling the running statement: a token that a
 * signal handler or another thread sets and every long loop polls (the
 * instructions of an access, the trips of a block, the evaluator's
 * operations, a suggest search).  The statement then stops with an
 * "interrupted" error.
 *
 * The library keeps no process-wide flag: each caller owns its tokens
 * (the command line one for Ctrl-C, the C API one per session) and makes
 * one current on the thread that runs statements; the threads a long
 * enumeration is split across poll the token of the thread that split it. */
#ifndef LDS_INTERRUPT_H
#define LDS_INTERRUPT_H

#include <stdatomic.h>
#include <stdbool.h>

typedef struct lds_cancel {
    atomic_int requested;
} lds_cancel;

/* Ask the statements polling c to stop (async-signal-safe, any thread). */
void lds_cancel_request(lds_cancel *c);
/* Forget the request (before the next input or run). */
void lds_cancel_clear(lds_cancel *c);
bool lds_cancel_requested(const lds_cancel *c);

/* Make c the token this thread's statements poll (NULL: none); returns
 * the one it replaces, for the caller to put back. */
lds_cancel *lds_cancel_enter(lds_cancel *c);
/* This thread's token, or NULL. */
lds_cancel *lds_cancel_current(void);

/* Whether this thread's token asks the running statement to stop. */
bool lds_interrupt_pending(void);

#endif
