// The built-in animated scene, generated on the GPU so live frames never cross the PCIe bus.
#include "kernels/common/cuda_check.hpp"
#include "kernels/conv2d/demo_scene.cuh"
#include "kernels/conv2d/demo_scene.hpp"

namespace tilescope::cuda {
namespace {

__global__ void demo_scene_kernel(DemoScene scene, float* __restrict__ out, int width, int height, float t) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) out[y * width + x] = demo_scene_value(scene, x, y, width, height, t);
}

}  // namespace

void render_demo_scene(DemoScene scene, float* d_out, int width, int height, float t, cudaStream_t stream) {
  const dim3 block(32, 8), grid((width + 31) / 32, (height + 7) / 8);
  demo_scene_kernel<<<grid, block, 0, stream>>>(scene, d_out, width, height, t);
  check_launch("demo_scene_kernel");
}

}  // namespace tilescope::cuda
