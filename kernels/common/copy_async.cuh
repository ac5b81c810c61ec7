#pragma once
// cp.async (sm_80 and later): a global-to-shared copy that skips the registers, so a thread issues
// all its copies back to back and computes while they fly. src_bytes = 0 writes zeros without
// reading (ghost cells); `src` must still be a valid address. Older GPUs (the build's sm_75) copy
// through registers instead: same result, less overlap.
#include <cuda_runtime.h>

namespace tilescope::cuda {

// kFloats = 4: 16 bytes, through L2 only (.cg); kFloats = 1: 4 bytes (rows that are not whole float4s,
// or a transposing copy), which .cg cannot copy, so through L1 (.ca).
template <int kFloats>
__device__ __forceinline__ void copy_async(float* s_dst, const float* src, bool valid) {
  static_assert(kFloats == 1 || kFloats == 4, "cp.async copies 4 or 16 bytes here");
#if __CUDA_ARCH__ >= 800
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(s_dst));
  if constexpr (kFloats == 4)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(src), "r"(valid ? 16 : 0)
                 : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(dst), "l"(src), "r"(valid ? 4 : 0) : "memory");
#else
  if constexpr (kFloats == 4)
    *reinterpret_cast<float4*>(s_dst) = valid ? *reinterpret_cast<const float4*>(src) : make_float4(0, 0, 0, 0);
  else
    *s_dst = valid ? *src : 0.0f;
#endif
}

// Closes a group of this thread's copies: copy_async_wait_prior counts groups.
__device__ __forceinline__ void copy_async_commit() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}

// Waits until at most `kInFlight` of this thread's most recent groups are still copying.
template <int kInFlight>
__device__ __forceinline__ void copy_async_wait_prior() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kInFlight) : "memory");
#endif
}

// Waits for all of this thread's copies; clobbers "memory", so the compiler cannot move shared
// reads above it.
__device__ __forceinline__ void copy_async_wait() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_all;\n" ::: "memory");
#endif
}

}  // namespace tilescope::cuda
