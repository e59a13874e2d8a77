# Remake the test kernels' AMDGPU assembly (README.md):  make -f amdgcn.mk
# Needs clang (14 made the committed files); the tests read the committed .s files.
CLANG ?= clang
KERNELS = transpose reduce histogram loops helper vector matmul clear

all: $(KERNELS:=.s) transpose_hip.s clear_gfx1030.s

%.s: %.cl clmin.h
	$(CLANG) -S -O2 -g -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib -x cl -cl-std=CL2.0 -cl-kernel-arg-info $< -o $@

# HIP, without the HIP headers (hipmin.h gives what the kernels use):
transpose_hip.s: transpose_hip.hip hipmin.h
	$(CLANG) -S -O2 -g -x hip --cuda-device-only -nogpulib -nogpuinc --offload-arch=gfx90a $< -o $@

# wave32 (RDNA2): the lane masks are single SGPRs
clear_gfx1030.s: clear.cl clmin.h
	$(CLANG) -S -O2 -g -target amdgcn-amd-amdhsa -mcpu=gfx1030 -nogpulib -x cl -cl-std=CL2.0 -cl-kernel-arg-info $< -o $@
