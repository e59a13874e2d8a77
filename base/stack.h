/* base/stack.h - work that recurses as deep as its input nests (the
 * kernel-file reader: parsing and lowering follow the file's nesting and
 * its calls, within documented limits) run on a thread of its own, whose
 * stack is sized for those limits whatever stack the caller's thread has:
 * a program embedding the library may call it from a thread of 256 KiB.
 * (clang runs its parser on a thread of 8 MiB for the same reason.) */
#ifndef LDS_STACK_H
#define LDS_STACK_H

#include <stddef.h>

/* Run fn(arg) on a thread with a stack of `bytes` and return when it has
 * finished.  Memory running out there is memory running out here (a jump
 * to this thread's recovery point, or the program's end), and a test's
 * injected allocation failure (lds_mem_fail_after) counts on across.
 * Where no thread can be started, fn runs on this one. */
void lds_run_on_stack(size_t bytes, void (*fn)(void *), void *arg);

#endif
