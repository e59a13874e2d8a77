/* src/suggest_remap.h - thread remaps: the candidates suggest tries where
 * an array's layout is fixed by the hardware (a TMA mode, a GMMA atom, a
 * descriptor that reads it), which change which lane touches which
 * element instead of where the elements are (lds(5), suggest). */
#ifndef LDS_SUGGEST_REMAP_H
#define LDS_SUGGEST_REMAP_H

#include <stddef.h>

#include "base/arena.h"
#include "src/ast.h"
#include "src/results.h"

/* Fill out[0..max) with the remaps to try (label, why, family, remap set;
 * the metrics left to the caller).  Returns how many. */
size_t lds_remap_candidates(lds_suggest_candidate *out, size_t max);

/* Fill out[0..max) with TMA's other swizzle modes for the box of layout
 * li (a TMA(...) layout), those whose span holds its rows.  Returns how
 * many. */
size_t lds_remap_tma_modes(const lds_layout_info *li, lds_suggest_candidate *out, size_t max);

/* Rewrite access statement s, whose target is the array being searched,
 * by remap (an lds_suggest_candidate's): its indices and condition read
 * the remapped lane or loop variable.  New nodes come from arena.  An
 * access the remap does not apply to (fewer loops) is left as it is. */
void lds_remap_access(lds_arena *arena, lds_stmt *s, unsigned remap);

#endif
