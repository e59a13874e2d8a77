/* src/probe_text.h - the fixed text of the CUDA and HIP probes. */
#ifndef LDS_PROBE_TEXT_H
#define LDS_PROBE_TEXT_H

/* Lines (each ending in a newline), NULL-terminated. */
extern const char *const lds_probe_cuda_prelude[];
extern const char *const lds_probe_hip_prelude[];

#endif
