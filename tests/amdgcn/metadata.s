; Metadata and a descriptor out of the ordinary (written by hand): an
; argument with an empty name (arg2), one at an offset past any segment,
; a dword no argument holds, a user SGPR count and work-item ids out of range.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.type	k,@function
k:
	s_load_dword s0, s[4:5], 0x8
	s_load_dword s1, s[4:5], 0x7fffffff
	s_load_dwordx2 s[2:3], s[4:5], 0x0
	v_add_u32_e32 v1, s0, v0
	ds_read_b32 v2, v1
	v_add_u32_e32 v1, s1, v0
	ds_read_b32 v2, v1
	s_endpgm
	.amdhsa_kernel k
		.amdhsa_user_sgpr_count 999
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_system_vgpr_workitem_id -3
	.end_amdhsa_kernel
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .name: p
        .offset: 0
        .size: 8
        .value_kind: global_buffer
      - .name: base
        .offset: 9223372036854775807
        .size: -4
        .value_kind: by_value
      - .name:
        .offset: 8
        .size: 4
        .value_kind: by_value
      -
      - .offset
    .name: k
    .symbol: k.kd
    .reqd_workgroup_size:
      - 64
      - 1
      - 1
      - 9
amdhsa.target: amdgcn-amd-amdhsa--gfx942
...
	.end_amdgpu_metadata
