	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.file	0 "/work/wt-amdgcn2/tests/amdgcn" "loops.cl" md5 0x86db216f9b5327ae35d0f9a7c5e3d5a7
	.protected	colsum                  ; -- Begin function colsum
	.globl	colsum
	.p2align	8
	.type	colsum,@function
colsum:                                 ; @colsum
.Lfunc_begin0:
	.loc	0 6 0                           ; loops.cl:6:0
	.cfi_sections .debug_frame
	.cfi_startproc
; %bb.0:
	.loc	0 0 0 is_stmt 0                 ; loops.cl:0:0
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dword s7, s[4:5], 0x10
.Ltmp0:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0
	;DEBUG_VALUE: colsum:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	;DEBUG_VALUE: colsum:in <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	;DEBUG_VALUE: colsum:rows <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	.loc	0 10 24 prologue_end is_stmt 1  ; loops.cl:10:24
	v_lshlrev_b32_e32 v1, 2, v0
	s_movk_i32 s4, 0x1000
.Ltmp1:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 16
	v_or_b32_e32 v22, s4, v1
	s_waitcnt lgkmcnt(0)
	global_load_dword v6, v1, s[0:1]
.Ltmp2:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 1
	global_load_dword v7, v1, s[0:1] offset:256
	global_load_dword v8, v1, s[0:1] offset:512
.Ltmp3:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 3
	global_load_dword v9, v1, s[0:1] offset:768
	global_load_dword v10, v1, s[0:1] offset:1024
.Ltmp4:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 5
	global_load_dword v11, v1, s[0:1] offset:1280
	global_load_dword v12, v1, s[0:1] offset:1536
.Ltmp5:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 7
	global_load_dword v13, v1, s[0:1] offset:1792
	global_load_dword v14, v1, s[0:1] offset:2048
.Ltmp6:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 9
	global_load_dword v15, v1, s[0:1] offset:2304
	global_load_dword v16, v1, s[0:1] offset:2560
.Ltmp7:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 11
	global_load_dword v17, v1, s[0:1] offset:2816
	global_load_dword v18, v1, s[0:1] offset:3072
.Ltmp8:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 13
	global_load_dword v19, v1, s[0:1] offset:3328
	global_load_dword v20, v1, s[0:1] offset:3584
.Ltmp9:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 15
	global_load_dword v21, v1, s[0:1] offset:3840
	v_mov_b32_e32 v2, s1
	v_add_co_u32_e32 v4, vcc, s0, v1
	v_addc_co_u32_e32 v5, vcc, 0, v2, vcc
	v_add_co_u32_e32 v2, vcc, s4, v4
	v_addc_co_u32_e32 v3, vcc, 0, v5, vcc
	global_load_dword v23, v22, s[0:1]
.Ltmp10:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 17
	global_load_dword v24, v[2:3], off offset:256
	global_load_dword v25, v[2:3], off offset:512
.Ltmp11:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 19
	global_load_dword v26, v[2:3], off offset:768
	global_load_dword v27, v[2:3], off offset:1024
.Ltmp12:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 21
	global_load_dword v28, v[2:3], off offset:1280
	global_load_dword v29, v[2:3], off offset:1536
.Ltmp13:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 23
	global_load_dword v30, v[2:3], off offset:1792
	global_load_dword v31, v[2:3], off offset:2048
.Ltmp14:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 25
	global_load_dword v32, v[2:3], off offset:2304
	global_load_dword v33, v[2:3], off offset:2560
.Ltmp15:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 27
	global_load_dword v34, v[2:3], off offset:2816
	global_load_dword v35, v[2:3], off offset:3072
.Ltmp16:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 29
	global_load_dword v36, v[2:3], off offset:3328
	global_load_dword v37, v[2:3], off offset:3584
                                        ; kill: killed $vgpr22
.Ltmp17:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 31
	global_load_dword v22, v[2:3], off offset:3840
	s_movk_i32 s5, 0x2000
.Ltmp18:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 32
	v_or_b32_e32 v38, s5, v1
	v_add_co_u32_e32 v2, vcc, s5, v4
	v_addc_co_u32_e32 v3, vcc, 0, v5, vcc
	global_load_dword v39, v38, s[0:1]
.Ltmp19:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 33
	global_load_dword v40, v[2:3], off offset:256
	global_load_dword v41, v[2:3], off offset:512
.Ltmp20:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 35
	global_load_dword v42, v[2:3], off offset:768
	global_load_dword v43, v[2:3], off offset:1024
.Ltmp21:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 37
	global_load_dword v44, v[2:3], off offset:1280
	global_load_dword v45, v[2:3], off offset:1536
.Ltmp22:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 39
	global_load_dword v46, v[2:3], off offset:1792
	global_load_dword v47, v[2:3], off offset:2048
.Ltmp23:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 41
	global_load_dword v48, v[2:3], off offset:2304
	global_load_dword v49, v[2:3], off offset:2560
.Ltmp24:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 43
	global_load_dword v50, v[2:3], off offset:2816
	global_load_dword v51, v[2:3], off offset:3072
.Ltmp25:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 45
	global_load_dword v52, v[2:3], off offset:3328
	global_load_dword v53, v[2:3], off offset:3584
                                        ; kill: killed $vgpr38
.Ltmp26:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 47
	global_load_dword v38, v[2:3], off offset:3840
	s_movk_i32 s8, 0x3000
.Ltmp27:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 48
	v_or_b32_e32 v3, s8, v1
	v_add_co_u32_e32 v4, vcc, s8, v4
	v_addc_co_u32_e32 v5, vcc, 0, v5, vcc
	global_load_dword v2, v3, s[0:1]
.Ltmp28:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 49
	global_load_dword v54, v[4:5], off offset:256
	global_load_dword v55, v[4:5], off offset:512
.Ltmp29:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 51
	global_load_dword v56, v[4:5], off offset:768
	global_load_dword v57, v[4:5], off offset:1024
.Ltmp30:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 53
	global_load_dword v58, v[4:5], off offset:1280
	global_load_dword v59, v[4:5], off offset:1536
.Ltmp31:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 55
	global_load_dword v60, v[4:5], off offset:1792
	global_load_dword v61, v[4:5], off offset:2048
.Ltmp32:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 57
	global_load_dword v62, v[4:5], off offset:2304
	global_load_dword v63, v[4:5], off offset:2560
.Ltmp33:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 59
	global_load_dword v64, v[4:5], off offset:2816
	global_load_dword v65, v[4:5], off offset:3072
.Ltmp34:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 61
	global_load_dword v66, v[4:5], off offset:3328
	global_load_dword v67, v[4:5], off offset:3584
                                        ; kill: killed $vgpr3
                                        ; kill: killed $sgpr0_sgpr1
.Ltmp35:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 63
	s_nop 0
	global_load_dword v4, v[4:5], off offset:3840
	.loc	0 10 22 is_stmt 0               ; loops.cl:10:22
	v_add_u32_e32 v5, 0x400, v1
	.loc	0 10 24                         ; loops.cl:10:24
	v_mov_b32_e32 v3, 0
	s_mov_b32 s0, 0
.Ltmp36:
	.loc	0 13 23 is_stmt 1               ; loops.cl:13:23
	s_cmp_lt_i32 s7, 1
.Ltmp37:
	;DEBUG_VALUE: colsum:out <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	.loc	0 10 22                         ; loops.cl:10:22
	s_waitcnt vmcnt(62)
	ds_write2_b32 v1, v6, v7 offset1:65
.Ltmp38:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 2
	s_waitcnt vmcnt(60)
	ds_write2_b32 v1, v8, v9 offset0:130 offset1:195
.Ltmp39:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 4
	s_waitcnt vmcnt(58)
	ds_write2_b32 v5, v10, v11 offset0:4 offset1:69
.Ltmp40:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 6
	s_waitcnt vmcnt(56)
	ds_write2_b32 v5, v12, v13 offset0:134 offset1:199
.Ltmp41:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 8
	v_add_u32_e32 v5, 0x800, v1
	s_waitcnt vmcnt(54)
	ds_write2_b32 v5, v14, v15 offset0:8 offset1:73
.Ltmp42:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 10
	s_waitcnt vmcnt(52)
	ds_write2_b32 v5, v16, v17 offset0:138 offset1:203
.Ltmp43:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 12
	v_add_u32_e32 v5, 0xc00, v1
	s_waitcnt vmcnt(50)
	ds_write2_b32 v5, v18, v19 offset0:12 offset1:77
.Ltmp44:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 14
	s_waitcnt vmcnt(48)
	ds_write2_b32 v5, v20, v21 offset0:142 offset1:207
	v_add_u32_e32 v5, s4, v1
	s_waitcnt vmcnt(46)
	ds_write2_b32 v5, v23, v24 offset0:16 offset1:81
.Ltmp45:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 18
	s_waitcnt vmcnt(44)
	ds_write2_b32 v5, v25, v26 offset0:146 offset1:211
.Ltmp46:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 20
	v_add_u32_e32 v5, 0x1400, v1
	s_waitcnt vmcnt(42)
	ds_write2_b32 v5, v27, v28 offset0:20 offset1:85
.Ltmp47:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 22
	s_waitcnt vmcnt(40)
	ds_write2_b32 v5, v29, v30 offset0:150 offset1:215
.Ltmp48:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 24
	v_add_u32_e32 v5, 0x1800, v1
	s_waitcnt vmcnt(38)
	ds_write2_b32 v5, v31, v32 offset0:24 offset1:89
.Ltmp49:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 26
	s_waitcnt vmcnt(36)
	ds_write2_b32 v5, v33, v34 offset0:154 offset1:219
.Ltmp50:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 28
	v_add_u32_e32 v5, 0x1c00, v1
	s_waitcnt vmcnt(34)
	ds_write2_b32 v5, v35, v36 offset0:28 offset1:93
.Ltmp51:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 30
	s_waitcnt vmcnt(32)
	ds_write2_b32 v5, v37, v22 offset0:158 offset1:223
	v_add_u32_e32 v5, s5, v1
	s_waitcnt vmcnt(30)
	ds_write2_b32 v5, v39, v40 offset0:32 offset1:97
.Ltmp52:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 34
	s_waitcnt vmcnt(28)
	ds_write2_b32 v5, v41, v42 offset0:162 offset1:227
.Ltmp53:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 36
	v_add_u32_e32 v5, 0x2400, v1
	s_waitcnt vmcnt(26)
	ds_write2_b32 v5, v43, v44 offset0:36 offset1:101
.Ltmp54:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 38
	s_waitcnt vmcnt(24)
	ds_write2_b32 v5, v45, v46 offset0:166 offset1:231
.Ltmp55:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 40
	v_add_u32_e32 v5, 0x2800, v1
	s_waitcnt vmcnt(22)
	ds_write2_b32 v5, v47, v48 offset0:40 offset1:105
.Ltmp56:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 42
	s_waitcnt vmcnt(20)
	ds_write2_b32 v5, v49, v50 offset0:170 offset1:235
.Ltmp57:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 44
	v_add_u32_e32 v5, 0x2c00, v1
	s_waitcnt vmcnt(18)
	ds_write2_b32 v5, v51, v52 offset0:44 offset1:109
.Ltmp58:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 46
	s_waitcnt vmcnt(16)
	ds_write2_b32 v5, v53, v38 offset0:174 offset1:239
	v_add_u32_e32 v5, s8, v1
	s_waitcnt vmcnt(14)
	ds_write2_b32 v5, v2, v54 offset0:48 offset1:113
.Ltmp59:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 50
	s_waitcnt vmcnt(12)
	ds_write2_b32 v5, v55, v56 offset0:178 offset1:243
.Ltmp60:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 52
	v_add_u32_e32 v5, 0x3400, v1
	s_waitcnt vmcnt(10)
	ds_write2_b32 v5, v57, v58 offset0:52 offset1:117
.Ltmp61:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 54
	s_waitcnt vmcnt(8)
	ds_write2_b32 v5, v59, v60 offset0:182 offset1:247
.Ltmp62:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 56
	v_add_u32_e32 v5, 0x3800, v1
	s_waitcnt vmcnt(6)
	ds_write2_b32 v5, v61, v62 offset0:56 offset1:121
.Ltmp63:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 58
	s_waitcnt vmcnt(4)
	ds_write2_b32 v5, v63, v64 offset0:186 offset1:251
.Ltmp64:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 60
	v_add_u32_e32 v5, 0x3c00, v1
	s_waitcnt vmcnt(2)
	ds_write2_b32 v5, v65, v66 offset0:60 offset1:125
.Ltmp65:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 62
	s_waitcnt vmcnt(0)
	ds_write2_b32 v5, v67, v4 offset0:190 offset1:255
.Ltmp66:
	;DEBUG_VALUE: r <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 64
	.loc	0 11 5                          ; loops.cl:11:5
	; wave barrier
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0
.Ltmp67:
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0.000000e+00
	.loc	0 0 5 is_stmt 0                 ; loops.cl:0:5
	s_cbranch_scc1 .LBB0_8
.Ltmp68:
; %bb.1:
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0.000000e+00
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0
	;DEBUG_VALUE: colsum:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 13 5 is_stmt 1                ; loops.cl:13:5
	s_add_i32 s1, s7, -1
	s_cmp_lt_u32 s1, 7
	s_cbranch_scc1 .LBB0_4
.Ltmp69:
; %bb.2:
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0.000000e+00
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0
	;DEBUG_VALUE: colsum:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	s_and_b32 s1, s7, -8
	v_mul_u32_u24_e32 v4, 0x104, v0
	s_mov_b32 s0, 0
	v_mov_b32_e32 v3, 0
.Ltmp70:
.LBB0_3:                                ; =>This Inner Loop Header: Depth=1
	;DEBUG_VALUE: colsum:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] undef
	.loc	0 14 16                         ; loops.cl:14:16
	ds_read2_b64 v[6:9], v4 offset1:1
	ds_read2_b64 v[10:13], v4 offset0:2 offset1:3
	.loc	0 13 32                         ; loops.cl:13:32
	s_add_i32 s0, s0, 8
.Ltmp71:
	.loc	0 13 5 is_stmt 0                ; loops.cl:13:5
	v_add_u32_e32 v4, 32, v4
	s_cmp_eq_u32 s1, s0
.Ltmp72:
	.loc	0 14 13 is_stmt 1               ; loops.cl:14:13
	s_waitcnt lgkmcnt(1)
	v_add_f32_e32 v3, v3, v6
.Ltmp73:
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_or, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	v_add_f32_e32 v3, v3, v7
.Ltmp74:
	;DEBUG_VALUE: k <- [DW_OP_constu 2, DW_OP_or, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	v_add_f32_e32 v3, v3, v8
.Ltmp75:
	;DEBUG_VALUE: k <- [DW_OP_constu 3, DW_OP_or, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	v_add_f32_e32 v3, v3, v9
.Ltmp76:
	;DEBUG_VALUE: k <- [DW_OP_constu 4, DW_OP_or, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v3, v10
.Ltmp77:
	;DEBUG_VALUE: k <- [DW_OP_constu 5, DW_OP_or, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	v_add_f32_e32 v3, v3, v11
.Ltmp78:
	;DEBUG_VALUE: k <- [DW_OP_constu 6, DW_OP_or, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	v_add_f32_e32 v3, v3, v12
.Ltmp79:
	;DEBUG_VALUE: k <- [DW_OP_constu 7, DW_OP_or, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	v_add_f32_e32 v3, v3, v13
.Ltmp80:
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	.loc	0 0 13 is_stmt 0                ; loops.cl:0:13
	s_cbranch_scc0 .LBB0_3
	s_branch .LBB0_5
.Ltmp81:
.LBB0_4:
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0.000000e+00
	;DEBUG_VALUE: k <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0
	;DEBUG_VALUE: colsum:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	v_mov_b32_e32 v3, 0
.Ltmp82:
.LBB0_5:
	;DEBUG_VALUE: colsum:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	.loc	0 13 5 is_stmt 1                ; loops.cl:13:5
	s_and_b32 s1, s7, 7
	s_cmp_eq_u32 s1, 0
	s_cbranch_scc1 .LBB0_8
.Ltmp83:
; %bb.6:
	;DEBUG_VALUE: colsum:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	v_mul_u32_u24_e32 v4, 0x104, v0
	v_lshl_add_u32 v4, s0, 2, v4
.Ltmp84:
.LBB0_7:                                ; =>This Inner Loop Header: Depth=1
	;DEBUG_VALUE: colsum:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	;DEBUG_VALUE: k <- [DW_OP_LLVM_arg 0, DW_OP_consts 4, DW_OP_LLVM_arg 0, DW_OP_mul, DW_OP_consts 260, DW_OP_LLVM_arg 0, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg 0, DW_OP_plus, DW_OP_minus, DW_OP_consts 4, DW_OP_div, DW_OP_LLVM_arg 0, DW_OP_plus, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	.loc	0 14 16                         ; loops.cl:14:16
	ds_read_b32 v5, v4
.Ltmp85:
	.loc	0 13 5                          ; loops.cl:13:5
	s_add_i32 s1, s1, -1
	v_add_u32_e32 v4, 4, v4
	s_cmp_lg_u32 s1, 0
.Ltmp86:
	.loc	0 14 13                         ; loops.cl:14:13
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v3, v5
.Ltmp87:
	;DEBUG_VALUE: k <- [DW_OP_LLVM_arg 0, DW_OP_consts 4, DW_OP_LLVM_arg 0, DW_OP_mul, DW_OP_consts 260, DW_OP_LLVM_arg 0, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg 0, DW_OP_plus, DW_OP_minus, DW_OP_consts 4, DW_OP_div, DW_OP_consts 1, DW_OP_LLVM_arg 0, DW_OP_plus, DW_OP_plus, DW_OP_constu 1, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value] undef
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	.loc	0 0 13 is_stmt 0                ; loops.cl:0:13
	s_cbranch_scc1 .LBB0_7
.Ltmp88:
.LBB0_8:
	;DEBUG_VALUE: colsum:lid <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr0
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	;DEBUG_VALUE: u <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 0
	.loc	0 16 16 is_stmt 1               ; loops.cl:16:16
	ds_read_b32 v4, v1
	ds_read_b32 v5, v1 offset:4160
	ds_read_b32 v6, v1 offset:8320
.Ltmp89:
	.loc	0 17 30                         ; loops.cl:17:30
	v_lshl_or_b32 v0, s6, 6, v0
.Ltmp90:
	.loc	0 17 5 is_stmt 0                ; loops.cl:17:5
	v_mov_b32_e32 v1, 0
.Ltmp91:
	.loc	0 16 13 is_stmt 1               ; loops.cl:16:13
	s_waitcnt lgkmcnt(2)
	v_add_f32_e32 v3, v3, v4
.Ltmp92:
	;DEBUG_VALUE: u <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 1
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	s_waitcnt lgkmcnt(1)
	v_add_f32_e32 v3, v3, v5
.Ltmp93:
	;DEBUG_VALUE: u <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 2
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v3, v6
.Ltmp94:
	;DEBUG_VALUE: u <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 3
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr3
	.loc	0 17 5                          ; loops.cl:17:5
	v_lshlrev_b64 v[0:1], 2, v[0:1]
.Ltmp95:
	.loc	0 16 13                         ; loops.cl:16:13
	v_add_f32_e32 v2, v3, v2
.Ltmp96:
	;DEBUG_VALUE: u <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] 4
	;DEBUG_VALUE: colsum:acc <- [DW_OP_constu 1, DW_OP_swap, DW_OP_xderef] $vgpr2
	.loc	0 17 5                          ; loops.cl:17:5
	v_mov_b32_e32 v3, s3
	v_add_co_u32_e32 v0, vcc, s2, v0
	v_addc_co_u32_e32 v1, vcc, v3, v1, vcc
	.loc	0 17 37 is_stmt 0               ; loops.cl:17:37
	global_store_dword v[0:1], v2, off
	.loc	0 18 1 is_stmt 1                ; loops.cl:18:1
	s_endpgm
.Ltmp97:
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel colsum
		.amdhsa_group_segment_fixed_size 16640
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 68
		.amdhsa_next_free_sgpr 9
		.amdhsa_accum_offset 68
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
	.size	colsum, .Lfunc_end0-colsum
	.cfi_endproc
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 1388
; NumSgprs: 11
; NumVgprs: 68
; NumAgprs: 0
; TotalNumVgprs: 68
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 16640 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 8
; NumSGPRsForWavesPerEU: 11
; NumVGPRsForWavesPerEU: 68
; AccumOffset: 68
; Occupancy: 3
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 16
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
	.long	5                               ; Offset entry count
.Lloclists_table_base0:
	.long	.Ldebug_loc0-.Lloclists_table_base0
	.long	.Ldebug_loc1-.Lloclists_table_base0
	.long	.Ldebug_loc2-.Lloclists_table_base0
	.long	.Ldebug_loc3-.Lloclists_table_base0
	.long	.Ldebug_loc4-.Lloclists_table_base0
.Ldebug_loc0:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp0-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp1-.Lfunc_begin0           ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp1-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp2-.Lfunc_begin0           ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	16                              ; 16
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp2-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp3-.Lfunc_begin0           ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	1                               ; 1
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp3-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp4-.Lfunc_begin0           ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	3                               ; 3
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp4-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp5-.Lfunc_begin0           ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	5                               ; 5
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp5-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp6-.Lfunc_begin0           ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	7                               ; 7
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp6-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp7-.Lfunc_begin0           ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	9                               ; 9
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp7-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp8-.Lfunc_begin0           ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	11                              ; 11
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp8-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp9-.Lfunc_begin0           ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	13                              ; 13
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp9-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp10-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	15                              ; 15
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp10-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp11-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	17                              ; 17
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp11-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp12-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	19                              ; 19
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp12-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp13-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	21                              ; 21
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp13-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp14-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	23                              ; 23
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp14-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp15-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	25                              ; 25
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp15-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp16-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	27                              ; 27
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp16-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp17-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	29                              ; 29
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp17-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp18-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	31                              ; 31
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp18-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp19-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	32                              ; 32
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp19-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp20-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	33                              ; 33
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp20-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp21-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	35                              ; 35
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp21-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp22-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	37                              ; 37
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp22-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp23-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	39                              ; 39
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp23-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp24-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	41                              ; 41
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp24-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp25-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	43                              ; 43
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp25-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp26-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	45                              ; 45
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp26-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp27-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	47                              ; 47
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp27-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp28-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	48                              ; 48
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp28-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp29-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	49                              ; 49
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp29-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp30-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	51                              ; 51
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp30-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp31-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	53                              ; 53
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp31-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp32-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	55                              ; 55
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp32-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp33-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	57                              ; 57
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp33-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp34-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	59                              ; 59
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp34-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp35-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	61                              ; 61
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp35-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp38-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	63                              ; 63
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp38-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp39-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	2                               ; 2
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp39-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp40-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	4                               ; 4
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp40-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp41-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	6                               ; 6
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp41-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp42-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	8                               ; 8
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp42-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp43-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	10                              ; 10
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp43-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp44-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	12                              ; 12
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp44-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp45-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	14                              ; 14
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp45-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp46-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	18                              ; 18
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp46-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp47-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	20                              ; 20
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp47-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp48-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	22                              ; 22
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp48-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp49-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	24                              ; 24
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp49-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp50-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	26                              ; 26
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp50-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp51-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	28                              ; 28
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp51-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp52-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	30                              ; 30
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp52-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp53-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	34                              ; 34
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp53-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp54-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	36                              ; 36
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp54-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp55-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	38                              ; 38
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp55-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp56-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	40                              ; 40
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp56-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp57-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	42                              ; 42
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp57-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp58-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	44                              ; 44
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp58-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp59-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	46                              ; 46
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp59-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp60-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	50                              ; 50
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp60-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp61-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	52                              ; 52
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp61-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp62-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	54                              ; 54
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp62-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp63-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	56                              ; 56
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp63-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp64-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	58                              ; 58
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp64-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp65-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	60                              ; 60
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp65-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp66-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	62                              ; 62
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp66-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp68-.Lfunc_begin0          ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	192                             ; 64
	.byte	0                               ; 
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc1:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp0-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp90-.Lfunc_begin0          ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	146                             ; DW_OP_bregx
	.byte	128                             ; 2560
	.byte	20                              ; 
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc2:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp68-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp70-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp81-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp82-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc3:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp67-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp70-.Lfunc_begin0          ;   ending offset
	.byte	5                               ; Loc expr size
	.byte	48                              ; DW_OP_lit0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp70-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp81-.Lfunc_begin0          ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	146                             ; DW_OP_bregx
	.byte	131                             ; 2563
	.byte	20                              ; 
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp81-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp82-.Lfunc_begin0          ;   ending offset
	.byte	5                               ; Loc expr size
	.byte	48                              ; DW_OP_lit0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp84-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp96-.Lfunc_begin0          ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	146                             ; DW_OP_bregx
	.byte	131                             ; 2563
	.byte	20                              ; 
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp96-.Lfunc_begin0          ;   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      ;   ending offset
	.byte	7                               ; Loc expr size
	.byte	146                             ; DW_OP_bregx
	.byte	130                             ; 2562
	.byte	20                              ; 
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	0                               ; DW_LLE_end_of_list
.Ldebug_loc4:
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp88-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp92-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	0                               ; 0
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp92-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp93-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	1                               ; 1
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp93-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp94-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	2                               ; 2
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp94-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp96-.Lfunc_begin0          ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	3                               ; 3
	.byte	49                              ; DW_OP_lit1
	.byte	22                              ; DW_OP_swap
	.byte	24                              ; DW_OP_xderef
	.byte	159                             ; DW_OP_stack_value
	.byte	4                               ; DW_LLE_offset_pair
	.uleb128 .Ltmp96-.Lfunc_begin0          ;   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      ;   ending offset
	.byte	6                               ; Loc expr size
	.byte	17                              ; DW_OP_consts
	.byte	4                               ; 4
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
	.byte	11                              ; DW_FORM_data1
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
	.byte	12                              ; Abbreviation Code
	.byte	15                              ; DW_TAG_pointer_type
	.byte	0                               ; DW_CHILDREN_no
	.byte	73                              ; DW_AT_type
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	13                              ; Abbreviation Code
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
	.byte	1                               ; Abbrev [1] 0xc:0xba DW_TAG_compile_unit
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
	.byte	2                               ; Abbrev [2] 0x2b:0x61 DW_TAG_subprogram
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
	.long	140                             ; DW_AT_type
	.byte	0                               ; DW_AT_decl_file
	.byte	7                               ; DW_AT_decl_line
	.byte	4                               ; Abbrev [4] 0x3d:0x8 DW_TAG_formal_parameter
	.byte	15                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	5                               ; DW_AT_decl_line
	.long	182                             ; DW_AT_type
	.byte	4                               ; Abbrev [4] 0x45:0x8 DW_TAG_formal_parameter
	.byte	16                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	5                               ; DW_AT_decl_line
	.long	192                             ; DW_AT_type
	.byte	4                               ; Abbrev [4] 0x4d:0x8 DW_TAG_formal_parameter
	.byte	17                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	5                               ; DW_AT_decl_line
	.long	166                             ; DW_AT_type
	.byte	5                               ; Abbrev [5] 0x55:0x9 DW_TAG_variable
	.byte	1                               ; DW_AT_location
	.byte	9                               ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	8                               ; DW_AT_decl_line
	.long	170                             ; DW_AT_type
	.byte	5                               ; Abbrev [5] 0x5e:0x9 DW_TAG_variable
	.byte	3                               ; DW_AT_location
	.byte	13                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	12                              ; DW_AT_decl_line
	.long	158                             ; DW_AT_type
	.byte	6                               ; Abbrev [6] 0x67:0xc DW_TAG_lexical_block
	.byte	0                               ; DW_AT_ranges
	.byte	5                               ; Abbrev [5] 0x69:0x9 DW_TAG_variable
	.byte	0                               ; DW_AT_location
	.byte	7                               ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	9                               ; DW_AT_decl_line
	.long	166                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
	.byte	6                               ; Abbrev [6] 0x73:0xc DW_TAG_lexical_block
	.byte	1                               ; DW_AT_ranges
	.byte	5                               ; Abbrev [5] 0x75:0x9 DW_TAG_variable
	.byte	2                               ; DW_AT_location
	.byte	12                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	13                              ; DW_AT_decl_line
	.long	166                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
	.byte	6                               ; Abbrev [6] 0x7f:0xc DW_TAG_lexical_block
	.byte	2                               ; DW_AT_ranges
	.byte	5                               ; Abbrev [5] 0x81:0x9 DW_TAG_variable
	.byte	4                               ; DW_AT_location
	.byte	14                              ; DW_AT_name
	.byte	0                               ; DW_AT_decl_file
	.byte	15                              ; DW_AT_decl_line
	.long	166                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
	.byte	0                               ; End Of Children Mark
	.byte	7                               ; Abbrev [7] 0x8c:0x12 DW_TAG_array_type
	.long	158                             ; DW_AT_type
	.byte	8                               ; Abbrev [8] 0x91:0x6 DW_TAG_subrange_type
	.long	162                             ; DW_AT_type
	.byte	64                              ; DW_AT_count
	.byte	8                               ; Abbrev [8] 0x97:0x6 DW_TAG_subrange_type
	.long	162                             ; DW_AT_type
	.byte	65                              ; DW_AT_count
	.byte	0                               ; End Of Children Mark
	.byte	9                               ; Abbrev [9] 0x9e:0x4 DW_TAG_base_type
	.byte	4                               ; DW_AT_name
	.byte	4                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	10                              ; Abbrev [10] 0xa2:0x4 DW_TAG_base_type
	.byte	5                               ; DW_AT_name
	.byte	8                               ; DW_AT_byte_size
	.byte	7                               ; DW_AT_encoding
	.byte	9                               ; Abbrev [9] 0xa6:0x4 DW_TAG_base_type
	.byte	8                               ; DW_AT_name
	.byte	5                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	11                              ; Abbrev [11] 0xaa:0x8 DW_TAG_typedef
	.long	178                             ; DW_AT_type
	.byte	11                              ; DW_AT_name
	.byte	1                               ; DW_AT_decl_file
	.byte	98                              ; DW_AT_decl_line
	.byte	9                               ; Abbrev [9] 0xb2:0x4 DW_TAG_base_type
	.byte	10                              ; DW_AT_name
	.byte	7                               ; DW_AT_encoding
	.byte	4                               ; DW_AT_byte_size
	.byte	12                              ; Abbrev [12] 0xb6:0x5 DW_TAG_pointer_type
	.long	187                             ; DW_AT_type
	.byte	13                              ; Abbrev [13] 0xbb:0x5 DW_TAG_const_type
	.long	158                             ; DW_AT_type
	.byte	12                              ; Abbrev [12] 0xc0:0x5 DW_TAG_pointer_type
	.long	158                             ; DW_AT_type
	.byte	0                               ; End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_rnglists
	.long	.Ldebug_list_header_end1-.Ldebug_list_header_start1 ; Length
.Ldebug_list_header_start1:
	.short	5                               ; Version
	.byte	8                               ; Address size
	.byte	0                               ; Segment selector size
	.long	3                               ; Offset entry count
.Lrnglists_table_base0:
	.long	.Ldebug_ranges0-.Lrnglists_table_base0
	.long	.Ldebug_ranges1-.Lrnglists_table_base0
	.long	.Ldebug_ranges2-.Lrnglists_table_base0
.Ldebug_ranges0:
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp0-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp36-.Lfunc_begin0          ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp37-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp66-.Lfunc_begin0          ;   ending offset
	.byte	0                               ; DW_RLE_end_of_list
.Ldebug_ranges1:
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp36-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp37-.Lfunc_begin0          ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp68-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp88-.Lfunc_begin0          ;   ending offset
	.byte	0                               ; DW_RLE_end_of_list
.Ldebug_ranges2:
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp88-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp89-.Lfunc_begin0          ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp91-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp94-.Lfunc_begin0          ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp95-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp96-.Lfunc_begin0          ;   ending offset
	.byte	0                               ; DW_RLE_end_of_list
.Ldebug_list_header_end1:
	.section	.debug_str_offsets
	.long	76                              ; Length of String Offsets Set
	.short	5
	.short	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 14.0.6"   ; string offset=0
.Linfo_string1:
	.asciz	"loops.cl"                      ; string offset=28
.Linfo_string2:
	.asciz	"/work/wt-amdgcn2/tests/amdgcn" ; string offset=37
.Linfo_string3:
	.asciz	"tile"                          ; string offset=67
.Linfo_string4:
	.asciz	"float"                         ; string offset=72
.Linfo_string5:
	.asciz	"__ARRAY_SIZE_TYPE__"           ; string offset=78
.Linfo_string6:
	.asciz	"colsum"                        ; string offset=98
.Linfo_string7:
	.asciz	"r"                             ; string offset=105
.Linfo_string8:
	.asciz	"int"                           ; string offset=107
.Linfo_string9:
	.asciz	"lid"                           ; string offset=111
.Linfo_string10:
	.asciz	"unsigned int"                  ; string offset=115
.Linfo_string11:
	.asciz	"uint"                          ; string offset=128
.Linfo_string12:
	.asciz	"k"                             ; string offset=133
.Linfo_string13:
	.asciz	"acc"                           ; string offset=135
.Linfo_string14:
	.asciz	"u"                             ; string offset=139
.Linfo_string15:
	.asciz	"in"                            ; string offset=141
.Linfo_string16:
	.asciz	"out"                           ; string offset=144
.Linfo_string17:
	.asciz	"rows"                          ; string offset=148
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
      - .name:           rows
        .offset:         16
        .size:           4
        .type_name:      int
        .value_kind:     by_value
    .group_segment_fixed_size: 16640
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .language:       OpenCL C
    .language_version:
      - 2
      - 0
    .max_flat_workgroup_size: 64
    .name:           colsum
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 64
      - 1
      - 1
    .sgpr_count:     11
    .sgpr_spill_count: 0
    .symbol:         colsum.kd
    .vgpr_count:     68
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
