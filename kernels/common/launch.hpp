#pragma once
// Whole-launch numbers for the launch panel, the model command and the CUDA launchers, and what
// the device allows, shared by every pattern.
#include <climits>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "kernels/common/error.hpp"

namespace tilescope {

struct Dim2 {
  int x = 0, y = 0;
};

struct LaunchGeometry {
  Dim2 grid, block;
  int threads_per_block = 0;
  int active_threads_per_block = 0;  // computing threads of an interior block
  std::int64_t threads_launched = 0;
  std::int64_t threads_computing = 0;         // over the whole grid (one per output, fast: per 4x4 patch)
  int in_tile_dim = 0, out_tile_dim = 0;      // along x (conv1d, matmul: the only extent)
  int in_tile_dim_y = 0, out_tile_dim_y = 0;  // conv2d along y (sliding's strips differ from x)
  std::size_t shared_bytes = 0;               // per block
  std::size_t constant_bytes = 0;             // filter in __constant__ memory
};

// What the device allows. The defaults are CUDA's limits for every GPU this build targets, so the
// CPU backend refuses exactly what a GPU would.
struct DeviceLimits {
  int max_threads_per_block = 1024;
  std::size_t max_shared_bytes_per_block = 48 * 1024;
  // What a kernel may ask for past that (cudaFuncSetAttribute): sm_90's by default; the CUDA backend reads its own.
  std::size_t max_shared_bytes_optin = 227 * 1024;
  int max_grid_x = INT_MAX;
  int max_grid_y = 65535;
  int max_grid_z = 65535;
  int max_threads_per_sm = 2048;  // for occupancy figures
  int sm_count = 0;               // 0: not a GPU (size-derived defaults then keep their fixed ones)
  long long l2_bytes = 0;         // the GPU's L2 cache (0: none known)
};

// Largest image accepted anywhere (2^28 pixels = 1 GiB as float32).
inline constexpr long long kMaxPixels = 1LL << 28;

// Throws InvalidInput with the message of launch_problem(p, limits), which each pattern's
// model.hpp overloads on its Params, when p cannot run on a device with these limits.
template <typename Params>
void validate_launch(const Params& p, const DeviceLimits& limits = {}) {
  if (std::optional<std::string> problem = launch_problem(p, limits)) throw InvalidInput(*problem);
}

}  // namespace tilescope
