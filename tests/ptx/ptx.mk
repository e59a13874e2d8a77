# Remake the compiled test kernels' PTX (README.md):  make -f ptx.mk
# Needs nvcc; the tests themselves read the committed .ptx files.
NVCC ?= nvcc
KERNELS = cpasync histogram inlined ldmatrix loopparam loops predicated reduce sgemm transpose vectorised

all: $(KERNELS:=.ptx)

%.ptx: %.cu
	$(NVCC) -ptx -lineinfo -arch=sm_80 $< -o $@
