#pragma once
// A backend's 1D convolution: the signal stays where the engine computes between runs.
#include <memory>
#include <vector>

#include "kernels/common/breaks.hpp"
#include "kernels/common/engine.hpp"
#include "kernels/conv1d/filter.hpp"
#include "kernels/conv1d/params.hpp"

namespace tilescope {

class Conv1dEngine : public EngineBase {
 public:
  using EngineBase::EngineBase;

  virtual void load_input(const float* h_in, int length) = 0;
  // Runs p.strategy on the resident input (p.length elements): kernel time in ms.
  // Throws InvalidInput for parameters the device cannot run, BackendError when it fails.
  virtual double run(const Conv1dParams& p, const Filter1d& f) = 0;
  // p.strategy broken on purpose by `bug` (broken.hpp), on the resident input: kernel time in ms.
  // Throws InvalidInput where break_problem says why not.
  virtual double run_broken(const Conv1dParams& p, Break bug, const Filter1d& f) = 0;
  virtual void read_output(float* h_out) const = 0;
  // Device pointers of the resident signal and output (null on the CPU): bench's yardstick runs
  // the book's kernels on them.
  virtual const float* device_input() const { return nullptr; }
  virtual float* device_output() const { return nullptr; }

  // One-shot: h_out = h_in correlated with f (zero ghost cells) by p.strategy, `reps` times;
  // returns each repetition's kernel time in ms.
  // On CUDA the pointers may be device memory too (cuda::kCallerMemory: the Python module's arrays).
  std::vector<double> conv1d(const Conv1dParams& p, const Filter1d& f, const float* h_in, float* h_out, int reps = 1);
  // One-shot with a bug: h_out = what the broken kernel writes; returns the kernel time in ms.
  double conv1d_broken(const Conv1dParams& p, Break bug, const Filter1d& f, const float* h_in, float* h_out);
};

// validate_launch plus: the filter has 2n + 1 weights and p.length is the resident signal's
// length. Engines call it before running.
void validate_conv1d_run(const Conv1dParams& p, const Filter1d& f, const DeviceLimits& limits, int resident_length);
// validate_conv1d_run plus: p.strategy can run `bug` (break_problem).
void validate_conv1d_broken_run(const Conv1dParams& p, Break bug, const Filter1d& f, const DeviceLimits& limits,
                                int resident_length);

// The engines of each backend (Conv1dPattern::make_engine picks the backend's).
std::unique_ptr<Conv1dEngine> make_cpu_conv1d_engine();
std::unique_ptr<Conv1dEngine> make_cuda_conv1d_engine(const DeviceLimits& limits);  // CUDA builds only

}  // namespace tilescope
