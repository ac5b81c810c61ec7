#pragma once
// CUDA error checking and move-only owners of CUDA handles. Errors become BackendError
// (never exit()), naming what failed, so callers can fall back to the CPU.
#include <cuda_runtime.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "kernels/common/error.hpp"
#include "kernels/common/unique_handle.hpp"

namespace tilescope::cuda {

inline void check(cudaError_t err, const char* what) {
  if (err != cudaSuccess)
    throw BackendError(std::string(what) + ": " + cudaGetErrorName(err) + " (" + cudaGetErrorString(err) + ")");
}

// After a kernel launch: catches bad configurations at once (execution errors surface at the
// next synchronizing call, which is checked too).
inline void check_launch(const char* kernel) { check(cudaGetLastError(), kernel); }

template <typename T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) : count_(count) {
    check(cudaMalloc(&ptr_, count * sizeof(T)), "cudaMalloc");
  }
  DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), count_(std::exchange(o.count_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    std::swap(ptr_, o.ptr_);
    std::swap(count_, o.count_);
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { cudaFree(ptr_); }

  T* get() const { return ptr_; }
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }

 private:
  T* ptr_ = nullptr;
  std::size_t count_ = 0;
};

// Gives both buffers `count` elements unless they hold that many already, freeing both before
// allocating either: large data must not need twice the memory.
template <typename T>
void resize_pair(DeviceBuffer<T>& a, DeviceBuffer<T>& b, std::size_t count) {
  if (a.size() == count && b.size() == count) return;
  a = {}, b = {};
  a = DeviceBuffer<T>(count);
  b = DeviceBuffer<T>(count);
}

// Copies `values` into the __constant__ array `symbol` (a convolution's filter); `what` names
// the copy in errors.
template <typename Symbol>
void upload_to_constant(const Symbol& symbol, const std::vector<float>& values, const char* what) {
  check(cudaMemcpyToSymbol(symbol, values.data(), values.size() * sizeof(float)), what);
}

struct DestroyEvent {
  void operator()(cudaEvent_t e) const { cudaEventDestroy(e); }
};

// A CUDA event, created at once and destroyed with its owner (move-only).
class Event {
 public:
  Event() : event_(create()) {}
  void record(cudaStream_t stream = nullptr) { check(cudaEventRecord(event_.get(), stream), "cudaEventRecord"); }
  // Milliseconds from `start` to this event (waits for this event).
  float since(const Event& start) const {
    check(cudaEventSynchronize(event_.get()), "cudaEventSynchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start.event_.get(), event_.get()), "cudaEventElapsedTime");
    return ms;
  }

 private:
  static cudaEvent_t create() {
    cudaEvent_t e = nullptr;
    check(cudaEventCreate(&e), "cudaEventCreate");
    return e;
  }
  UniqueHandle<cudaEvent_t, DestroyEvent> event_;
};

}  // namespace tilescope::cuda
