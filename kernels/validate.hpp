#pragma once
// The one place that decides whether a parameter set can run, with messages a student understands.
#include <climits>
#include <cstddef>
#include <optional>
#include <string>

#include "kernels/conv2d_params.hpp"

namespace tilescope {

// What the device allows. The defaults are CUDA's limits for every GPU this build targets, so the
// CPU backend refuses exactly what a GPU would.
struct DeviceLimits {
  int max_threads_per_block = 1024;
  std::size_t max_shared_bytes_per_block = 48 * 1024;
  int max_grid_x = INT_MAX;
  int max_grid_y = 65535;
  int max_grid_z = 65535;
  int max_threads_per_sm = 2048;  // for occupancy figures
};

// Largest image accepted anywhere (2^28 pixels = 1 GiB as float32).
inline constexpr long long kMaxPixels = 1LL << 28;

// Why p cannot run on a device with these limits, or nothing if it can.
std::optional<std::string> conv2d_problem(const Conv2dParams& p, const DeviceLimits& limits = {});
// Throws InvalidInput with that message.
void validate_conv2d(const Conv2dParams& p, const DeviceLimits& limits = {});

}  // namespace tilescope
