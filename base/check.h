/* base/check.h - LDS_ASSERT: an invariant a comment states, checked where
 * bugs are hunted and free elsewhere (as Lua's lua_assert and SQLite's
 * assert()).  Builds with -DLDS_CHECKED (configure --enable-sanitizers,
 * and the fuzz targets) abort with the file, line and condition when it
 * fails; other builds compile it out (the condition is not evaluated). */
#ifndef LDS_CHECK_H
#define LDS_CHECK_H

#ifdef LDS_CHECKED
#include <stdio.h>
#include <stdlib.h>
#define LDS_ASSERT(c)                                                                              \
    ((c) ? (void)0                                                                                 \
         : (fprintf(stderr, "%s:%d: lds-calc invariant failed: %s\n", __FILE__, __LINE__, #c),     \
            abort()))
#else
#define LDS_ASSERT(c) ((void)sizeof(c))
#endif

#endif
