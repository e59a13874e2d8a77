lds --lang hip --show-lowered -f - < src-launch-hip.stdin; lds --lang hip -a gfx942 -f - < src-launch-hip.stdin
