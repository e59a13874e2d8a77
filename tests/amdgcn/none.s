	.text
	.globl	f
	.type	f,@function
f:
	ds_read_b32 v1, v0
	s_setpc_b64 s[30:31]
