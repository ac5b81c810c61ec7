#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>

#include "kernels/common/backend.hpp"
#include "kernels/conv2d/kernels.cuh"
#include "kernels/common/cuda_check.hpp"
#include "kernels/conv2d/demo_scene.cuh"
#include "kernels/common/error.hpp"

namespace tilescope {
namespace {

class CudaBackend final : public Backend {
 public:
  CudaBackend() {
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0)
      throw BackendError(std::string("no usable CUDA device (") +
                         (err != cudaSuccess ? cudaGetErrorString(err) : "none found") + ")");
    cuda::check(cudaGetDevice(&device_), "cudaGetDevice");
    cuda::check(cudaGetDeviceProperties(&prop_, device_), "cudaGetDeviceProperties");
    start_.emplace();
    stop_.emplace();
  }

  std::string name() const override { return "cuda"; }
  std::string description() const override {
    return std::string(prop_.name) + " (sm_" + std::to_string(prop_.major) + std::to_string(prop_.minor) +
           ", " + std::to_string(prop_.multiProcessorCount) + " SMs)";
  }
  DeviceLimits limits() const override {
    DeviceLimits l;
    l.max_threads_per_block = prop_.maxThreadsPerBlock;
    l.max_shared_bytes_per_block = prop_.sharedMemPerBlock;
    l.max_grid_x = prop_.maxGridSize[0];
    l.max_grid_y = prop_.maxGridSize[1];
    l.max_grid_z = prop_.maxGridSize[2];
    l.max_threads_per_sm = prop_.maxThreadsPerMultiProcessor;
    return l;
  }

  DevicePeaks peaks() const override {
    int mem_khz = 0, bus_bits = 0, sm_khz = 0;
    cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, device_);
    cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device_);
    cudaDeviceGetAttribute(&sm_khz, cudaDevAttrClockRate, device_);
    DevicePeaks peaks;
    peaks.bandwidth_gbs = 2.0 * mem_khz * 1e3 * (bus_bits / 8.0) * 1e-9;  // double data rate
    peaks.fp32_gflops = double(prop_.multiProcessorCount) * fp32_lanes_per_sm() * 2.0 * sm_khz * 1e-6;
    return peaks;
  }
  std::optional<int> blocks_per_sm(const Conv2dParams& p) const override {
    if (conv2d_problem(p, limits())) return std::nullopt;
    return cuda::max_active_blocks_per_sm(p);
  }

  void load_input(const float* h_in, int width, int height) override {
    resize(width, height);
    cuda::check(cudaMemcpy(d_in_.get(), h_in, d_in_.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy (input)");
  }
  void render_demo_input(DemoScene scene, int width, int height, float t) override {
    resize(width, height);
    cuda::render_demo_scene(scene, d_in_.get(), width, height, t);
  }
  double run(const Conv2dParams& p, const Filter2d& f) override {
    validate_run(p, f, limits());
    if (std::size_t(p.width) * p.height != d_in_.size())
      throw InvalidInput("the parameters' image size differs from the resident input");
    if (f.weights != filter_) {  // the filter changes rarely: upload it only then
      d_filter_ = cuda::DeviceBuffer<float>(f.weights.size());
      cuda::check(cudaMemcpy(d_filter_.get(), f.weights.data(), d_filter_.bytes(), cudaMemcpyHostToDevice),
                  "cudaMemcpy (filter)");
      cuda::upload_constant_filter(f);
      filter_ = f.weights;
    }
    // Poison the output (all-ones bytes are NaN) so a pixel no thread writes cannot pass a check.
    cuda::check(cudaMemset(d_out_.get(), 0xFF, d_out_.bytes()), "cudaMemset (poison output)");
    start_->record();
    cuda::launch_conv2d(p, d_in_.get(), d_out_.get(), d_filter_.get());
    stop_->record();
    return stop_->since(*start_);
  }
  std::vector<double> time_copy(std::size_t bytes, int reps) const override {
    cuda::DeviceBuffer<char> from(bytes), to(bytes);
    cuda::check(cudaMemset(from.get(), 1, bytes), "cudaMemset (copy source)");
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
      start_->record();
      cuda::check(cudaMemcpyAsync(to.get(), from.get(), bytes, cudaMemcpyDeviceToDevice), "cudaMemcpyAsync (copy)");
      stop_->record();
      ms.push_back(stop_->since(*start_));
    }
    return ms;
  }
  std::unique_ptr<Conv1dEngine> make_conv1d_engine() const override { return make_cuda_conv1d_engine(limits()); }
  std::unique_ptr<MatmulEngine> make_matmul_engine() const override { return make_cuda_matmul_engine(limits()); }
  std::unique_ptr<Stencil3dEngine> make_stencil3d_engine() const override { return make_cuda_stencil3d_engine(limits()); }
  void read_input(float* h_in) const override {
    cuda::check(cudaMemcpy(h_in, d_in_.get(), d_in_.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy (input back)");
  }
  void read_output(float* h_out) const override {
    cuda::check(cudaMemcpy(h_out, d_out_.get(), d_out_.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy (output)");
  }
  const float* device_input() const override { return d_in_.get(); }
  const float* device_output() const override { return d_out_.get(); }

 private:
  // FP32 units per SM by compute capability (CUDA C Programming Guide, arithmetic throughput).
  int fp32_lanes_per_sm() const { return prop_.major == 8 && prop_.minor == 0 ? 64 : prop_.major < 8 ? 64 : 128; }

  void resize(int width, int height) {
    const std::size_t n = std::size_t(width) * height;
    if (d_in_.size() == n) return;
    d_in_ = {}, d_out_ = {};  // free before allocating: large images must not need twice the memory
    d_in_ = cuda::DeviceBuffer<float>(n);
    d_out_ = cuda::DeviceBuffer<float>(n);
  }

  int device_ = 0;
  cudaDeviceProp prop_{};
  cuda::DeviceBuffer<float> d_in_, d_out_, d_filter_;
  std::vector<float> filter_;  // what d_filter_ and the constant filter hold
  mutable std::optional<cuda::Event> start_, stop_;  // created once a device is known to exist
};

}  // namespace

std::unique_ptr<Backend> make_cuda_backend() { return std::make_unique<CudaBackend>(); }
bool cuda_compiled() { return true; }

}  // namespace tilescope
