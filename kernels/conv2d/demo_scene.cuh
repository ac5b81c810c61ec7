#pragma once
#include <cuda_runtime.h>

#include "kernels/conv2d/demo_scene.hpp"

namespace tilescope::cuda {

// Fills d_out (width x height floats) with demo_scene_value at time t.
void render_demo_scene(DemoScene scene, float* d_out, int width, int height, float t, cudaStream_t stream = nullptr);

}  // namespace tilescope::cuda
