# writes to one address: the OpenCL guide (Gen9-Gen11) says writes to one bank always conflict, even to one address; the oneAPI guide describes conflicts as different addresses in one bank.  lds-calc follows the first, and says where the guides disagree; set write_merge yes reads the other
for a in gen9 xe-hpg xe2 xe-hpc; do lds -a $a 'write f32[0]; read f32[0]' | grep -v '^#'; done
lds -a xe2 'set write_merge yes; write f32[0]' | grep -v '^#'
lds --arch-info xe2 | grep -o 'Same-address writes: .*the other reading)'
