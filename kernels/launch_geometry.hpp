#pragma once
// Whole-launch numbers for the launch panel, the model command and the CUDA launchers.
#include <cstddef>
#include <cstdint>

#include "kernels/conv2d_params.hpp"

namespace tilescope {

struct Dim2 {
  int x = 0, y = 0;
};

struct LaunchGeometry {
  Dim2 grid, block;
  int threads_per_block = 0;
  int active_threads_per_block = 0;  // computing threads of an interior block
  std::int64_t threads_launched = 0;
  std::int64_t threads_computing = 0;  // over the whole grid (one per output, fast: per 4x4 patch)
  int in_tile_dim = 0, out_tile_dim = 0;          // along x (conv1d, matmul: the only extent)
  int in_tile_dim_y = 0, out_tile_dim_y = 0;      // conv2d along y (sliding's strips differ from x)
  std::size_t shared_bytes = 0;    // per block
  std::size_t constant_bytes = 0;  // filter in __constant__ memory
};

LaunchGeometry launch_geometry(const Conv2dParams& p);

}  // namespace tilescope
