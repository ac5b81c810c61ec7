#pragma once
// The CPU backend's demo source: demo_scene_value (demo_scene.hpp) for every pixel of a frame,
// vectorised with Highway along the rows and split into bands of rows over the CPU threads. The
// same scenes as the CUDA source; sin and exp are Highway's (within a few ulp of sinf and expf).
#include "kernels/conv2d/demo_scene.hpp"

namespace tilescope {

// out[y * width + x] = demo_scene_value(demo_frame(scene, width, height, t), x, y, t), to float32
// rounding (a checkerboard cell's edge may fall one pixel over).
void demo_scene_cpu(DemoScene scene, float* out, int width, int height, float t);

}  // namespace tilescope
