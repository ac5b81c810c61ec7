// The built-in animated scene, generated on the GPU so live frames never cross the PCIe bus.
#include "kernels/common/cuda_check.hpp"
#include "kernels/conv2d/demo_scene.cuh"
#include "kernels/conv2d/demo_scene.hpp"

namespace tilescope::cuda {
namespace {

// Rows `pitch` floats apart; the padding right of the image gets zeros.
__global__ void demo_scene_kernel(DemoFrame f, float* __restrict__ out, int pitch, float t) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < pitch && y < f.height) out[y * pitch + x] = x < f.width ? demo_scene_value(f, x, y, t) : 0.0f;
}

}  // namespace

void render_demo_scene(DemoScene scene, float* d_out, int width, int height, int pitch, float t, cudaStream_t stream) {
  const dim3 block(32, 8), grid((pitch + 31) / 32, (height + 7) / 8);
  demo_scene_kernel<<<grid, block, 0, stream>>>(demo_frame(scene, width, height, t), d_out, pitch, t);
  check_launch("demo_scene_kernel");
}

}  // namespace tilescope::cuda
