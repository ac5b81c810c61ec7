// What a frame of the stencil3d view asks (app/ui/frame_cost.hpp): its steps per frame, each a
// sweep of the grid (2 flops a point of the stencil a cell, the grid read and written once), in
// launches of p.steps steps until the frame's budget is spent.
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
  // A frame launches p.steps steps at a time until its budget is spent (HeatSimulation::step): the
  // shell's frame_work sets the budget, the window's or none (headless).
  w.stops_at_budget = true;
  w.launch_flops = sweep_flops * p.steps;
  w.launch_bytes = compulsory_bytes(p) * p.steps;
  w.check_flops = w.launch_flops;  // a check runs one launch on the CPU reference
  w.what = "stencil3d " + std::to_string(grid) + "^3, " + std::to_string(st.iterations) + " steps a frame (" +
           std::to_string(p.points()) + " points)";
  return w;
}

}  // namespace tilescope
