#pragma once
// The stencil3d view's compute step: a 3D heat-diffusion simulation resident on the backend.
// Each frame runs the steps per frame as launches of p.steps steps each (temporal fuses them in one
// kernel, the others sweep p.steps times), holding the moving heat sources before every launch, and
// ping-ponging two grids. A frame stops launching once it has spent the window's work budget
// (CommonState::work_budget_ms; none headless): heavy settings slow the simulation, not the window. If the device fails
// it falls back to the CPU backend and says so (EngineOnBackend); the grid restarts cold there.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/common/breaks.hpp"
#include "kernels/common/engine_on_backend.hpp"
#include "kernels/stencil3d/engine.hpp"

namespace tilescope {

class HeatSimulation {
 public:
  explicit HeatSimulation(const std::string& backend_name);

  void set_backend(const std::string& name);     // the grid restarts cold on the new backend
  void reset(int width, int height, int depth);  // a cold grid holding the sources at t = 0
  // Until `iterations` steps ran or budget_ms of wall time is spent (0: no budget; a frame always runs
  // one launch): hold the sources at time t, one launch of p (p.steps steps; the last one fewer where
  // they do not divide), advance. False (with problem() set) when p cannot run on this backend.
  bool step(const Stencil3dParams& p, const StencilCoeffs& c, int iterations, float t, double budget_ms);
  // The longest launch (in steps, 1..kMaxStencil3dSteps) that fits budget_ms at the last frame's time
  // per step (0: no budget, the longest): the view's p.steps is at most this.
  int affordable_steps(double budget_ms) const;
  // One launch of p from the current state into `next`, not kept: the ladder's (ms).
  double launch_once(const Stencil3dParams& p, const StencilCoeffs& c) { return compute_.engine().run(p, c); }
  // One launch of p from the current state on the backend against p.steps sweeps of the CPU
  // reference (max abs error).
  void check(const Stencil3dParams& p, const StencilCoeffs& c);
  // Break it: one step of p broken by `bug` from the current state, not kept (the simulation runs
  // the book's kernel). Slice z of it into h_broken and of the reference step into h_reference
  // (width x height floats each). Returns the rounding tolerance past which a cell is damaged, or
  // nothing (with problem() set) when p cannot run the bug.
  std::optional<double> broken_step(const Stencil3dParams& p, const StencilCoeffs& c, Break bug, int z, float* h_broken,
                                    float* h_reference);
  // Slice z of the current grid, read back to the host (the upload path): width x height floats.
  void read_slice(int z, float* h_slice) const { compute_.engine().read_slice(GridBuffer::current, z, h_slice); }

  const Backend& backend() const { return compute_.backend(); }
  const Stencil3dEngine& engine() const { return compute_.engine(); }
  int width() const { return width_; }
  int height() const { return height_; }
  int depth() const { return depth_; }
  const std::string& requested_backend() const { return compute_.requested_backend(); }
  const std::string& note() const { return compute_.note(); }
  const std::string& problem() const { return problem_; }
  double kernel_ms() const { return kernel_ms_; }   // all launches of the last frame
  int frame_steps() const { return frame_steps_; }  // the steps they ran
  int frame_launches() const { return frame_launches_; }
  long long steps() const { return steps_; }
  std::optional<double> max_abs_error() const { return max_abs_error_; }
  double tolerance() const { return tolerance_; }

 private:
  EngineOnBackend<Stencil3dEngine> compute_;
  std::string problem_;
  int width_ = 0, height_ = 0, depth_ = 0;
  double kernel_ms_ = 0, tolerance_ = 0;
  double step_ms_ = 0;  // wall time per step of the last frame's launches (the budget's yardstick)
  int frame_steps_ = 0, frame_launches_ = 0;
  long long steps_ = 0;
  std::optional<double> max_abs_error_;
};

}  // namespace tilescope
