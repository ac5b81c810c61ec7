// What a frame of the stencil3d view asks (app/ui/frame_cost.hpp): its steps per frame, each a
// sweep of the grid (2 flops a point of the stencil a cell, the grid read and written once).
#include <string>

#include "app/stencil3d/app_pattern.hpp"
#include "app/ui/frame_cost.hpp"
#include "kernels/stencil3d/model.hpp"

namespace tilescope {

FrameWork Stencil3dApp::frame_work(const Ui& st) {
  Stencil3dParams p = st.params;
  const int grid = st.grid > 0 ? st.grid : 64;  // not chosen: the view's grid on the CPU (128 on a GPU, light there)
  p.width = p.height = p.depth = grid;
  const double sweep_flops = 2.0 * p.points() * double(p.cells());
  FrameWork w;
  w.flops = sweep_flops * st.iterations;
  w.bytes = compulsory_bytes(p) * st.iterations;
  w.check_flops = sweep_flops * p.steps;  // a check runs one launch on the CPU reference
  w.what = "stencil3d " + std::to_string(grid) + "^3, " + std::to_string(st.iterations) + " steps a frame (" +
           std::to_string(p.points()) + " points)";
  return w;
}

}  // namespace tilescope
