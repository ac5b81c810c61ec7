#include "kernels/common/cuda_check.hpp"
#include "tests/common/counter_probes.cuh"

namespace tilescope::test {
namespace {

__global__ void copy_floats(const float4* src, float4* dst, std::size_t n4) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x)
    dst[i] = src[i];
}

// The row writes (lane i writes s_a[c][i]: consecutive banks) are conflict-free at both widths;
// only the column reads differ. The reads go through a volatile row so that each is one 4-byte
// load (at width 32 the compiler would otherwise read a row with 16-byte loads).
template <int kWidth>
__global__ void column_walk(float* out) {
  __shared__ float s_a[32][kWidth];
  const int lane = threadIdx.x;
  for (int c = 0; c < 32; ++c) s_a[c][lane] = float(c * 32 + lane + blockIdx.x);
  __syncwarp();
  const volatile float* row = s_a[lane];
  float sum = 0;
  for (int c = 0; c < 32; ++c) sum += row[c];  // lane i: row i, column c
  out[blockIdx.x * 32 + lane] = sum;
}

}  // namespace

void launch_copy(const float* d_src, float* d_dst, std::size_t n) {
  copy_floats<<<1024, 256>>>(reinterpret_cast<const float4*>(d_src), reinterpret_cast<float4*>(d_dst), n / 4);
  cuda::check_launch("copy_floats");
}

void launch_column_walk(int width, int blocks, float* d_out) {
  if (width == 32)
    column_walk<32><<<blocks, 32>>>(d_out);
  else
    column_walk<33><<<blocks, 32>>>(d_out);
  cuda::check_launch("column_walk");
}

}  // namespace tilescope::test
