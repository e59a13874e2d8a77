/* src/explain.h - why an access costs what it costs, rule by rule, in
 * short sentences (--explain, the `explain` statement). */
#ifndef LDS_EXPLAIN_H
#define LDS_EXPLAIN_H

#include <stdio.h>

#include "src/results.h"

/* Explain the record's first simulated instruction; each line starts
 * with `bullet` ("  - " in text, "- " in Markdown). */
void lds_explain_access(FILE *out, const lds_access_result *rec, const char *bullet);

#endif
