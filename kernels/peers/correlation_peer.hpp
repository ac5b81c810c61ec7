#pragma once
// Vendor libraries that compute what our kernels compute: a correlation with zero ghost cells,
// output the size of the input. `bench` times them beside our strategies, in the same process,
// on the same data, so every comparison is measured in one run.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace tilescope {

// The problem, slowest axis first: {N} (1-D), {H, W} (2-D) or {D, H, W} (3-D); the filter has
// the same rank and odd extents, stored densely in the same order (a star stencil as its
// (2k+1)^3 box with zeros off the axes).
struct CorrelationShape {
  std::vector<int> extent;
  std::vector<int> filter_extent;
};

inline std::size_t element_count(const std::vector<int>& extent) {
  std::size_t n = 1;
  for (int e : extent) n *= std::size_t(e);
  return n;
}

class CorrelationPeer {
 public:
  virtual ~CorrelationPeer() = default;
  virtual std::string name() const = 0;  // e.g. "cuDNN 9.10 (FMA, algo 1)"
  // Why this peer cannot compute the shape, or "" when it can.
  virtual std::string unsupported(const CorrelationShape& s) const = 0;
  // What the last correlate() chose (cuDNN's algorithm, NPP's padding), for the report.
  virtual std::string note() const = 0;
  // h_out = h_in correlated with h_w, computed `reps` times on the peer's hardware; the
  // milliseconds of each repetition (CUDA events or the CPU clock around the library call alone).
  // A GPU peer lets a CountedRun (kernels/common/counted_run.hpp) measure its first repetition.
  // Throws BackendError when it fails.
  virtual std::vector<double> correlate(const CorrelationShape& s, const float* h_in, const float* h_w, float* h_out,
                                        int reps) = 0;
};

// The GPU peers this build links (cuDNN, NPP) and the machine can run; empty without CUDA.
std::vector<std::unique_ptr<CorrelationPeer>> correlation_peers();
// The CPU peers this build links (OpenCV).
std::vector<std::unique_ptr<CorrelationPeer>> cpu_correlation_peers();

}  // namespace tilescope
