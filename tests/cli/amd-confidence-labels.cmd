# the labels the published evidence supports: gfx942's b32/b64 reads measured (rocprof counters), RDNA3/RDNA4 reads timed (latency probes), their writes still inferred
lds -a rdna3 --explain 'read b128 @ lane * 32' | grep -E 'Where the table|disagree'
lds -a rdna4 --explain 'read b64 @ lane * 16' | grep -E 'Where the table'
lds -a gfx942 --explain 'read b64 @ lane * 16' | grep -E 'Where the table'
lds -a rdna4 'read b32 @ lane * 8; write b32 @ lane * 8'
