#pragma once
#include <cuda_runtime.h>

#include "kernels/conv2d/demo_scene.hpp"

namespace tilescope::cuda {

// Fills d_out (height rows of width floats, `pitch` floats apart) with demo_scene_value at time t,
// and the padding right of each row with zeros.
void render_demo_scene(DemoScene scene, float* d_out, int width, int height, int pitch, float t,
                       cudaStream_t stream = nullptr);

}  // namespace tilescope::cuda
