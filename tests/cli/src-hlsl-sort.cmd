lds --lang hlsl -D g_iLevel=512 -D g_iLevelMask=512 -D g_iWidth=512 -D g_iHeight=512 -f - < src-hlsl-sort.stdin
