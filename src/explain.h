/* src/explain.h - why an access costs what it costs, rule by rule, in
 * short sentences (--explain, the `explain` statement). */
#ifndef LDS_EXPLAIN_H
#define LDS_EXPLAIN_H

#include <stdio.h>

#include "src/results.h"

/* Explain the record's costliest simulated instruction (its first where
 * none costs more); each line starts with `bullet` ("  - " in text,
 * "- " in Markdown). */
void lds_explain_access(FILE *out, const lds_access_result *rec, const char *bullet);
/* The line that says which instruction is explained: the first, or the
 * costliest of them, where it is (its place, and what the first cost). */
void lds_explain_which(FILE *out, const lds_access_result *rec, const lds_sample *s, const char *bullet);
/* "0-3, 20-23" from a lane mask. */
void lds_lane_ranges(char *buf, size_t size, uint64_t lanes);
/* Whether the sample's active lanes' addresses are base + step * lane
 * (one address a lane, two lanes at least). */
bool lds_sample_affine(const lds_sample *s, int64_t *base, int64_t *step);
/* The same for a global access (src/explain_global.c): its coalescing. */
void lds_explain_global(FILE *out, const lds_access_result *rec, const char *bullet);

#endif
