#pragma once
// A backend's resident 3D grid for the stencil pattern: two buffers that the simulation
// ping-pongs between (current -> next, then advance), kept where the kernels run.
#include <memory>
#include <optional>
#include <vector>

#include "kernels/common/breaks.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/heat_sources.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

enum class GridBuffer { current, next };

class Stencil3dEngine {
 public:
  virtual ~Stencil3dEngine() = default;
  // Resident blocks per SM for this launch (CUDA occupancy calculator); none on the CPU.
  virtual std::optional<int> blocks_per_sm(const Stencil3dParams&) const { return std::nullopt; }
  virtual void reset(int width, int height, int depth) = 0;                      // current = next = zeros
  virtual void load(const float* h_grid, int width, int height, int depth) = 0;  // into current
  // Holds the cells the sources cover at their temperature, in the current grid.
  virtual void inject(const HeatSources& sources) = 0;
  // next = one step of p.strategy applied to current (sized as p's grid); kernel time in ms.
  // Throws InvalidInput for parameters the device cannot run, BackendError when it fails.
  virtual double run(const Stencil3dParams& p, const StencilCoeffs& c) = 0;
  // next = one step of p.strategy broken on purpose by `bug` (broken.hpp); kernel time in ms.
  // Throws InvalidInput where break_problem says why not.
  virtual double run_broken(const Stencil3dParams& p, Break bug, const StencilCoeffs& c) = 0;
  virtual void advance() = 0;  // next becomes current
  virtual void read(GridBuffer which, float* h_grid) const = 0;
  virtual void read_slice(GridBuffer which, int z, float* h_slice) const = 0;
  // Device pointer of a grid (null on the CPU): the current one for CUDA-GL interop; both for
  // bench's yardstick, which runs the book's kernels from current into next. Its cells are where
  // layout() says: dense, or after a fast run stencil_layout's (geometry.hpp); none on the CPU.
  virtual float* device_grid(GridBuffer) const { return nullptr; }
  virtual StencilGridLayout layout() const { return {0, 0}; }

  // One-shot: h_out = p.steps steps from h_in (run's), run `reps` times; each repetition's kernel ms.
  // On CUDA the pointers may be device memory too (cuda::kCallerMemory: the Python module's arrays).
  std::vector<double> apply(const Stencil3dParams& p, const StencilCoeffs& c, const float* h_in, float* h_out,
                            int reps = 1);
  // One-shot with a bug: h_out = what the broken kernel writes from h_in; the kernel's ms.
  double apply_broken(const Stencil3dParams& p, Break bug, const StencilCoeffs& c, const float* h_in, float* h_out);
};

// The engines of each backend (Stencil3dPattern::make_engine picks the backend's).
std::unique_ptr<Stencil3dEngine> make_cpu_stencil3d_engine();
std::unique_ptr<Stencil3dEngine> make_cuda_stencil3d_engine(const DeviceLimits& limits);  // CUDA builds only

// validate_launch plus: the coefficients' order matches p.order. Engines call it before running.
void validate_stencil3d_run(const Stencil3dParams& p, const StencilCoeffs& c, const DeviceLimits& limits);
// Throws InvalidInput when p's grid is not the resident width x height x depth.
void check_resident_grid(const Stencil3dParams& p, int width, int height, int depth);
// validate_stencil3d_run plus: p.strategy can run `bug` (break_problem).
void validate_stencil3d_broken_run(const Stencil3dParams& p, Break bug, const StencilCoeffs& c,
                                   const DeviceLimits& limits);

}  // namespace tilescope
