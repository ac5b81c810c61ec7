#pragma once
// The GPU lent by one thread to another thread's measurement passes (counters.hpp: GpuTurn,
// lend_gpu, wake_lent_passes), and the rule of one measurement at a time in the process. Plain
// threads, no CUDA: the handshake is tested everywhere (tests/common/test_gpu_lending.cpp), and
// counters.cu wraps each pass and each measurement in it.
#include <chrono>
#include <mutex>

#include "kernels/common/counters.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {

// A lent pass that gave up waiting for the GPU: a measurement that is not lent (the lender's side:
// an exercise's, the command line's) came first, or its give_up flag was raised.
struct GaveWay : BackendError {
  using BackendError::BackendError;
};

// A lender waits no longer than this for a pass; a pass that outlasts it is not measured.
inline constexpr std::chrono::seconds kLongestPass{10};

// A pass's hold on the GPU: for a lent turn, from the lender's hand-over (the constructor waits for
// it, or throws GaveWay) until it goes; for a turn not lent, nothing.
class PassTurn {
 public:
  explicit PassTurn(GpuTurn turn);
  ~PassTurn();
  PassTurn(const PassTurn&) = delete;
  PassTurn& operator=(const PassTurn&) = delete;
  // Throws BackendError where the lender took the GPU back (after kLongestPass) before the pass was done.
  void check_kept() const;

 private:
  bool lent_;
};

// The process's measurement lock, held while a measurement runs. A measurement not lent announces
// itself first, so that a lent one waiting for the GPU gives way instead of holding the lock.
std::unique_lock<std::mutex> one_measurement_at_a_time(GpuTurn turn);

}  // namespace tilescope
