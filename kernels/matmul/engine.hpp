#pragma once
// A backend's matrix multiplication: M and N stay where the engine computes between runs.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/common/breaks.hpp"
#include "kernels/common/engine.hpp"
#include "kernels/matmul/params.hpp"

namespace tilescope {

// Device pointers of an engine's resident matrices (null on the CPU).
struct DeviceMatrices {
  const float* M = nullptr;
  const float* N = nullptr;
  float* P = nullptr;
};

class MatmulEngine : public EngineBase {
 public:
  using EngineBase::EngineBase;

  // M is rows x inner, N is inner x cols, both row-major.
  virtual void load_inputs(const float* h_M, const float* h_N, int rows, int inner, int cols) = 0;
  // Runs p.strategy on the resident matrices (sized as p): kernel time in ms.
  // Throws InvalidInput for parameters the device cannot run, BackendError when it fails.
  virtual double run(const MatmulParams& p) = 0;
  // p.strategy broken on purpose by `bug` (broken.hpp), on the resident matrices: kernel time in
  // ms. Throws InvalidInput where break_problem says why not.
  virtual double run_broken(const MatmulParams& p, Break bug) = 0;
  // The vendor library on the same resident matrices, as the real reference point: writes P,
  // returns its time in ms; nothing where the engine has no library (the CPU).
  virtual std::optional<double> run_library() { return std::nullopt; }
  virtual std::string library_name() const { return {}; }
  virtual void read_output(float* h_P) const = 0;
  // Where M, N and P are on the device: bench's yardstick runs the book's kernels on them.
  virtual DeviceMatrices device_matrices() const { return {}; }

  // One-shot: h_P = h_M h_N by p.strategy, `reps` times; returns each repetition's ms.
  // On CUDA the pointers may be device memory too (cuda::kCallerMemory: the Python module's arrays).
  std::vector<double> matmul(const MatmulParams& p, const float* h_M, const float* h_N, float* h_P, int reps = 1);
  // One-shot with a bug: h_P = what the broken kernel writes; returns the kernel time in ms.
  double matmul_broken(const MatmulParams& p, Break bug, const float* h_M, const float* h_N, float* h_P);
};

// validate_launch plus: the parameters' sizes are the resident matrices' (rows, inner, cols).
void validate_matmul_run(const MatmulParams& p, const DeviceLimits& limits, int rows, int inner, int cols);
// validate_matmul_run plus: p.strategy can run `bug` (break_problem).
void validate_matmul_broken_run(const MatmulParams& p, Break bug, const DeviceLimits& limits, int rows, int inner,
                                int cols);

// The engines of each backend (MatmulPattern::make_engine picks the backend's).
std::unique_ptr<MatmulEngine> make_cpu_matmul_engine();
std::unique_ptr<MatmulEngine> make_cuda_matmul_engine(const DeviceLimits& limits);  // CUDA builds only

}  // namespace tilescope
