#pragma once
// Backends run the same operation on different hardware and are chosen by name.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/conv1d/engine.hpp"
#include "kernels/conv2d/params.hpp"
#include "kernels/conv2d/demo_scene.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/matmul/engine.hpp"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope {

// Hardware ceilings for the roofline (0 where unknown).
struct DevicePeaks {
  double bandwidth_gbs = 0;  // DRAM, from the memory clock and bus width
  double fp32_gflops = 0;    // FP32 lanes x 2 (FMA) x SM clock
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;         // "cpu" or "cuda"
  virtual std::string description() const = 0;  // hardware, for the UI and logs
  virtual DeviceLimits limits() const = 0;
  virtual DevicePeaks peaks() const { return {}; }
  // Resident blocks per SM for this launch (CUDA occupancy calculator); none on the CPU.
  virtual std::optional<int> blocks_per_sm(const Conv2dParams&) const { return std::nullopt; }

  // The resident frame: input and output stay where the backend computes (the GPU for CUDA)
  // between calls, so the app moves no image through the host unless it asks to.
  virtual void load_input(const float* h_in, int width, int height) = 0;
  // A built-in animated scene at time t, generated where the kernels run.
  virtual void render_demo_input(DemoScene scene, int width, int height, float t) = 0;
  // Runs p.strategy on the resident input (sized as p.width x p.height): kernel time in ms.
  // Throws InvalidInput for parameters the device cannot run, BackendError when it fails.
  virtual double run(const Conv2dParams& p, const Filter2d& f) = 0;
  virtual void read_input(float* h_in) const = 0;
  virtual void read_output(float* h_out) const = 0;
  // Device pointers of the resident images, for CUDA-GL interop (null on the CPU).
  virtual const float* device_input() const { return nullptr; }
  virtual const float* device_output() const { return nullptr; }

  // `reps` copies of `bytes` within the backend's memory (device to device on a GPU): the time
  // of each in ms. A copy reads every byte once and writes it once (2 x bytes of traffic), as a
  // perfect streaming kernel would, so `bench` measures it beside the kernels as their ceiling.
  virtual std::vector<double> time_copy(std::size_t bytes, int reps) const = 0;

  // A resident 3D grid for the stencil pattern on this backend's hardware.
  virtual std::unique_ptr<Stencil3dEngine> make_stencil3d_engine() const = 0;
  // The 1D convolution and the matrix multiplication, computing on this backend's hardware.
  virtual std::unique_ptr<Conv1dEngine> make_conv1d_engine() const = 0;
  virtual std::unique_ptr<MatmulEngine> make_matmul_engine() const = 0;

  // One-shot: h_out = h_in correlated with f (zero ghost cells) by p.strategy, `reps` times;
  // returns each repetition's kernel time in ms.
  std::vector<double> conv2d(const Conv2dParams& p, const Filter2d& f, const float* h_in, float* h_out,
                             int reps = 1);
};

std::unique_ptr<Backend> make_cpu_backend();
// Throws InvalidInput when this build has no CUDA, BackendError when no device is usable.
std::unique_ptr<Backend> make_cuda_backend();
bool cuda_compiled();

// validate_conv2d plus: the filter's size matches the radius. Backends call it before running.
void validate_run(const Conv2dParams& p, const Filter2d& f, const DeviceLimits& limits);

struct BackendChoice {
  std::unique_ptr<Backend> backend;
  std::string note;  // set when "auto" fell back to the CPU, saying why
};
// name: auto | cpu | cuda. "auto" takes CUDA when a device is usable, else the CPU.
BackendChoice choose_backend(const std::string& name);
// As choose_backend, but never throws for want of a device: falls back to the CPU with a note.
BackendChoice choose_backend_or_cpu(const std::string& name);

}  // namespace tilescope
