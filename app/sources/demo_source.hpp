#pragma once
// The built-in live image: moving rings, a rotating bar chart of edges and soft blobs, so that
// blur, sharpen and edge filters all show something, and the picture moves every frame.
#include "kernels/image.hpp"

namespace tilescope {

// Fills `img` (its size is kept) with the demo scene at time t seconds, values in [0, 1].
void render_demo(Image& img, double t);

}  // namespace tilescope
