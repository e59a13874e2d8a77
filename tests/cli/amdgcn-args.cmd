# -D by the argument's name: the histogram's bin (lid * stride) & 255.
lds -f ../amdgcn/histogram.s -D stride=4
