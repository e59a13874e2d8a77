/* sim/phases.h - R3's lane-phase tables, parsed. */
#ifndef LDS_SIM_PHASES_H
#define LDS_SIM_PHASES_H

#include <stdint.h>

#include "sim/profile.h"

/* Lanes in a mask: a popcount that needs no instruction set beyond
 * x86-64's base (__builtin_popcountll there is a library call). */
static inline unsigned lds_sim_lanes_in(uint64_t m)
{
    m = m - ((m >> 1) & 0x5555555555555555ull);
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((m * 0x0101010101010101ull) >> 56);
}

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
