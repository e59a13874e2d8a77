/* sim/phases.c - R3's lane-phase tables: "Nc" (contiguous groups of N
 * lanes) or lane groups "0-3,20-23|4-7,16-19" that repeat every P lanes,
 * expanded into the phase of each lane of a wave. */
#include "sim/phases.h"

#include <stdbool.h>
#include <string.h>

/* Parse an unsigned decimal at *p; false if none or out of range. */
static bool parse_lane(const char **p, unsigned limit, unsigned *out)
{
    const char *s = *p;
    unsigned v = 0;
    if (*s < '0' || *s > '9')
        return false;
    while (*s >= '0' && *s <= '9') {
        v = v * 10 + (unsigned)(*s++ - '0');
        if (v >= limit)
            return false;
    }
    *p = s;
    *out = v;
    return true;
}

/* Contiguous groups: "Nc". */
static unsigned map_contiguous(unsigned size, unsigned wave,
                               uint8_t phase_of_lane[LDS_SIM_MAX_WAVE])
{
    for (unsigned lane = 0; lane < wave; lane++)
        phase_of_lane[lane] = (uint8_t)(lane / size);
    return (wave + size - 1) / size;
}

unsigned lds_sim_phase_map(const char *spec, unsigned wave,
                           uint8_t phase_of_lane[LDS_SIM_MAX_WAVE],
                           const char **why)
{
    static const char *const bad = "expected 'Nc' or lane ranges like 0-3,20-23|4-7,16-19";
    int group_of[LDS_SIM_MAX_WAVE];
    unsigned groups = 0, period = 0;
    const char *p = spec;

    if (wave == 0 || wave > LDS_SIM_MAX_WAVE) {
        *why = "wave size out of range";
        return 0;
    }
    size_t len = strlen(spec);
    if (len > 1 && spec[len - 1] == 'c') {
        unsigned size;
        if (!parse_lane(&p, LDS_SIM_MAX_WAVE + 1, &size) || *p != 'c' || size == 0) {
            *why = bad;
            return 0;
        }
        return map_contiguous(size, wave, phase_of_lane);
    }
    for (unsigned i = 0; i < LDS_SIM_MAX_WAVE; i++)
        group_of[i] = -1;
    for (;;) {
        unsigned lo, hi;
        if (!parse_lane(&p, LDS_SIM_MAX_WAVE, &lo)) {
            *why = bad;
            return 0;
        }
        hi = lo;
        if (*p == '-') {
            p++;
            if (!parse_lane(&p, LDS_SIM_MAX_WAVE, &hi) || hi < lo) {
                *why = bad;
                return 0;
            }
        }
        for (unsigned l = lo; l <= hi; l++) {
            if (group_of[l] >= 0) {
                *why = "a lane is listed twice";
                return 0;
            }
            group_of[l] = (int)groups;
            if (l + 1 > period)
                period = l + 1;
        }
        if (*p == ',') {
            p++;
        } else if (*p == '|') {
            p++;
            groups++;
        } else if (*p == '\0') {
            groups++;
            break;
        } else {
            *why = bad;
            return 0;
        }
    }
    for (unsigned l = 0; l < period; l++)
        if (group_of[l] < 0) {
            *why = "the lane groups leave a lane out";
            return 0;
        }
    for (unsigned lane = 0; lane < wave; lane++)
        phase_of_lane[lane] = (uint8_t)((lane / period) * groups + (unsigned)group_of[lane % period]);
    return ((wave + period - 1) / period) * groups;
}

unsigned lds_sim_phase_period(const char *spec)
{
    uint8_t map[LDS_SIM_MAX_WAVE];
    const char *why;
    unsigned period = 0, lane;
    if (lds_sim_phase_map(spec, LDS_SIM_MAX_WAVE, map, &why) == 0)
        return 0;
    for (const char *p = spec; *p;) {   /* the largest number in it */
        if (*p < '0' || *p > '9') {
            p++;
            continue;
        }
        if (!parse_lane(&p, LDS_SIM_MAX_WAVE + 1, &lane))
            return 0;
        if (lane + 1 > period)
            period = lane + 1;
    }
    return spec[strlen(spec) - 1] == 'c' ? period - 1 : period;
}
