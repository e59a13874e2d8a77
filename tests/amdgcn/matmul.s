	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.file	0 "/work/wt-amdgcn2/tests/amdgcn" "matmul.cl" md5 0x95864deac4373fb396c406abc8b6c2da
	.protected	matmul                  ; -- Begin function matmul
	.globl	matmul
	.p2align	8
	.type	matmul,@function
matmul:                                 ; @matmul
.Lfunc_begin0:
	.loc	0 7 0                           ; matmul.cl:7:0
	.cfi_sections .debug_frame
	.cfi_startproc
; %bb.0:
	.loc	0 0 0 is_stmt 0                 ; matmul.cl:0:0
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x10
	s_load_dword s10, s[4:5], 0x18
	;DEBUG_VALUE: matmul:n <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	v_bfe_u32 v1, v0, 10, 10
.Ltmp0:
	;DEBUG_VALUE: matmul:ty <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr1
	v_and_b32_e32 v4, 0x3ff, v0
.Ltmp1:
	;DEBUG_VALUE: matmul:tx <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr4
	;DEBUG_VALUE: matmul:b <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	;DEBUG_VALUE: matmul:a <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	.loc	0 11 36 prologue_end is_stmt 1  ; matmul.cl:11:36
	v_lshl_or_b32 v0, s7, 4, v1
.Ltmp2:
	;DEBUG_VALUE: matmul:row <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 11 64 is_stmt 0               ; matmul.cl:11:64
	s_lshl_b32 s4, s6, 4
.Ltmp3:
	;DEBUG_VALUE: t <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0.000000e+00
	.loc	0 13 23 is_stmt 1               ; matmul.cl:13:23
	s_waitcnt lgkmcnt(0)
	s_cmp_lt_i32 s10, 16
	v_mul_lo_u32 v5, v0, s10
.Ltmp4:
	;DEBUG_VALUE: matmul:col <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	;DEBUG_VALUE: matmul:c <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	.loc	0 0 23 is_stmt 0                ; matmul.cl:0:23
	v_mov_b32_e32 v6, 0
	s_cbranch_scc1 .LBB0_3
.Ltmp5:
; %bb.1:
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0.000000e+00
	;DEBUG_VALUE: t <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0
	;DEBUG_VALUE: matmul:row <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	;DEBUG_VALUE: matmul:tx <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr4
	;DEBUG_VALUE: matmul:ty <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr1
	s_ashr_i32 s5, s10, 31
	s_lshr_b32 s5, s5, 28
	v_lshlrev_b32_e32 v0, 2, v4
.Ltmp6:
	v_lshlrev_b32_e32 v7, 6, v1
	.loc	0 13 5                          ; matmul.cl:13:5
	v_mul_lo_u32 v1, v1, s10
.Ltmp7:
	.loc	0 0 5                           ; matmul.cl:0:5
	s_add_i32 s5, s10, s5
	v_or_b32_e32 v8, v7, v0
	s_movk_i32 s6, 0x400
	.loc	0 13 5                          ; matmul.cl:13:5
	v_add3_u32 v2, v4, v1, s4
	v_mov_b32_e32 v1, 0
	s_ashr_i32 s5, s5, 4
	v_or_b32_e32 v9, s6, v8
	v_or_b32_e32 v10, s6, v0
	v_add_u32_e32 v0, v4, v5
	s_lshl_b32 s6, s10, 4
	v_mov_b32_e32 v6, v1
.Ltmp8:
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	;DEBUG_VALUE: matmul:tx <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr4
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	;DEBUG_VALUE: t <- [DW_OP_LLVM_arg 0, DW_OP_LLVM_arg 0, DW_OP_minus, DW_OP_consts 18446744073709551615, DW_OP_div, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	.loc	0 14 22 is_stmt 1               ; matmul.cl:14:22
	v_lshlrev_b64 v[12:13], 2, v[0:1]
	v_mov_b32_e32 v11, s1
	.loc	0 15 22                         ; matmul.cl:15:22
	v_mov_b32_e32 v3, v1
	.loc	0 14 22                         ; matmul.cl:14:22
	v_add_co_u32_e32 v12, vcc, s0, v12
	v_addc_co_u32_e32 v13, vcc, v11, v13, vcc
	.loc	0 15 22                         ; matmul.cl:15:22
	v_lshlrev_b64 v[14:15], 2, v[2:3]
	v_mov_b32_e32 v16, s3
	.loc	0 14 22                         ; matmul.cl:14:22
	global_load_dword v3, v[12:13], off
	.loc	0 15 22                         ; matmul.cl:15:22
	v_add_co_u32_e32 v12, vcc, s2, v14
	v_addc_co_u32_e32 v13, vcc, v16, v15, vcc
	global_load_dword v11, v[12:13], off
.Ltmp9:
	.loc	0 13 23                         ; matmul.cl:13:23
	s_add_i32 s5, s5, -1
	v_add_u32_e32 v0, 16, v0
	v_add_u32_e32 v2, s6, v2
	s_cmp_eq_u32 s5, 0
.Ltmp10:
	.loc	0 14 20                         ; matmul.cl:14:20
	s_waitcnt vmcnt(1)
	ds_write_b32 v8, v3
	.loc	0 15 20                         ; matmul.cl:15:20
	s_waitcnt vmcnt(0)
	ds_write_b32 v9, v11
	.loc	0 16 9                          ; matmul.cl:16:9
	s_waitcnt lgkmcnt(0)
	s_barrier 
.Ltmp11:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0
	.loc	0 18 32                         ; matmul.cl:18:32
	ds_read2_b32 v[28:29], v10 offset1:16
	ds_read2_b32 v[30:31], v10 offset0:32 offset1:48
	.loc	0 18 20 is_stmt 0               ; matmul.cl:18:20
	ds_read2_b64 v[12:15], v7 offset1:1
.Ltmp12:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 1
	ds_read2_b64 v[16:19], v7 offset0:2 offset1:3
.Ltmp13:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 5
	.loc	0 18 32                         ; matmul.cl:18:32
	ds_read2_b32 v[32:33], v10 offset0:64 offset1:80
	ds_read2_b32 v[34:35], v10 offset0:96 offset1:112
	ds_read2_b32 v[36:37], v10 offset0:128 offset1:144
	ds_read2_b32 v[38:39], v10 offset0:160 offset1:176
	.loc	0 18 20                         ; matmul.cl:18:20
	ds_read2_b64 v[20:23], v7 offset0:4 offset1:5
.Ltmp14:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 9
	ds_read2_b64 v[24:27], v7 offset0:6 offset1:7
.Ltmp15:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 13
	.loc	0 18 32                         ; matmul.cl:18:32
	ds_read2_b32 v[40:41], v10 offset0:192 offset1:208
	ds_read2_b32 v[42:43], v10 offset0:224 offset1:240
	.loc	0 18 17                         ; matmul.cl:18:17
	s_waitcnt lgkmcnt(9)
	v_fmac_f32_e32 v6, v12, v28
.Ltmp16:
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	v_fmac_f32_e32 v6, v13, v29
.Ltmp17:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 3
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	v_fmac_f32_e32 v6, v14, v30
.Ltmp18:
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	v_fmac_f32_e32 v6, v15, v31
.Ltmp19:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 4
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	s_waitcnt lgkmcnt(7)
	v_fmac_f32_e32 v6, v16, v32
.Ltmp20:
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	v_fmac_f32_e32 v6, v17, v33
.Ltmp21:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 7
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	s_waitcnt lgkmcnt(6)
	v_fmac_f32_e32 v6, v18, v34
.Ltmp22:
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	v_fmac_f32_e32 v6, v19, v35
.Ltmp23:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 8
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v20, v36
.Ltmp24:
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	v_fmac_f32_e32 v6, v21, v37
.Ltmp25:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 11
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	v_fmac_f32_e32 v6, v22, v38
.Ltmp26:
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	v_fmac_f32_e32 v6, v23, v39
.Ltmp27:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 12
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	s_waitcnt lgkmcnt(1)
	v_fmac_f32_e32 v6, v24, v40
.Ltmp28:
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	v_fmac_f32_e32 v6, v25, v41
.Ltmp29:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 15
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	s_waitcnt lgkmcnt(0)
	v_fmac_f32_e32 v6, v26, v42
.Ltmp30:
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	v_fmac_f32_e32 v6, v27, v43
.Ltmp31:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 16
	;DEBUG_VALUE: matmul:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr6
	.loc	0 19 9 is_stmt 1                ; matmul.cl:19:9
	s_barrier 
.Ltmp32:
	;DEBUG_VALUE: t <- [DW_OP_LLVM_arg 0, DW_OP_LLVM_arg 0, DW_OP_minus, DW_OP_consts 18446744073709551615, DW_OP_div, DW_OP_consts 1, DW_OP_plus, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	.loc	0 0 9 is_stmt 0                 ; matmul.cl:0:9
	s_cbranch_scc0 .LBB0_2
.Ltmp33:
.LBB0_3:
	;DEBUG_VALUE: matmul:tx <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr4
	.loc	0 21 15 is_stmt 1               ; matmul.cl:21:15
	v_add3_u32 v0, s4, v4, v5
	.loc	0 21 5 is_stmt 0                ; matmul.cl:21:5
	v_mov_b32_e32 v1, 0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_mov_b32_e32 v2, s9
	v_add_co_u32_e32 v0, vcc, s8, v0
	v_addc_co_u32_e32 v1, vcc, v2, v1, vcc
	.loc	0 21 22                         ; matmul.cl:21:22
	global_store_dword v[0:1], v6, off
	.loc	0 22 1 is_stmt 1                ; matmul.cl:22:1
	s_endpgm
.Ltmp34:
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel matmul
		.amdhsa_group_segment_fixed_size 2048
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 28
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
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 44
		.amdhsa_next_free_sgpr 11
		.amdhsa_accum_offset 44
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
	.size	matmul, .Lfunc_end0-matmul
	.cfi_endproc
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 496
; NumSgprs: 13
; NumVgprs: 44
; NumAgprs: 0
; TotalNumVgprs: 44
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 2048 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 13
; NumVGPRsForWavesPerEU: 44
; AccumOffset: 44
; Occupancy: 8
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 10
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.file	1 "/usr/lib/llvm-14/lib/clang/14.0.6/include" "opencl-c-base.h" md5 0xfa1685a960bf69b8d0f8ccc506cbc0c7
	.section	.debug_loclists
	.long	.Ldebug_list_header_end0-.Ldebug_list_header_start0 ; Length
.Ldebug_list_header_start0:
	.short	5                               ; Version
	.byte	8                               ; Address size
	.byte	0                               ; Segment selector size
	.long	6                               ; Offset entry count
.Lloclists_table_base0:
	.long	.Ldebug_loc0-.Lloclists_table_base0
	.long	.Ldebug_loc1-.Lloclists_table_base0
	.long	.Ldebug_loc2-.Lloclists_table_base0
	.long	.Ldebug_loc3-.Lloclists_table_base0
	.long	.Ldebug_loc4-.Lloclists_table_base0
	.long	.Ldebug_loc5-.Lloclists_table_base0
.Ldebug_loc0:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp0-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp7-.Lfunc_begin0           ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	146                             ; DW_OP_bregx
	.byte	129                             ; 2561
	.byte	20                              ; 
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc1:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp1-.Lfunc_begin0           ;   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	146                             ; DW_OP_bregx
	.byte	132                             ; 2564
	.byte	20                              ; 
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc2:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp2-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp6-.Lfunc_begin0           ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	146                             ; DW_OP_bregx
	.byte	128                             ; 2560
	.byte	20                              ; 
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc3:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp3-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp8-.Lfunc_begin0           ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc4:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp3-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp8-.Lfunc_begin0           ;   ending offset
	.byte	5                               ; Loc expr size
	.byte	48                              ; DW_OP_lit0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp8-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp33-.Lfunc_begin0          ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	146                             ; DW_OP_bregx
	.byte	134                             ; 2566
	.byte	20                              ; 
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc5:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp11-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp12-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp12-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp13-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	1                               ; 1
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp13-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp14-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	5                               ; 5
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp14-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp15-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	9                               ; 9
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp15-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp17-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	13                              ; 13
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp17-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp19-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	3                               ; 3
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp19-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp21-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	4                               ; 4
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp21-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp23-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	7                               ; 7
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp23-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp25-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	8                               ; 8
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp25-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp27-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	11                              ; 11
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp27-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp29-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	12                              ; 12
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp29-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp31-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	15                              ; 15
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp31-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp33-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	16                              ; 16
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
	.byte	52                              ; DW_TAG_variable
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
	.byte	7                               ; Abbreviation Code
	.byte	11                              ; DW_TAG_lexical_block
	.byte	1                               ; DW_CHILDREN_yes
	.byte	17                              ; DW_AT_low_pc
	.byte	27                              ; DW_FORM_addrx
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	8                               ; Abbreviation Code
	.byte	1                               ; DW_TAG_array_type
	.byte	1                               ; DW_CHILDREN_yes
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	9                               ; Abbreviation Code
	.byte	33                              ; DW_TAG_subrange_type
	.byte	0                               ; DW_CHILDREN_no
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	55                              ; DW_AT_count
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	10                              ; Abbreviation Code
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
	.byte	11                              ; Abbreviation Code
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
	.byte	12                              ; Abbreviation Code
	.byte	22                              ; DW_TAG_typedef
	.byte	0                               ; DW_CHILDREN_no
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	58                              ; DW_AT_decl_file
	.byte	11                              ; DW_FORM_data1
	.byte	59                              ; DW_AT_decl_line
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	13                              ; Abbreviation Code
	.byte	15                              ; DW_TAG_pointer_type
	.byte	0                               ; DW_CHILDREN_no
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	14                              ; Abbreviation Code
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
	.byte	1                               ; Abbrev [1] 0xc:0xdc DW_TAG_compile_unit
	.byte	0                               ; DW_AT_producer
	.short	21                              ; DW_AT_language
	.byte	1                               ; DW_AT_name
	.long	.Lstr_offsets_base0             ; DW_AT_str_offsets_base
	.long	.Lline_table_start0             ; DW_AT_stmt_list
	.byte	2                               ; DW_AT_comp_dir
	.byte	0                               ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
	.long	.Laddr_table_base0              ; DW_AT_addr_base
	.long	.Lloclists_table_base0          ; DW_AT_loclists_base
	.byte	2                               ; Abbrev [2] 0x27:0x87 DW_TAG_subprogram
	.byte	0                               ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
                                        ; DW_AT_call_all_calls
	.byte	7                               ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	6                               ; DW_AT_decl_line
	.byte	199                             ; DW_AT_calling_convention
                                        ; DW_AT_external
	.byte	3                               ; Abbrev [3] 0x31:0x8 DW_TAG_variable
	.byte	3                               ; DW_AT_name
	.long	174                             ; DW_AT_type
	.byte	0                               ; DW_AT_decl_file
	.byte	8                               ; DW_AT_decl_line
	.byte	3                               ; Abbrev [3] 0x39:0x8 DW_TAG_variable
	.byte	6                               ; DW_AT_name
	.long	174                             ; DW_AT_type
	.byte	0                               ; DW_AT_decl_file
	.byte	9                               ; DW_AT_decl_line
	.byte	4                               ; Abbrev [4] 0x41:0x8 DW_TAG_formal_parameter
	.byte	17                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	6                               ; DW_AT_decl_line
	.long	216                             ; DW_AT_type
	.byte	4                               ; Abbrev [4] 0x49:0x8 DW_TAG_formal_parameter
	.byte	18                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	6                               ; DW_AT_decl_line
	.long	216                             ; DW_AT_type
	.byte	4                               ; Abbrev [4] 0x51:0x8 DW_TAG_formal_parameter
	.byte	19                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	6                               ; DW_AT_decl_line
	.long	226                             ; DW_AT_type
	.byte	4                               ; Abbrev [4] 0x59:0x8 DW_TAG_formal_parameter
	.byte	20                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	6                               ; DW_AT_decl_line
	.long	212                             ; DW_AT_type
	.byte	5                               ; Abbrev [5] 0x61:0x9 DW_TAG_variable
	.byte	0                               ; DW_AT_location
	.byte	8                               ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	10                              ; DW_AT_decl_line
	.long	200                             ; DW_AT_type
	.byte	5                               ; Abbrev [5] 0x6a:0x9 DW_TAG_variable
	.byte	1                               ; DW_AT_location
	.byte	11                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	10                              ; DW_AT_decl_line
	.long	200                             ; DW_AT_type
	.byte	5                               ; Abbrev [5] 0x73:0x9 DW_TAG_variable
	.byte	2                               ; DW_AT_location
	.byte	12                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	11                              ; DW_AT_decl_line
	.long	200                             ; DW_AT_type
	.byte	5                               ; Abbrev [5] 0x7c:0x9 DW_TAG_variable
	.byte	4                               ; DW_AT_location
	.byte	15                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	12                              ; DW_AT_decl_line
	.long	192                             ; DW_AT_type
	.byte	6                               ; Abbrev [6] 0x85:0x8 DW_TAG_variable
	.byte	21                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	11                              ; DW_AT_decl_line
	.long	200                             ; DW_AT_type
	.byte	7                               ; Abbrev [7] 0x8d:0x20 DW_TAG_lexical_block
	.byte	1                               ; DW_AT_low_pc
	.long	.Ltmp33-.Ltmp3                  ; DW_AT_high_pc
	.byte	5                               ; Abbrev [5] 0x93:0x9 DW_TAG_variable
	.byte	3                               ; DW_AT_location
	.byte	13                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	13                              ; DW_AT_decl_line
	.long	212                             ; DW_AT_type
	.byte	7                               ; Abbrev [7] 0x9c:0x10 DW_TAG_lexical_block
	.byte	2                               ; DW_AT_low_pc
	.long	.Ltmp31-.Ltmp11                 ; DW_AT_high_pc
	.byte	5                               ; Abbrev [5] 0xa2:0x9 DW_TAG_variable
	.byte	5                               ; DW_AT_location
	.byte	16                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	17                              ; DW_AT_decl_line
	.long	212                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
	.byte	0                               ; End Of Children Mark
	.byte	0                               ; End Of Children Mark
	.byte	8                               ; Abbrev [8] 0xae:0x12 DW_TAG_array_type
	.long	192                             ; DW_AT_type
	.byte	9                               ; Abbrev [9] 0xb3:0x6 DW_TAG_subrange_type
	.long	196                             ; DW_AT_type
	.byte	16                              ; DW_AT_count
	.byte	9                               ; Abbrev [9] 0xb9:0x6 DW_TAG_subrange_type
	.long	196                             ; DW_AT_type
	.byte	16                              ; DW_AT_count
	.byte	0                               ; End Of Children Mark
	.byte	10                              ; Abbrev [10] 0xc0:0x4 DW_TAG_base_type
	.byte	4                               ; DW_AT_name
	.byte	4                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	11                              ; Abbrev [11] 0xc4:0x4 DW_TAG_base_type
	.byte	5                               ; DW_AT_name
	.byte	8                               ; DW_AT_byte_size
	.byte	7                               ; DW_AT_encoding
	.byte	12                              ; Abbrev [12] 0xc8:0x8 DW_TAG_typedef
	.long	208                             ; DW_AT_type
	.byte	10                              ; DW_AT_name
	.byte	1                               ; DW_AT_decl_file
	.byte	98                              ; DW_AT_decl_line
	.byte	10                              ; Abbrev [10] 0xd0:0x4 DW_TAG_base_type
	.byte	9                               ; DW_AT_name
	.byte	7                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	10                              ; Abbrev [10] 0xd4:0x4 DW_TAG_base_type
	.byte	14                              ; DW_AT_name
	.byte	5                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	13                              ; Abbrev [13] 0xd8:0x5 DW_TAG_pointer_type
	.long	221                             ; DW_AT_type
	.byte	14                              ; Abbrev [14] 0xdd:0x5 DW_TAG_const_type
	.long	192                             ; DW_AT_type
	.byte	13                              ; Abbrev [13] 0xe2:0x5 DW_TAG_pointer_type
	.long	192                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_str_offsets
	.long	92                              ; Length of String Offsets Set
	.short	5
	.short	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 14.0.6"   ; string offset=0
.Linfo_string1:
	.asciz	"matmul.cl"                     ; string offset=28
.Linfo_string2:
	.asciz	"/work/wt-amdgcn2/tests/amdgcn" ; string offset=38
.Linfo_string3:
	.asciz	"as"                            ; string offset=68
.Linfo_string4:
	.asciz	"float"                         ; string offset=71
.Linfo_string5:
	.asciz	"__ARRAY_SIZE_TYPE__"           ; string offset=77
.Linfo_string6:
	.asciz	"bs"                            ; string offset=97
.Linfo_string7:
	.asciz	"matmul"                        ; string offset=100
.Linfo_string8:
	.asciz	"ty"                            ; string offset=107
.Linfo_string9:
	.asciz	"unsigned int"                  ; string offset=110
.Linfo_string10:
	.asciz	"uint"                          ; string offset=123
.Linfo_string11:
	.asciz	"tx"                            ; string offset=128
.Linfo_string12:
	.asciz	"row"                           ; string offset=131
.Linfo_string13:
	.asciz	"t"                             ; string offset=135
.Linfo_string14:
	.asciz	"int"                           ; string offset=137
.Linfo_string15:
	.asciz	"acc"                           ; string offset=141
.Linfo_string16:
	.asciz	"k"                             ; string offset=145
.Linfo_string17:
	.asciz	"a"                             ; string offset=147
.Linfo_string18:
	.asciz	"b"                             ; string offset=149
.Linfo_string19:
	.asciz	"c"                             ; string offset=151
.Linfo_string20:
	.asciz	"n"                             ; string offset=153
.Linfo_string21:
	.asciz	"col"                           ; string offset=155
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
	.long	.Linfo_string12
	.long	.Linfo_string13
	.long	.Linfo_string14
	.long	.Linfo_string15
	.long	.Linfo_string16
	.long	.Linfo_string17
	.long	.Linfo_string18
	.long	.Linfo_string19
	.long	.Linfo_string20
	.long	.Linfo_string21
	.section	.debug_addr
	.long	.Ldebug_addr_end0-.Ldebug_addr_start0 ; Length of contribution
.Ldebug_addr_start0:
	.short	5                               ; DWARF version number
	.byte	8                               ; Address size
	.byte	0                               ; Segment selector size
.Laddr_table_base0:
	.quad	.Lfunc_begin0
	.quad	.Ltmp3
	.quad	.Ltmp11
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
        .name:           a
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .name:           b
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           c
        .offset:         16
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .name:           !str n
        .offset:         24
        .size:           4
        .type_name:      int
        .value_kind:     by_value
    .group_segment_fixed_size: 2048
    .kernarg_segment_align: 8
    .kernarg_segment_size: 28
    .language:       OpenCL C
    .language_version:
      - 2
      - 0
    .max_flat_workgroup_size: 256
    .name:           matmul
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 16
      - 16
      - 1
    .sgpr_count:     13
    .sgpr_spill_count: 0
    .symbol:         matmul.kd
    .vgpr_count:     44
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
