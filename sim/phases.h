/* sim/phases.h - R3's lane-phase tables, parsed. */
#ifndef LDS_SIM_PHASES_H
#define LDS_SIM_PHASES_H

#include <stdint.h>

#include "sim/profile.h"

/* Expand a phase spec for a wave of `wave` lanes into phase_of_lane[];
 * returns the number of phases (at most LDS_SIM_MAX_GROUPS; some may hold
 * no lane), or 0 with *why set if the spec is malformed
 * (a lane missing or listed twice, a bad number). */
unsigned lds_sim_phase_map(const char *spec, unsigned wave,
                           uint8_t phase_of_lane[LDS_SIM_MAX_WAVE],
                           const char **why);

/* The lanes after which a well-formed spec repeats: N for "Nc", the
 * highest lane listed plus one for lane groups (0 if malformed). */
unsigned lds_sim_phase_period(const char *spec);

#endif
