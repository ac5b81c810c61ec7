#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "kernels/common/backend.hpp"
#include "kernels/common/cuda_check.hpp"
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
    char id[32] = {};  // read once: the app's power line asks for it every frame
    if (cudaDeviceGetPCIBusId(id, sizeof id, device_) == cudaSuccess) pci_bus_id_ = id;
    start_.emplace();
    stop_.emplace();
  }

  std::string name() const override { return "cuda"; }
  std::string description() const override {
    return std::string(prop_.name) + " (sm_" + std::to_string(prop_.major) + std::to_string(prop_.minor) + ", " +
           std::to_string(prop_.multiProcessorCount) + " SMs)";
  }
  std::string pci_bus_id() const override { return pci_bus_id_; }
  std::optional<int> cuda_device() const override { return device_; }
  void finish() const override { cuda::check(cudaDeviceSynchronize(), "cudaDeviceSynchronize"); }
  DeviceLimits limits() const override {
    DeviceLimits l;
    l.max_threads_per_block = prop_.maxThreadsPerBlock;
    l.max_shared_bytes_per_block = prop_.sharedMemPerBlock;
    l.max_shared_bytes_optin = prop_.sharedMemPerBlockOptin;
    l.max_grid_x = prop_.maxGridSize[0];
    l.max_grid_y = prop_.maxGridSize[1];
    l.max_grid_z = prop_.maxGridSize[2];
    l.max_threads_per_sm = prop_.maxThreadsPerMultiProcessor;
    l.sm_count = prop_.multiProcessorCount;
    l.l2_bytes = prop_.l2CacheSize;
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

 private:
  // FP32 units per SM by compute capability (CUDA C Programming Guide, arithmetic throughput).
  int fp32_lanes_per_sm() const { return prop_.major == 8 && prop_.minor == 0 ? 64 : prop_.major < 8 ? 64 : 128; }

  int device_ = 0;
  std::string pci_bus_id_;
  cudaDeviceProp prop_{};
  mutable std::optional<cuda::Event> start_, stop_;  // created once a device is known to exist
};

}  // namespace

std::unique_ptr<Backend> make_cuda_backend() { return std::make_unique<CudaBackend>(); }
bool cuda_compiled() { return true; }

}  // namespace tilescope
