/* src/notes.h - what an access's numbers rest on and what they leave out,
 * as sentences every report format carries: an inferred table, a b96
 * element split into b32 instructions, unaligned lanes left out of the
 * bank check, the pairing rule, waves that issued nothing. */
#ifndef LDS_NOTES_H
#define LDS_NOTES_H

#include <stdbool.h>
#include <stddef.h>

#include "src/results.h"

#define LDS_MAX_NOTES 6
#define LDS_NOTE_LEN 2048   /* an instruction's note and where its access is (a compiled line's instruction text) */

typedef struct {
    char text[LDS_MAX_NOTES][LDS_NOTE_LEN];
    bool general[LDS_MAX_NOTES];   /* about the profile, not this access:
                                      a stream may say it once */
    unsigned n;
} lds_notes;

/* The notes of a record that did not fail (none for one that did). */
void lds_access_notes(const lds_access_result *a, lds_notes *out);

/* What the access's idle waves (wave executions with no active lane)
 * issued, and that the instruction count depends on it: branched around
 * (nothing, the default) or predicated (one each: set idle_waves
 * predicate).  Empty when the access had none. */
void lds_idle_waves_text(const lds_access_result *a, char *buf, size_t size);

/* The sentence an explanation gives for the entry an access uses: how
 * sure its table is and where it comes from. */
void lds_entry_standing(const lds_access_result *a, char *buf, size_t size);

#endif
