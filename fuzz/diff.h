/* fuzz/diff.h - what the differential target's files share. */
#ifndef LDS_FUZZ_DIFF_H
#define LDS_FUZZ_DIFF_H

#include <stddef.h>
#include <stdint.h>

/* The name of the parameter a swizzled program may use (PAD). */
#define LDS_FUZZ_PARAM "PAD"

/* A program shaped for the closed form (src/closedform.c) from the
 * bytes: a power-of-two array under a swizzle (CuTe's on offsets or on
 * the byte address, Triton's, an XOR written by hand, none), indices
 * that XOR, shift and mask lane, tid, wave, group and loop bits, at
 * every width and kind; now and then what the closed form must decline
 * (a carry, a condition, a partial wave, the literal rules).  With
 * with_param, the parameter LDS_FUZZ_PARAM appears in it (a padding, a
 * term, a loop's end). */
void lds_fuzz_build_swizzled(const uint8_t *d, size_t n, char *text, size_t size, int with_param);

/* The candidate API (ldscalc_prepare, ldscalc_score, ldscalc_score_many)
 * on a swizzled program with the parameter: every candidate's score,
 * access by access, equals ldscalc_run of the text with the value
 * written in.  Aborts on a difference; returns the candidates compared. */
unsigned lds_fuzz_check_candidates(const uint8_t *d, size_t n);

#endif
