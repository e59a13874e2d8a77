	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.file	0 "/work/wt-amdgcn2/tests/amdgcn" "reduce.cl" md5 0xe5ba7865c692cdfd44e49a5be3528276
	.protected	reduce                  ; -- Begin function reduce
	.globl	reduce
	.p2align	8
	.type	reduce,@function
reduce:                                 ; @reduce
.Lfunc_begin0:
	.loc	0 6 0                           ; reduce.cl:6:0
	.cfi_sections .debug_frame
	.cfi_startproc
; %bb.0:
	.loc	0 0 0 is_stmt 0                 ; reduce.cl:0:0
	s_load_dwordx4 s[0:3], s[4:5], 0x0
.Ltmp0:
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	;DEBUG_VALUE: reduce:in <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	.loc	0 9 42 prologue_end is_stmt 1   ; reduce.cl:9:42
	v_lshl_or_b32 v2, s6, 8, v0
	.loc	0 9 17 is_stmt 0                ; reduce.cl:9:17
	v_mov_b32_e32 v3, 0
	v_lshlrev_b64 v[2:3], 2, v[2:3]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v1, s1
	v_add_co_u32_e32 v2, vcc, s0, v2
	v_addc_co_u32_e32 v3, vcc, v1, v3, vcc
	global_load_dword v1, v[2:3], off
	s_movk_i32 s0, 0x80
.Ltmp1:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 128
	.loc	0 9 5                           ; reduce.cl:9:5
	v_lshlrev_b32_e32 v2, 2, v0
.Ltmp2:
	.loc	0 12 17 is_stmt 1               ; reduce.cl:12:17
	v_cmp_gt_u32_e32 vcc, s0, v0
.Ltmp3:
	;DEBUG_VALUE: reduce:out <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	.loc	0 9 15                          ; reduce.cl:9:15
	s_waitcnt vmcnt(0)
	ds_write_b32 v2, v1
	.loc	0 10 5                          ; reduce.cl:10:5
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_2
.Ltmp4:
; %bb.1:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 128
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 13 26                         ; reduce.cl:13:26
	ds_read_b32 v3, v2 offset:512
	.loc	0 13 23 is_stmt 0               ; reduce.cl:13:23
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.Ltmp5:
.LBB0_2:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 128
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 0 23                          ; reduce.cl:0:23
	s_or_b64 exec, exec, s[0:1]
	.loc	0 12 17 is_stmt 1               ; reduce.cl:12:17
	v_cmp_gt_u32_e32 vcc, 64, v0
.Ltmp6:
	.loc	0 14 9                          ; reduce.cl:14:9
	s_waitcnt lgkmcnt(0)
	s_barrier 
.Ltmp7:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 64
	.loc	0 0 9 is_stmt 0                 ; reduce.cl:0:9
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_4
.Ltmp8:
; %bb.3:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 64
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 13 26 is_stmt 1               ; reduce.cl:13:26
	ds_read_b32 v3, v2 offset:256
	.loc	0 13 23 is_stmt 0               ; reduce.cl:13:23
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.Ltmp9:
.LBB0_4:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 64
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 0 23                          ; reduce.cl:0:23
	s_or_b64 exec, exec, s[0:1]
	.loc	0 12 17 is_stmt 1               ; reduce.cl:12:17
	v_cmp_gt_u32_e32 vcc, 32, v0
.Ltmp10:
	.loc	0 14 9                          ; reduce.cl:14:9
	s_waitcnt lgkmcnt(0)
	s_barrier 
.Ltmp11:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 32
	.loc	0 0 9 is_stmt 0                 ; reduce.cl:0:9
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_6
.Ltmp12:
; %bb.5:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 32
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 13 26 is_stmt 1               ; reduce.cl:13:26
	ds_read_b32 v3, v2 offset:128
	.loc	0 13 23 is_stmt 0               ; reduce.cl:13:23
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.Ltmp13:
.LBB0_6:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 32
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 0 23                          ; reduce.cl:0:23
	s_or_b64 exec, exec, s[0:1]
	.loc	0 12 17 is_stmt 1               ; reduce.cl:12:17
	v_cmp_gt_u32_e32 vcc, 16, v0
.Ltmp14:
	.loc	0 14 9                          ; reduce.cl:14:9
	s_waitcnt lgkmcnt(0)
	s_barrier 
.Ltmp15:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 16
	.loc	0 0 9 is_stmt 0                 ; reduce.cl:0:9
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_8
.Ltmp16:
; %bb.7:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 16
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 13 26 is_stmt 1               ; reduce.cl:13:26
	ds_read_b32 v3, v2 offset:64
	.loc	0 13 23 is_stmt 0               ; reduce.cl:13:23
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.Ltmp17:
.LBB0_8:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 16
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 0 23                          ; reduce.cl:0:23
	s_or_b64 exec, exec, s[0:1]
	.loc	0 12 17 is_stmt 1               ; reduce.cl:12:17
	v_cmp_gt_u32_e32 vcc, 8, v0
.Ltmp18:
	.loc	0 14 9                          ; reduce.cl:14:9
	s_waitcnt lgkmcnt(0)
	s_barrier 
.Ltmp19:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 8
	.loc	0 0 9 is_stmt 0                 ; reduce.cl:0:9
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_10
.Ltmp20:
; %bb.9:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 8
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 13 26 is_stmt 1               ; reduce.cl:13:26
	ds_read_b32 v3, v2 offset:32
	.loc	0 13 23 is_stmt 0               ; reduce.cl:13:23
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.Ltmp21:
.LBB0_10:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 8
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 0 23                          ; reduce.cl:0:23
	s_or_b64 exec, exec, s[0:1]
	.loc	0 12 17 is_stmt 1               ; reduce.cl:12:17
	v_cmp_gt_u32_e32 vcc, 4, v0
.Ltmp22:
	.loc	0 14 9                          ; reduce.cl:14:9
	s_waitcnt lgkmcnt(0)
	s_barrier 
.Ltmp23:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 4
	.loc	0 0 9 is_stmt 0                 ; reduce.cl:0:9
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_12
.Ltmp24:
; %bb.11:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 4
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 13 26 is_stmt 1               ; reduce.cl:13:26
	ds_read_b32 v3, v2 offset:16
	.loc	0 13 23 is_stmt 0               ; reduce.cl:13:23
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.Ltmp25:
.LBB0_12:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 4
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 0 23                          ; reduce.cl:0:23
	s_or_b64 exec, exec, s[0:1]
	.loc	0 12 17 is_stmt 1               ; reduce.cl:12:17
	v_cmp_gt_u32_e32 vcc, 2, v0
.Ltmp26:
	.loc	0 14 9                          ; reduce.cl:14:9
	s_waitcnt lgkmcnt(0)
	s_barrier 
.Ltmp27:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 2
	.loc	0 0 9 is_stmt 0                 ; reduce.cl:0:9
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_14
.Ltmp28:
; %bb.13:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 2
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 13 26 is_stmt 1               ; reduce.cl:13:26
	ds_read_b32 v3, v2 offset:8
	.loc	0 13 23 is_stmt 0               ; reduce.cl:13:23
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.Ltmp29:
.LBB0_14:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 2
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 0 23                          ; reduce.cl:0:23
	s_or_b64 exec, exec, s[0:1]
	.loc	0 12 17 is_stmt 1               ; reduce.cl:12:17
	v_cmp_eq_u32_e32 vcc, 0, v0
.Ltmp30:
	.loc	0 14 9                          ; reduce.cl:14:9
	s_waitcnt lgkmcnt(0)
	s_barrier 
.Ltmp31:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 1
	.loc	0 0 9 is_stmt 0                 ; reduce.cl:0:9
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_16
.Ltmp32:
; %bb.15:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 1
	;DEBUG_VALUE: reduce:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 13 26 is_stmt 1               ; reduce.cl:13:26
	ds_read_b32 v0, v2 offset:4
.Ltmp33:
	.loc	0 13 23 is_stmt 0               ; reduce.cl:13:23
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v0, v0, v1
	ds_write_b32 v2, v0
.Ltmp34:
.LBB0_16:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 1
	.loc	0 0 23                          ; reduce.cl:0:23
	s_or_b64 exec, exec, s[0:1]
	.loc	0 14 9 is_stmt 1                ; reduce.cl:14:9
	s_waitcnt lgkmcnt(0)
	s_barrier 
.Ltmp35:
	;DEBUG_VALUE: s <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0
	.loc	0 0 9 is_stmt 0                 ; reduce.cl:0:9
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_18
.Ltmp36:
; %bb.17:
	.loc	0 17 9 is_stmt 1                ; reduce.cl:17:9
	v_mov_b32_e32 v0, 0
	.loc	0 17 32 is_stmt 0               ; reduce.cl:17:32
	ds_read_b32 v1, v0
	.loc	0 17 9                          ; reduce.cl:17:9
	s_mov_b32 s7, 0
	s_lshl_b64 s[0:1], s[6:7], 2
	s_add_u32 s0, s2, s0
	s_addc_u32 s1, s3, s1
	.loc	0 17 30                         ; reduce.cl:17:30
	s_waitcnt lgkmcnt(0)
	global_store_dword v0, v1, s[0:1]
.Ltmp37:
.LBB0_18:
	.loc	0 18 1 is_stmt 1                ; reduce.cl:18:1
	s_endpgm
.Ltmp38:
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel reduce
		.amdhsa_group_segment_fixed_size 1024
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 4
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	reduce, .Lfunc_end0-reduce
	.cfi_endproc
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 520
; NumSgprs: 10
; NumVgprs: 4
; NumAgprs: 0
; TotalNumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 1024 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 10
; NumVGPRsForWavesPerEU: 4
; AccumOffset: 4
; Occupancy: 8
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 0
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.debug_loclists
	.long	.Ldebug_list_header_end0-.Ldebug_list_header_start0 ; Length
.Ldebug_list_header_start0:
	.short	5                               ; Version
	.byte	8                               ; Address size
	.byte	0                               ; Segment selector size
	.long	2                               ; Offset entry count
.Lloclists_table_base0:
	.long	.Ldebug_loc0-.Lloclists_table_base0
	.long	.Ldebug_loc1-.Lloclists_table_base0
.Ldebug_loc0:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp0-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp33-.Lfunc_begin0          ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	146                             ; DW_OP_bregx
	.byte	128                             ; 2560
	.byte	20                              ; 
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc1:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp1-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp7-.Lfunc_begin0           ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	16                              ; DW_OP_constu
	.byte	128                             ; 128
	.byte	1                               ; 
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp7-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp11-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	16                              ; DW_OP_constu
	.byte	64                              ; 64
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp11-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp15-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	16                              ; DW_OP_constu
	.byte	32                              ; 32
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp15-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp19-.Lfunc_begin0          ;   ending offset
	.byte	5                               ; Loc expr size
	.byte	64                              ; DW_OP_lit16
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp19-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp23-.Lfunc_begin0          ;   ending offset
	.byte	5                               ; Loc expr size
	.byte	56                              ; DW_OP_lit8
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp23-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp27-.Lfunc_begin0          ;   ending offset
	.byte	5                               ; Loc expr size
	.byte	52                              ; DW_OP_lit4
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp27-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp31-.Lfunc_begin0          ;   ending offset
	.byte	5                               ; Loc expr size
	.byte	50                              ; DW_OP_lit2
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp31-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp35-.Lfunc_begin0          ;   ending offset
	.byte	5                               ; Loc expr size
	.byte	49                              ; DW_OP_lit1
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp35-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp36-.Lfunc_begin0          ;   ending offset
	.byte	5                               ; Loc expr size
	.byte	48                              ; DW_OP_lit0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_list_header_end0:
	.section	.debug_abbrev
	.byte	1                               ; Abbreviation Code
	.byte	17                              ; DW_TAG_compile_unit
	.byte	1                               ; DW_CHILDREN_yes
	.byte	37                              ; DW_AT_producer
	.byte	37                              ; DW_FORM_strx1
	.byte	19                              ; DW_AT_language
	.byte	5                               ; DW_FORM_data2
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	114                             ; DW_AT_str_offsets_base
	.byte	23                              ; DW_FORM_sec_offset
	.byte	16                              ; DW_AT_stmt_list
	.byte	23                              ; DW_FORM_sec_offset
	.byte	27                              ; DW_AT_comp_dir
	.byte	37                              ; DW_FORM_strx1
	.byte	17                              ; DW_AT_low_pc
	.byte	27                              ; DW_FORM_addrx
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	115                             ; DW_AT_addr_base
	.byte	23                              ; DW_FORM_sec_offset
	.byte	116                             ; DW_AT_rnglists_base
	.byte	23                              ; DW_FORM_sec_offset
	.ascii	"\214\001"                      ; DW_AT_loclists_base
	.byte	23                              ; DW_FORM_sec_offset
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	2                               ; Abbreviation Code
	.byte	46                              ; DW_TAG_subprogram
	.byte	1                               ; DW_CHILDREN_yes
	.byte	17                              ; DW_AT_low_pc
	.byte	27                              ; DW_FORM_addrx
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	122                             ; DW_AT_call_all_calls
	.byte	25                              ; DW_FORM_flag_present
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	58                              ; DW_AT_decl_file
	.byte	11                              ; DW_FORM_data1
	.byte	59                              ; DW_AT_decl_line
	.byte	11                              ; DW_FORM_data1
	.byte	54                              ; DW_AT_calling_convention
	.byte	11                              ; DW_FORM_data1
	.byte	63                              ; DW_AT_external
	.byte	25                              ; DW_FORM_flag_present
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	3                               ; Abbreviation Code
	.byte	52                              ; DW_TAG_variable
	.byte	0                               ; DW_CHILDREN_no
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	58                              ; DW_AT_decl_file
	.byte	11                              ; DW_FORM_data1
	.byte	59                              ; DW_AT_decl_line
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	4                               ; Abbreviation Code
	.byte	5                               ; DW_TAG_formal_parameter
	.byte	0                               ; DW_CHILDREN_no
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	58                              ; DW_AT_decl_file
	.byte	11                              ; DW_FORM_data1
	.byte	59                              ; DW_AT_decl_line
	.byte	11                              ; DW_FORM_data1
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	5                               ; Abbreviation Code
	.byte	52                              ; DW_TAG_variable
	.byte	0                               ; DW_CHILDREN_no
	.byte	2                               ; DW_AT_location
	.byte	34                              ; DW_FORM_loclistx
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	58                              ; DW_AT_decl_file
	.byte	11                              ; DW_FORM_data1
	.byte	59                              ; DW_AT_decl_line
	.byte	11                              ; DW_FORM_data1
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	6                               ; Abbreviation Code
	.byte	11                              ; DW_TAG_lexical_block
	.byte	1                               ; DW_CHILDREN_yes
	.byte	85                              ; DW_AT_ranges
	.byte	35                              ; DW_FORM_rnglistx
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	7                               ; Abbreviation Code
	.byte	1                               ; DW_TAG_array_type
	.byte	1                               ; DW_CHILDREN_yes
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	8                               ; Abbreviation Code
	.byte	33                              ; DW_TAG_subrange_type
	.byte	0                               ; DW_CHILDREN_no
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	55                              ; DW_AT_count
	.byte	5                               ; DW_FORM_data2
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	9                               ; Abbreviation Code
	.byte	36                              ; DW_TAG_base_type
	.byte	0                               ; DW_CHILDREN_no
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	62                              ; DW_AT_encoding
	.byte	11                              ; DW_FORM_data1
	.byte	11                              ; DW_AT_byte_size
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	10                              ; Abbreviation Code
	.byte	36                              ; DW_TAG_base_type
	.byte	0                               ; DW_CHILDREN_no
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	11                              ; DW_AT_byte_size
	.byte	11                              ; DW_FORM_data1
	.byte	62                              ; DW_AT_encoding
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	11                              ; Abbreviation Code
	.byte	15                              ; DW_TAG_pointer_type
	.byte	0                               ; DW_CHILDREN_no
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	12                              ; Abbreviation Code
	.byte	38                              ; DW_TAG_const_type
	.byte	0                               ; DW_CHILDREN_no
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	0                               ; EOM(3)
	.section	.debug_info
.Lcu_begin0:
	.long	.Ldebug_info_end0-.Ldebug_info_start0 ; Length of Unit
.Ldebug_info_start0:
	.short	5                               ; DWARF version number
	.byte	1                               ; DWARF Unit Type
	.byte	8                               ; Address Size (in bytes)
	.long	.debug_abbrev                   ; Offset Into Abbrev. Section
	.byte	1                               ; Abbrev [1] 0xc:0x80 DW_TAG_compile_unit
	.byte	0                               ; DW_AT_producer
	.short	21                              ; DW_AT_language
	.byte	1                               ; DW_AT_name
	.long	.Lstr_offsets_base0             ; DW_AT_str_offsets_base
	.long	.Lline_table_start0             ; DW_AT_stmt_list
	.byte	2                               ; DW_AT_comp_dir
	.byte	0                               ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
	.long	.Laddr_table_base0              ; DW_AT_addr_base
	.long	.Lrnglists_table_base0          ; DW_AT_rnglists_base
	.long	.Lloclists_table_base0          ; DW_AT_loclists_base
	.byte	2                               ; Abbrev [2] 0x2b:0x38 DW_TAG_subprogram
	.byte	0                               ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
                                        ; DW_AT_call_all_calls
	.byte	6                               ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	5                               ; DW_AT_decl_line
	.byte	199                             ; DW_AT_calling_convention
                                        ; DW_AT_external
	.byte	3                               ; Abbrev [3] 0x35:0x8 DW_TAG_variable
	.byte	3                               ; DW_AT_name
	.long	99                              ; DW_AT_type
	.byte	0                               ; DW_AT_decl_file
	.byte	7                               ; DW_AT_decl_line
	.byte	4                               ; Abbrev [4] 0x3d:0x8 DW_TAG_formal_parameter
	.byte	10                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	5                               ; DW_AT_decl_line
	.long	124                             ; DW_AT_type
	.byte	4                               ; Abbrev [4] 0x45:0x8 DW_TAG_formal_parameter
	.byte	11                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	5                               ; DW_AT_decl_line
	.long	134                             ; DW_AT_type
	.byte	5                               ; Abbrev [5] 0x4d:0x9 DW_TAG_variable
	.byte	0                               ; DW_AT_location
	.byte	7                               ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	8                               ; DW_AT_decl_line
	.long	120                             ; DW_AT_type
	.byte	6                               ; Abbrev [6] 0x56:0xc DW_TAG_lexical_block
	.byte	0                               ; DW_AT_ranges
	.byte	5                               ; Abbrev [5] 0x58:0x9 DW_TAG_variable
	.byte	1                               ; DW_AT_location
	.byte	9                               ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	11                              ; DW_AT_decl_line
	.long	120                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
	.byte	0                               ; End Of Children Mark
	.byte	7                               ; Abbrev [7] 0x63:0xd DW_TAG_array_type
	.long	112                             ; DW_AT_type
	.byte	8                               ; Abbrev [8] 0x68:0x7 DW_TAG_subrange_type
	.long	116                             ; DW_AT_type
	.short	256                             ; DW_AT_count
	.byte	0                               ; End Of Children Mark
	.byte	9                               ; Abbrev [9] 0x70:0x4 DW_TAG_base_type
	.byte	4                               ; DW_AT_name
	.byte	4                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	10                              ; Abbrev [10] 0x74:0x4 DW_TAG_base_type
	.byte	5                               ; DW_AT_name
	.byte	8                               ; DW_AT_byte_size
	.byte	7                               ; DW_AT_encoding
	.byte	9                               ; Abbrev [9] 0x78:0x4 DW_TAG_base_type
	.byte	8                               ; DW_AT_name
	.byte	7                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	11                              ; Abbrev [11] 0x7c:0x5 DW_TAG_pointer_type
	.long	129                             ; DW_AT_type
	.byte	12                              ; Abbrev [12] 0x81:0x5 DW_TAG_const_type
	.long	112                             ; DW_AT_type
	.byte	11                              ; Abbrev [11] 0x86:0x5 DW_TAG_pointer_type
	.long	112                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_rnglists
	.long	.Ldebug_list_header_end1-.Ldebug_list_header_start1 ; Length
.Ldebug_list_header_start1:
	.short	5                               ; Version
	.byte	8                               ; Address size
	.byte	0                               ; Segment selector size
	.long	1                               ; Offset entry count
.Lrnglists_table_base0:
	.long	.Ldebug_ranges0-.Lrnglists_table_base0
.Ldebug_ranges0:
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp2-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp3-.Lfunc_begin0           ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp4-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp36-.Lfunc_begin0          ;   ending offset
	.byte	0                               ; DW_RLE_end_of_list
.Ldebug_list_header_end1:
	.section	.debug_str_offsets
	.long	52                              ; Length of String Offsets Set
	.short	5
	.short	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 14.0.6"   ; string offset=0
.Linfo_string1:
	.asciz	"reduce.cl"                     ; string offset=28
.Linfo_string2:
	.asciz	"/work/wt-amdgcn2/tests/amdgcn" ; string offset=38
.Linfo_string3:
	.asciz	"part"                          ; string offset=68
.Linfo_string4:
	.asciz	"float"                         ; string offset=73
.Linfo_string5:
	.asciz	"__ARRAY_SIZE_TYPE__"           ; string offset=79
.Linfo_string6:
	.asciz	"reduce"                        ; string offset=99
.Linfo_string7:
	.asciz	"lid"                           ; string offset=106
.Linfo_string8:
	.asciz	"unsigned int"                  ; string offset=110
.Linfo_string9:
	.asciz	"s"                             ; string offset=123
.Linfo_string10:
	.asciz	"in"                            ; string offset=125
.Linfo_string11:
	.asciz	"out"                           ; string offset=128
	.section	.debug_str_offsets
	.long	.Linfo_string0
	.long	.Linfo_string1
	.long	.Linfo_string2
	.long	.Linfo_string3
	.long	.Linfo_string4
	.long	.Linfo_string5
	.long	.Linfo_string6
	.long	.Linfo_string7
	.long	.Linfo_string8
	.long	.Linfo_string9
	.long	.Linfo_string10
	.long	.Linfo_string11
	.section	.debug_addr
	.long	.Ldebug_addr_end0-.Ldebug_addr_start0 ; Length of contribution
.Ldebug_addr_start0:
	.short	5                               ; DWARF version number
	.byte	8                               ; Address size
	.byte	0                               ; Segment selector size
.Laddr_table_base0:
	.quad	.Lfunc_begin0
.Ldebug_addr_end0:
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack"
	.addrsig
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .is_const:       true
        .name:           in
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           out
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
    .group_segment_fixed_size: 1024
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .language:       OpenCL C
    .language_version:
      - 2
      - 0
    .max_flat_workgroup_size: 256
    .name:           reduce
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 256
      - 1
      - 1
    .sgpr_count:     10
    .sgpr_spill_count: 0
    .symbol:         reduce.kd
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
	.section	.debug_line
.Lline_table_start0:
