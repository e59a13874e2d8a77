# Remake the compiled test kernels' PTX (README.md):  make -f ptx.mk
# Needs nvcc; the tests themselves read the committed .ptx files.
NVCC ?= nvcc
KERNELS = cpasync histogram inlined ldmatrix loopparam loops predicated reduce sgemm transpose vectorised

all: $(KERNELS:=.ptx)

%.ptx: %.cu
	$(NVCC) -ptx -lineinfo -arch=sm_80 $< -o $@

# predicated.ptx as if compiled on another machine: its .file names a path
# that is not here, and no edges.cu lies beside it (records fall back to
# the PTX instruction's text, placed at the source line all the same).
nosource.ptx: predicated.ptx
	sed 's|\.file\t1 "[^"]*"|.file\t1 "/build/kernels/edges.cu"|' $< > $@
