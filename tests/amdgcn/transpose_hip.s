	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.file	0 "/work/wt-amdgcn2/tests/amdgcn" "transpose_hip.hip" md5 0x5c1a0c8d7cd9f23d86081c503949b489
	.file	1 "." "hipmin.h" md5 0x230dd472187bbad609326898de0279c1
	.protected	_Z9transposePfPKfi      ; -- Begin function _Z9transposePfPKfi
	.globl	_Z9transposePfPKfi
	.p2align	8
	.type	_Z9transposePfPKfi,@function
_Z9transposePfPKfi:                     ; @_Z9transposePfPKfi
.Lfunc_begin0:
	.loc	0 5 0                           ; transpose_hip.hip:5:0
	.cfi_sections .debug_frame
	.cfi_startproc
; %bb.0:
	.loc	0 0 0 is_stmt 0                 ; transpose_hip.hip:0:0
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dword s8, s[4:5], 0x10
	;DEBUG_VALUE: transpose:in <- undef
	;DEBUG_VALUE: transpose:out <- undef
	;DEBUG_VALUE: transpose:width <- undef
	.loc	0 8 24 prologue_end is_stmt 1   ; transpose_hip.hip:8:24
	s_lshl_b32 s5, s7, 5
	v_bfe_u32 v9, v0, 10, 10
.Ltmp0:
	;DEBUG_VALUE: j <- 0
	;DEBUG_VALUE: transpose:y <- undef
	.loc	0 7 24                          ; transpose_hip.hip:7:24
	s_lshl_b32 s4, s6, 5
	v_and_b32_e32 v8, 0x3ff, v0
.Ltmp1:
	.loc	0 10 52                         ; transpose_hip.hip:10:52
	v_add_u32_e32 v0, s5, v9
.Ltmp2:
	.loc	0 7 31                          ; transpose_hip.hip:7:31
	v_add_u32_e32 v6, s4, v8
.Ltmp3:
	;DEBUG_VALUE: transpose:x <- $vgpr6
	.loc	0 10 57                         ; transpose_hip.hip:10:57
	s_waitcnt lgkmcnt(0)
	v_mul_lo_u32 v0, v0, s8
	.loc	0 10 65 is_stmt 0               ; transpose_hip.hip:10:65
	v_add_u32_e32 v0, v6, v0
	.loc	0 10 46                         ; transpose_hip.hip:10:46
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_mov_b32_e32 v2, s3
	v_add_co_u32_e32 v0, vcc, s2, v0
.Ltmp4:
	.loc	0 8 31 is_stmt 1                ; transpose_hip.hip:8:31
	v_add_u32_e32 v10, 8, v9
.Ltmp5:
	.loc	0 10 46                         ; transpose_hip.hip:10:46
	v_addc_co_u32_e32 v1, vcc, v2, v1, vcc
	.loc	0 10 52 is_stmt 0               ; transpose_hip.hip:10:52
	v_add_u32_e32 v2, s5, v10
	.loc	0 10 57                         ; transpose_hip.hip:10:57
	v_mul_lo_u32 v2, v2, s8
	.loc	0 10 65                         ; transpose_hip.hip:10:65
	v_add_u32_e32 v2, v6, v2
	.loc	0 10 46                         ; transpose_hip.hip:10:46
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 2, v[2:3]
	v_mov_b32_e32 v4, s3
	v_add_co_u32_e32 v2, vcc, s2, v2
.Ltmp6:
	.loc	0 8 31 is_stmt 1                ; transpose_hip.hip:8:31
	v_add_u32_e32 v11, 16, v9
.Ltmp7:
	.loc	0 10 46                         ; transpose_hip.hip:10:46
	v_addc_co_u32_e32 v3, vcc, v4, v3, vcc
	.loc	0 10 52 is_stmt 0               ; transpose_hip.hip:10:52
	v_add_u32_e32 v4, s5, v11
	.loc	0 10 57                         ; transpose_hip.hip:10:57
	v_mul_lo_u32 v4, v4, s8
	.loc	0 10 65                         ; transpose_hip.hip:10:65
	v_add_u32_e32 v4, v6, v4
	.loc	0 10 46                         ; transpose_hip.hip:10:46
	v_ashrrev_i32_e32 v5, 31, v4
	v_lshlrev_b64 v[4:5], 2, v[4:5]
	v_mov_b32_e32 v7, s3
	v_add_co_u32_e32 v4, vcc, s2, v4
.Ltmp8:
	.loc	0 8 31 is_stmt 1                ; transpose_hip.hip:8:31
	v_add_u32_e32 v12, 24, v9
.Ltmp9:
	.loc	0 10 46                         ; transpose_hip.hip:10:46
	v_addc_co_u32_e32 v5, vcc, v7, v5, vcc
	.loc	0 10 52 is_stmt 0               ; transpose_hip.hip:10:52
	v_add_u32_e32 v7, s5, v12
	.loc	0 10 57                         ; transpose_hip.hip:10:57
	v_mul_lo_u32 v7, v7, s8
	.loc	0 10 65                         ; transpose_hip.hip:10:65
	v_add_u32_e32 v6, v6, v7
.Ltmp10:
	.loc	0 10 46                         ; transpose_hip.hip:10:46
	v_ashrrev_i32_e32 v7, 31, v6
	v_lshlrev_b64 v[6:7], 2, v[6:7]
	v_mov_b32_e32 v13, s3
	v_add_co_u32_e32 v6, vcc, s2, v6
	v_addc_co_u32_e32 v7, vcc, v13, v7, vcc
	global_load_dword v13, v[0:1], off
	global_load_dword v14, v[2:3], off
	global_load_dword v15, v[4:5], off
	global_load_dword v16, v[6:7], off
	s_movk_i32 s2, 0x84
	.loc	0 10 9                          ; transpose_hip.hip:10:9
	v_lshlrev_b32_e32 v0, 2, v8
.Ltmp11:
	.loc	0 15 36 is_stmt 1               ; transpose_hip.hip:15:36
	v_lshlrev_b32_e32 v1, 2, v9
	.loc	0 15 16 is_stmt 0               ; transpose_hip.hip:15:16
	v_add_u32_e32 v2, s4, v9
.Ltmp12:
	.loc	0 12 27 is_stmt 1               ; transpose_hip.hip:12:27
	v_add_u32_e32 v17, s5, v8
.Ltmp13:
	;DEBUG_VALUE: j <- 0
	;DEBUG_VALUE: transpose:x <- $vgpr17
	.loc	0 10 9                          ; transpose_hip.hip:10:9
	v_mad_u32_u24 v6, v9, s2, v0
.Ltmp14:
	.loc	0 15 36                         ; transpose_hip.hip:15:36
	v_mad_u32_u24 v8, v8, s2, v1
	.loc	0 15 16 is_stmt 0               ; transpose_hip.hip:15:16
	v_add_u32_e32 v0, s4, v10
	v_add_u32_e32 v1, s4, v11
	.loc	0 15 21                         ; transpose_hip.hip:15:21
	v_mul_lo_u32 v2, v2, s8
	v_mul_lo_u32 v3, v0, s8
	v_mul_lo_u32 v1, v1, s8
	.loc	0 15 29                         ; transpose_hip.hip:15:29
	v_add_u32_e32 v0, v17, v2
	v_add_u32_e32 v4, v17, v1
	.loc	0 15 9                          ; transpose_hip.hip:15:9
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_mov_b32_e32 v7, s1
	v_add_co_u32_e32 v0, vcc, s0, v0
	v_addc_co_u32_e32 v1, vcc, v7, v1, vcc
.Ltmp15:
	;DEBUG_VALUE: j <- 8
	.loc	0 15 29                         ; transpose_hip.hip:15:29
	v_add_u32_e32 v2, v17, v3
	.loc	0 15 9                          ; transpose_hip.hip:15:9
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 2, v[2:3]
	v_mov_b32_e32 v9, s1
	v_add_co_u32_e32 v2, vcc, s0, v2
	v_addc_co_u32_e32 v3, vcc, v9, v3, vcc
	v_ashrrev_i32_e32 v5, 31, v4
	v_lshlrev_b64 v[4:5], 2, v[4:5]
.Ltmp16:
	.loc	0 10 44 is_stmt 1               ; transpose_hip.hip:10:44
	s_waitcnt vmcnt(3)
	ds_write_b32 v6, v13
.Ltmp17:
	;DEBUG_VALUE: j <- 8
	s_waitcnt vmcnt(2)
	ds_write_b32 v6, v14 offset:1056
.Ltmp18:
	;DEBUG_VALUE: j <- 16
	s_waitcnt vmcnt(1)
	ds_write_b32 v6, v15 offset:2112
.Ltmp19:
	;DEBUG_VALUE: j <- 24
	s_waitcnt vmcnt(0)
	ds_write_b32 v6, v16 offset:3168
.Ltmp20:
	;DEBUG_VALUE: j <- 32
	.loc	0 11 5                          ; transpose_hip.hip:11:5
	s_waitcnt lgkmcnt(0)
	s_barrier 
.Ltmp21:
	.loc	0 15 36                         ; transpose_hip.hip:15:36
	ds_read2_b32 v[6:7], v8 offset1:8
	.loc	0 15 34 is_stmt 0               ; transpose_hip.hip:15:34
	s_waitcnt lgkmcnt(0)
	global_store_dword v[0:1], v6, off
	global_store_dword v[2:3], v7, off
.Ltmp22:
	;DEBUG_VALUE: j <- 16
	.loc	0 15 36                         ; transpose_hip.hip:15:36
	ds_read2_b32 v[0:1], v8 offset0:16 offset1:24
	.loc	0 15 9                          ; transpose_hip.hip:15:9
	v_mov_b32_e32 v3, s1
	v_add_co_u32_e32 v2, vcc, s0, v4
	v_addc_co_u32_e32 v3, vcc, v3, v5, vcc
.Ltmp23:
	;DEBUG_VALUE: j <- 24
	.loc	0 15 34                         ; transpose_hip.hip:15:34
	s_waitcnt lgkmcnt(0)
	global_store_dword v[2:3], v0, off
	.loc	0 15 16                         ; transpose_hip.hip:15:16
	v_add_u32_e32 v0, s4, v12
	.loc	0 15 21                         ; transpose_hip.hip:15:21
	v_mul_lo_u32 v0, v0, s8
	.loc	0 15 29                         ; transpose_hip.hip:15:29
	v_add_u32_e32 v2, v17, v0
	.loc	0 15 9                          ; transpose_hip.hip:15:9
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 2, v[2:3]
	v_mov_b32_e32 v0, s1
	v_add_co_u32_e32 v2, vcc, s0, v2
	v_addc_co_u32_e32 v3, vcc, v0, v3, vcc
	.loc	0 15 34                         ; transpose_hip.hip:15:34
	global_store_dword v[2:3], v1, off
.Ltmp24:
	;DEBUG_VALUE: j <- 32
	.loc	0 16 1 is_stmt 1                ; transpose_hip.hip:16:1
	s_endpgm
.Ltmp25:
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel _Z9transposePfPKfi
		.amdhsa_group_segment_fixed_size 4224
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 20
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
		.amdhsa_next_free_vgpr 18
		.amdhsa_next_free_sgpr 9
		.amdhsa_accum_offset 20
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
	.size	_Z9transposePfPKfi, .Lfunc_end0-_Z9transposePfPKfi
	.cfi_endproc
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 572
; NumSgprs: 11
; NumVgprs: 18
; NumAgprs: 0
; TotalNumVgprs: 18
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 4224 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 11
; NumVGPRsForWavesPerEU: 18
; AccumOffset: 20
; Occupancy: 8
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 4
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
	.long	3                               ; Offset entry count
.Lloclists_table_base0:
	.long	.Ldebug_loc0-.Lloclists_table_base0
	.long	.Ldebug_loc1-.Lloclists_table_base0
	.long	.Ldebug_loc2-.Lloclists_table_base0
.Ldebug_loc0:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp0-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp17-.Lfunc_begin0          ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	0                               ; 0
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp17-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp18-.Lfunc_begin0          ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	8                               ; 8
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp18-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp19-.Lfunc_begin0          ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	16                              ; 16
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp19-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp20-.Lfunc_begin0          ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	24                              ; 24
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp20-.Lfunc_begin0          ;   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	32                              ; 32
	.byte	159                             ; DW_OP_stack_value
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc1:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp3-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp10-.Lfunc_begin0          ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	144                             ; DW_OP_regx
	.byte	134                             ; 2566
	.byte	20                              ; 
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp13-.Lfunc_begin0          ;   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	144                             ; DW_OP_regx
	.byte	145                             ; 2577
	.byte	20                              ; 
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc2:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp13-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp15-.Lfunc_begin0          ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	0                               ; 0
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp15-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp22-.Lfunc_begin0          ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	8                               ; 8
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp22-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp23-.Lfunc_begin0          ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	16                              ; 16
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp23-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp24-.Lfunc_begin0          ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	24                              ; 24
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp24-.Lfunc_begin0          ;   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      ;   ending offset
	.byte	3                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	32                              ; 32
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
	.byte	110                             ; DW_AT_linkage_name
	.byte	37                              ; DW_FORM_strx1
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	58                              ; DW_AT_decl_file
	.byte	11                              ; DW_FORM_data1
	.byte	59                              ; DW_AT_decl_line
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
	.byte	85                              ; DW_AT_ranges
	.byte	35                              ; DW_FORM_rnglistx
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
	.byte	110                             ; DW_AT_linkage_name
	.byte	37                              ; DW_FORM_strx1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	13                              ; Abbreviation Code
	.byte	38                              ; DW_TAG_const_type
	.byte	0                               ; DW_CHILDREN_no
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	14                              ; Abbreviation Code
	.byte	19                              ; DW_TAG_structure_type
	.byte	1                               ; DW_CHILDREN_yes
	.byte	54                              ; DW_AT_calling_convention
	.byte	11                              ; DW_FORM_data1
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	11                              ; DW_AT_byte_size
	.byte	11                              ; DW_FORM_data1
	.byte	58                              ; DW_AT_decl_file
	.byte	11                              ; DW_FORM_data1
	.byte	59                              ; DW_AT_decl_line
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	15                              ; Abbreviation Code
	.byte	46                              ; DW_TAG_subprogram
	.byte	0                               ; DW_CHILDREN_no
	.byte	110                             ; DW_AT_linkage_name
	.byte	37                              ; DW_FORM_strx1
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	58                              ; DW_AT_decl_file
	.byte	11                              ; DW_FORM_data1
	.byte	59                              ; DW_AT_decl_line
	.byte	11                              ; DW_FORM_data1
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	60                              ; DW_AT_declaration
	.byte	25                              ; DW_FORM_flag_present
	.byte	63                              ; DW_AT_external
	.byte	25                              ; DW_FORM_flag_present
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	16                              ; Abbreviation Code
	.byte	15                              ; DW_TAG_pointer_type
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
	.byte	1                               ; Abbrev [1] 0xc:0x105 DW_TAG_compile_unit
	.byte	0                               ; DW_AT_producer
	.short	26                              ; DW_AT_language
	.byte	1                               ; DW_AT_name
	.long	.Lstr_offsets_base0             ; DW_AT_str_offsets_base
	.long	.Lline_table_start0             ; DW_AT_stmt_list
	.byte	2                               ; DW_AT_comp_dir
	.byte	0                               ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
	.long	.Laddr_table_base0              ; DW_AT_addr_base
	.long	.Lrnglists_table_base0          ; DW_AT_rnglists_base
	.long	.Lloclists_table_base0          ; DW_AT_loclists_base
	.byte	2                               ; Abbrev [2] 0x2b:0x54 DW_TAG_subprogram
	.byte	0                               ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
                                        ; DW_AT_call_all_calls
	.byte	22                              ; DW_AT_linkage_name
	.byte	23                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	4                               ; DW_AT_decl_line
                                        ; DW_AT_external
	.byte	3                               ; Abbrev [3] 0x35:0x8 DW_TAG_variable
	.byte	3                               ; DW_AT_name
	.long	127                             ; DW_AT_type
	.byte	0                               ; DW_AT_decl_file
	.byte	6                               ; DW_AT_decl_line
	.byte	4                               ; Abbrev [4] 0x3d:0x8 DW_TAG_formal_parameter
	.byte	27                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	4                               ; DW_AT_decl_line
	.long	257                             ; DW_AT_type
	.byte	4                               ; Abbrev [4] 0x45:0x8 DW_TAG_formal_parameter
	.byte	28                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	4                               ; DW_AT_decl_line
	.long	262                             ; DW_AT_type
	.byte	4                               ; Abbrev [4] 0x4d:0x8 DW_TAG_formal_parameter
	.byte	29                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	4                               ; DW_AT_decl_line
	.long	253                             ; DW_AT_type
	.byte	5                               ; Abbrev [5] 0x55:0x9 DW_TAG_variable
	.byte	1                               ; DW_AT_location
	.byte	26                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	7                               ; DW_AT_decl_line
	.long	253                             ; DW_AT_type
	.byte	6                               ; Abbrev [6] 0x5e:0x8 DW_TAG_variable
	.byte	30                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	8                               ; DW_AT_decl_line
	.long	253                             ; DW_AT_type
	.byte	7                               ; Abbrev [7] 0x66:0xc DW_TAG_lexical_block
	.byte	0                               ; DW_AT_ranges
	.byte	5                               ; Abbrev [5] 0x68:0x9 DW_TAG_variable
	.byte	0                               ; DW_AT_location
	.byte	24                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	9                               ; DW_AT_decl_line
	.long	253                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
	.byte	7                               ; Abbrev [7] 0x72:0xc DW_TAG_lexical_block
	.byte	1                               ; DW_AT_ranges
	.byte	5                               ; Abbrev [5] 0x74:0x9 DW_TAG_variable
	.byte	2                               ; DW_AT_location
	.byte	24                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	14                              ; DW_AT_decl_line
	.long	253                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
	.byte	0                               ; End Of Children Mark
	.byte	8                               ; Abbrev [8] 0x7f:0x12 DW_TAG_array_type
	.long	145                             ; DW_AT_type
	.byte	9                               ; Abbrev [9] 0x84:0x6 DW_TAG_subrange_type
	.long	149                             ; DW_AT_type
	.byte	32                              ; DW_AT_count
	.byte	9                               ; Abbrev [9] 0x8a:0x6 DW_TAG_subrange_type
	.long	149                             ; DW_AT_type
	.byte	33                              ; DW_AT_count
	.byte	0                               ; End Of Children Mark
	.byte	10                              ; Abbrev [10] 0x91:0x4 DW_TAG_base_type
	.byte	4                               ; DW_AT_name
	.byte	4                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	11                              ; Abbrev [11] 0x95:0x4 DW_TAG_base_type
	.byte	5                               ; DW_AT_name
	.byte	8                               ; DW_AT_byte_size
	.byte	7                               ; DW_AT_encoding
	.byte	12                              ; Abbrev [12] 0x99:0x9 DW_TAG_variable
	.byte	6                               ; DW_AT_name
	.long	162                             ; DW_AT_type
	.byte	1                               ; DW_AT_decl_file
	.byte	21                              ; DW_AT_decl_line
	.byte	15                              ; DW_AT_linkage_name
	.byte	13                              ; Abbrev [13] 0xa2:0x5 DW_TAG_const_type
	.long	167                             ; DW_AT_type
	.byte	14                              ; Abbrev [14] 0xa7:0x22 DW_TAG_structure_type
	.byte	5                               ; DW_AT_calling_convention
	.byte	14                              ; DW_AT_name
	.byte	1                               ; DW_AT_byte_size
	.byte	1                               ; DW_AT_decl_file
	.byte	21                              ; DW_AT_decl_line
	.byte	15                              ; Abbrev [15] 0xad:0x9 DW_TAG_subprogram
	.byte	7                               ; DW_AT_linkage_name
	.byte	8                               ; DW_AT_name
	.byte	1                               ; DW_AT_decl_file
	.byte	21                              ; DW_AT_decl_line
	.long	201                             ; DW_AT_type
                                        ; DW_AT_declaration
                                        ; DW_AT_external
	.byte	15                              ; Abbrev [15] 0xb6:0x9 DW_TAG_subprogram
	.byte	10                              ; DW_AT_linkage_name
	.byte	11                              ; DW_AT_name
	.byte	1                               ; DW_AT_decl_file
	.byte	21                              ; DW_AT_decl_line
	.long	201                             ; DW_AT_type
                                        ; DW_AT_declaration
                                        ; DW_AT_external
	.byte	15                              ; Abbrev [15] 0xbf:0x9 DW_TAG_subprogram
	.byte	12                              ; DW_AT_linkage_name
	.byte	13                              ; DW_AT_name
	.byte	1                               ; DW_AT_decl_file
	.byte	21                              ; DW_AT_decl_line
	.long	201                             ; DW_AT_type
                                        ; DW_AT_declaration
                                        ; DW_AT_external
	.byte	0                               ; End Of Children Mark
	.byte	10                              ; Abbrev [10] 0xc9:0x4 DW_TAG_base_type
	.byte	9                               ; DW_AT_name
	.byte	7                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	12                              ; Abbrev [12] 0xcd:0x9 DW_TAG_variable
	.byte	16                              ; DW_AT_name
	.long	214                             ; DW_AT_type
	.byte	1                               ; DW_AT_decl_file
	.byte	20                              ; DW_AT_decl_line
	.byte	21                              ; DW_AT_linkage_name
	.byte	13                              ; Abbrev [13] 0xd6:0x5 DW_TAG_const_type
	.long	219                             ; DW_AT_type
	.byte	14                              ; Abbrev [14] 0xdb:0x22 DW_TAG_structure_type
	.byte	5                               ; DW_AT_calling_convention
	.byte	20                              ; DW_AT_name
	.byte	1                               ; DW_AT_byte_size
	.byte	1                               ; DW_AT_decl_file
	.byte	20                              ; DW_AT_decl_line
	.byte	15                              ; Abbrev [15] 0xe1:0x9 DW_TAG_subprogram
	.byte	17                              ; DW_AT_linkage_name
	.byte	8                               ; DW_AT_name
	.byte	1                               ; DW_AT_decl_file
	.byte	20                              ; DW_AT_decl_line
	.long	201                             ; DW_AT_type
                                        ; DW_AT_declaration
                                        ; DW_AT_external
	.byte	15                              ; Abbrev [15] 0xea:0x9 DW_TAG_subprogram
	.byte	18                              ; DW_AT_linkage_name
	.byte	11                              ; DW_AT_name
	.byte	1                               ; DW_AT_decl_file
	.byte	20                              ; DW_AT_decl_line
	.long	201                             ; DW_AT_type
                                        ; DW_AT_declaration
                                        ; DW_AT_external
	.byte	15                              ; Abbrev [15] 0xf3:0x9 DW_TAG_subprogram
	.byte	19                              ; DW_AT_linkage_name
	.byte	13                              ; DW_AT_name
	.byte	1                               ; DW_AT_decl_file
	.byte	20                              ; DW_AT_decl_line
	.long	201                             ; DW_AT_type
                                        ; DW_AT_declaration
                                        ; DW_AT_external
	.byte	0                               ; End Of Children Mark
	.byte	10                              ; Abbrev [10] 0xfd:0x4 DW_TAG_base_type
	.byte	25                              ; DW_AT_name
	.byte	5                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	16                              ; Abbrev [16] 0x101:0x5 DW_TAG_pointer_type
	.long	145                             ; DW_AT_type
	.byte	16                              ; Abbrev [16] 0x106:0x5 DW_TAG_pointer_type
	.long	267                             ; DW_AT_type
	.byte	13                              ; Abbrev [13] 0x10b:0x5 DW_TAG_const_type
	.long	145                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_rnglists
	.long	.Ldebug_list_header_end1-.Ldebug_list_header_start1 ; Length
.Ldebug_list_header_start1:
	.short	5                               ; Version
	.byte	8                               ; Address size
	.byte	0                               ; Segment selector size
	.long	2                               ; Offset entry count
.Lrnglists_table_base0:
	.long	.Ldebug_ranges0-.Lrnglists_table_base0
	.long	.Ldebug_ranges1-.Lrnglists_table_base0
.Ldebug_ranges0:
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp1-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp2-.Lfunc_begin0           ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp3-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp4-.Lfunc_begin0           ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp5-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp6-.Lfunc_begin0           ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp7-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp8-.Lfunc_begin0           ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp9-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp11-.Lfunc_begin0          ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp13-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp14-.Lfunc_begin0          ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp16-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp20-.Lfunc_begin0          ;   ending offset
	.byte	0                               ; DW_RLE_end_of_list
.Ldebug_ranges1:
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp11-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp12-.Lfunc_begin0          ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp14-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp16-.Lfunc_begin0          ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp21-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp24-.Lfunc_begin0          ;   ending offset
	.byte	0                               ; DW_RLE_end_of_list
.Ldebug_list_header_end1:
	.section	.debug_str_offsets
	.long	128                             ; Length of String Offsets Set
	.short	5
	.short	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 14.0.6"   ; string offset=0
.Linfo_string1:
	.asciz	"transpose_hip.hip"             ; string offset=28
.Linfo_string2:
	.asciz	"/work/wt-amdgcn2/tests/amdgcn" ; string offset=46
.Linfo_string3:
	.asciz	"tile"                          ; string offset=76
.Linfo_string4:
	.asciz	"float"                         ; string offset=81
.Linfo_string5:
	.asciz	"__ARRAY_SIZE_TYPE__"           ; string offset=87
.Linfo_string6:
	.asciz	"blockIdx"                      ; string offset=107
.Linfo_string7:
	.asciz	"_ZN7lds_bid5get_xEv"           ; string offset=116
.Linfo_string8:
	.asciz	"get_x"                         ; string offset=136
.Linfo_string9:
	.asciz	"unsigned int"                  ; string offset=142
.Linfo_string10:
	.asciz	"_ZN7lds_bid5get_yEv"           ; string offset=155
.Linfo_string11:
	.asciz	"get_y"                         ; string offset=175
.Linfo_string12:
	.asciz	"_ZN7lds_bid5get_zEv"           ; string offset=181
.Linfo_string13:
	.asciz	"get_z"                         ; string offset=201
.Linfo_string14:
	.asciz	"lds_bid"                       ; string offset=207
.Linfo_string15:
	.asciz	"_ZL8blockIdx"                  ; string offset=215
.Linfo_string16:
	.asciz	"threadIdx"                     ; string offset=228
.Linfo_string17:
	.asciz	"_ZN7lds_tid5get_xEv"           ; string offset=238
.Linfo_string18:
	.asciz	"_ZN7lds_tid5get_yEv"           ; string offset=258
.Linfo_string19:
	.asciz	"_ZN7lds_tid5get_zEv"           ; string offset=278
.Linfo_string20:
	.asciz	"lds_tid"                       ; string offset=298
.Linfo_string21:
	.asciz	"_ZL9threadIdx"                 ; string offset=306
.Linfo_string22:
	.asciz	"_Z9transposePfPKfi"            ; string offset=320
.Linfo_string23:
	.asciz	"transpose"                     ; string offset=339
.Linfo_string24:
	.asciz	"j"                             ; string offset=349
.Linfo_string25:
	.asciz	"int"                           ; string offset=351
.Linfo_string26:
	.asciz	"x"                             ; string offset=355
.Linfo_string27:
	.asciz	"out"                           ; string offset=357
.Linfo_string28:
	.asciz	"in"                            ; string offset=361
.Linfo_string29:
	.asciz	"width"                         ; string offset=364
.Linfo_string30:
	.asciz	"y"                             ; string offset=370
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
	.long	.Linfo_string22
	.long	.Linfo_string23
	.long	.Linfo_string24
	.long	.Linfo_string25
	.long	.Linfo_string26
	.long	.Linfo_string27
	.long	.Linfo_string28
	.long	.Linfo_string29
	.long	.Linfo_string30
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
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 4224
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .max_flat_workgroup_size: 256
    .name:           _Z9transposePfPKfi
    .private_segment_fixed_size: 0
    .sgpr_count:     11
    .sgpr_spill_count: 0
    .symbol:         _Z9transposePfPKfi.kd
    .vgpr_count:     18
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
