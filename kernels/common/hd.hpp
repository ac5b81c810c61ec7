#pragma once
// TS_HD marks geometry helpers that the CUDA kernels and the host (CPU emulation, overlays, CLI)
// share, so that the index math exists exactly once.
#if defined(__CUDACC__)
#define TS_HD __host__ __device__ __forceinline__
#else
#define TS_HD inline
#endif
