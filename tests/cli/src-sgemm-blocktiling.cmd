lds --lang cuda --threads 256 -D BM=128 -D BN=128 -D BK=8 -D TM=8 -D TN=8 -D M=4096 -D N=4096 -D K=4096 --arch sm80 -f -
