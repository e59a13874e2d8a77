// Sorting networks in the manner of the CUDA samples' bitonicSort: the
// compare-and-swap of two key/value pairs is a helper whose body is in
// another file (a project's common header), so only its declaration is
// here.  lds-calc cannot see what it does with the shared elements it
// takes by reference: each is a record "not modelled" (it may read and
// write them), never counted as a plain read.  An argument a declared
// helper takes by value is read at the call, and that read is counted.
// Written for lds-calc's tests.
#define SHARED_SIZE_LIMIT 1024U

typedef unsigned int uint;

__device__ void Comparator(uint &keyA, uint &valA, uint &keyB, uint &valB, uint dir);
__device__ uint keyBits(uint key);
__device__ uint rankOf(const uint &key);

__global__ void bitonicSortShared(uint *d_DstKey, uint *d_DstVal, const uint *d_SrcKey, const uint *d_SrcVal, uint dir)
{
    __shared__ uint s_key[SHARED_SIZE_LIMIT];
    __shared__ uint s_val[SHARED_SIZE_LIMIT];
    s_key[threadIdx.x] = d_SrcKey[threadIdx.x];
    s_val[threadIdx.x] = d_SrcVal[threadIdx.x];
    for (uint size = 2; size < SHARED_SIZE_LIMIT; size <<= 1) {
        uint ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
        for (uint stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            uint pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride], s_val[pos + stride], ddd);
        }
    }
    __syncthreads();
    d_DstKey[threadIdx.x] = keyBits(s_key[threadIdx.x]);
    d_DstVal[threadIdx.x] = rankOf(s_val[threadIdx.x]);
}

// The same network's merge step with the helper declared nowhere in the
// file (its header was not found): whether it takes the elements by
// reference is not known, so they are not modelled either; a compiler
// intrinsic takes its argument by value, a read.
__global__ void oddEvenMergeShared(uint *d_DstKey, const uint *d_SrcKey, uint dir)
{
    __shared__ uint s_key[SHARED_SIZE_LIMIT];
    s_key[threadIdx.x] = d_SrcKey[threadIdx.x];
    __syncthreads();
    uint pos = 2 * threadIdx.x;
    ComparatorKey(s_key[pos], s_key[pos + 1], dir);
    __syncthreads();
    d_DstKey[threadIdx.x] = __brev(s_key[threadIdx.x]);
}
