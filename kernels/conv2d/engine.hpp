#pragma once
// A backend's 2D convolution: the resident frame (input and output) stays where the engine
// computes between runs (the GPU for CUDA), so the app moves no image through the host unless
// it asks to.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/common/engine.hpp"
#include "kernels/conv2d/broken_block.hpp"
#include "kernels/conv2d/demo_scene.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope {

class Conv2dEngine : public EngineBase {
 public:
  using EngineBase::EngineBase;
  // Resident blocks per SM for this launch (CUDA occupancy calculator); none on the CPU.
  virtual std::optional<int> blocks_per_sm(const Conv2dParams&) const { return std::nullopt; }

  virtual void load_input(const float* h_in, int width, int height) = 0;
  // A built-in animated scene at time t, generated where the kernels run.
  virtual void render_demo_input(DemoScene scene, int width, int height, float t) = 0;
  // Runs p.strategy on the resident input (sized as p.width x p.height): kernel time in ms.
  // Throws InvalidInput for parameters the device cannot run, BackendError when it fails.
  virtual double run(const Conv2dParams& p, const Filter2d& f) = 0;
  // p.strategy broken on purpose by `bug` (broken.hpp), on the resident input: kernel time in ms.
  // Throws InvalidInput where break_problem says why not.
  virtual double run_broken(const Conv2dParams& p, Break bug, const Filter2d& f) = 0;
  virtual void read_input(float* h_in) const = 0;
  virtual void read_output(float* h_out) const = 0;
  // Device pointers of the resident images (null on the CPU): for CUDA-GL interop, and for bench's
  // yardstick, which runs the book's kernels on them. Their rows are row_pitch() floats apart: the
  // width, or after a run of fast, separable or sliding conv2d_row_pitch (geometry.hpp).
  virtual const float* device_input() const { return nullptr; }
  virtual float* device_output() const { return nullptr; }
  virtual int row_pitch() const { return 0; }

  // One-shot: h_out = h_in correlated with f (zero ghost cells) by p.strategy, `reps` times;
  // returns each repetition's kernel time in ms.
  // On CUDA the pointers may be device memory too (cuda::kCallerMemory: the Python module's arrays).
  std::vector<double> conv2d(const Conv2dParams& p, const Filter2d& f, const float* h_in, float* h_out, int reps = 1);
  // One-shot with a bug: h_out = what the broken kernel writes; returns the kernel time in ms.
  double conv2d_broken(const Conv2dParams& p, Break bug, const Filter2d& f, const float* h_in, float* h_out);
};

// What only the filter rules out, or nothing: separable runs rank-1 filters (filter_rank.hpp).
std::optional<std::string> filter_problem(const Conv2dParams& p, const Filter2d& f);
// validate_launch plus: the filter's size matches the radius, and filter_problem. Engines call it
// before running.
void validate_conv2d_run(const Conv2dParams& p, const Filter2d& f, const DeviceLimits& limits);
// validate_conv2d_run plus: p.strategy can run `bug` (break_problem).
void validate_conv2d_broken_run(const Conv2dParams& p, Break bug, const Filter2d& f, const DeviceLimits& limits);

// The engines of each backend (Conv2dPattern::make_engine picks the backend's).
std::unique_ptr<Conv2dEngine> make_cpu_conv2d_engine();
std::unique_ptr<Conv2dEngine> make_cuda_conv2d_engine(const DeviceLimits& limits);  // CUDA builds only

}  // namespace tilescope
