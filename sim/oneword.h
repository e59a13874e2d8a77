/* sim/oneword.h - R1 over a phase whose lanes each touch one word. */
#ifndef LDS_SIM_ONEWORD_H
#define LDS_SIM_ONEWORD_H

#include <stdbool.h>

#include "sim/sim.h"

/* A phase whose active lanes each touch one word (an aligned access no
 * wider than a bank, at most 64 banks, a power of two), counted bank by
 * bank: the lanes of each bank gathered as a mask in one pass, then its
 * distinct words (merge) or its lanes counted.  The same counts as the
 * general loop of cost_phase (sim/sim.c), the lowest bank the worst on
 * a tie; false where a lane's access crosses a word (looked for lane by
 * lane only when an address is off its width's alignment). */
bool lds_sim_one_word_phase(const lds_sim_geometry *g, const lds_sim_access *a, lds_sim_phase *ph, unsigned shift,
                            bool merge);

#endif
