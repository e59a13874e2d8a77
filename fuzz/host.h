/* fuzz/host.h - what the targets that go through the public C API
 * share (fuzz/host.c): a session with the fuzzers' limits, every
 * report of a result rendered, and each report checked for what its
 * format promises.
 *
 * Each check has a name; a check named in the environment variable
 * LDS_FUZZ_SKIP (names separated by commas or blanks) is not made, so
 * that a known finding does not stop a run that looks for new ones
 * (`make fuzz-smoke` passes FUZZ_SKIP_CHECKS).  The checks:
 *   json     json and sarif reports parse as JSON (RFC 8259: escapes,
 *            numbers, nesting); the next two are made as they are read
 *   sarif    a SARIF region's line and column numbers are 1 or more
 *   uri      a SARIF artifact URI is a relative reference with no
 *            scheme (RFC 3986: no ':' in its first segment) whose bytes
 *            are all allowed there or percent-encoded
 *   control  text, csv, markdown, counters, diagnostics and svg hold no
 *            control byte but newline and tab (and CR LF, CSV's line end,
 *            in csv and counters)
 *   utf8     every report but text and diagnostics (which show source
 *            lines as they are, as compilers do) is valid UTF-8 (RFC
 *            3629: no overlong form, no surrogate)
 * A failed check prints the format, the check and the report, and
 * aborts (libFuzzer saves the input). */
#ifndef FUZZ_API_H
#define FUZZ_API_H

#include <stdbool.h>
#include <stddef.h>

#include "src/lds-calc.h"

/* A session with one thread and the limits every fuzz target uses, so
 * that one input runs in well under a second; NULL if out of memory. */
ldscalc_session *fuzz_api_open(void);

/* Apply the options of a first line "//@ NAME=VALUE NAME=VALUE ..." of
 * text (the line stays in the text: a comment in every language read).
 * Only options that change what is read are taken (lang, threads,
 * define, arch, kernel, show, at, explain); the others, and values the
 * session refuses, are ignored. */
void fuzz_api_options(ldscalc_session *s, const char *text, size_t len);

/* Read every part of r through the API and render it in every format,
 * checking each report; then free r.  Diagnostics and SARIF only
 * with_fixes: their fix search runs the program again once per
 * candidate layout of each array that conflicts (most of an input's
 * time where it is rendered, under the sanitizers). */
void fuzz_api_exercise(ldscalc_result *r, bool with_fixes);

#endif
