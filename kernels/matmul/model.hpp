#pragma once
// The matmul model: the launch (grid, block, shared bytes), whether a parameter set can run, the
// book's OP/B and the exact traffic count, with PMPP's conventions: 2 ops per multiply-add;
// bytes = 4 x the global-memory loads the kernel code issues (the stores of P excluded).
#include <cstdint>
#include <optional>
#include <string>

#include "kernels/common/launch.hpp"
#include "kernels/matmul/params.hpp"

namespace tilescope {

// grid = ceil(cols / tile) x ceil(rows / tile); tiled keeps Mds and Nds (2 tile^2 floats).
LaunchGeometry launch_geometry(const MatmulParams& p);

// Why p cannot run on a device with these limits, or nothing if it can.
std::optional<std::string> launch_problem(const MatmulParams& p, const DeviceLimits& limits = {});
// Its first check: a tile p.strategy has (TILE_WIDTH 2..32, or fast's block tile width, 128 or 256).
std::optional<std::string> tile_problem(const MatmulParams& p);

struct MatmulModel {
  double opb_model = 0;  // the book's ratio: 0.25 (naive), TILE_WIDTH x 0.25 (tiled)
  std::string formula;
};
MatmulModel book_model(const MatmulParams& p);

// The book's example device: an A100's 1555 GB/s (PMPP 5.1), 4 OP/B -> 6220 GFLOP/s.
inline constexpr double kA100BandwidthGBs = 1555.0;
// A memory-bound kernel cannot compute faster than its bytes arrive.
inline double throughput_bound_gflops(double bandwidth_gbs, double opb) { return bandwidth_gbs * opb; }

// Exact counts from the launch geometry. flops = 2 M K N: the useful multiply-adds (arithmetic
// on the zeros that pad the last phase, or by threads past the edge of P, is not counted).
struct MatmulCount {
  std::int64_t outputs = 0;
  std::int64_t m_loads = 0;  // elements of M loaded from global memory
  std::int64_t n_loads = 0;  // elements of N loaded from global memory
  std::int64_t flops = 0;
  std::int64_t global_load_bytes = 0;

  double opb() const { return global_load_bytes ? double(flops) / double(global_load_bytes) : 0.0; }
};

// Block (bx, by), and the whole grid (a product of per-axis sums, no emulation needed).
MatmulCount block_traffic(const MatmulParams& p, int bx, int by);
MatmulCount exact_traffic(const MatmulParams& p);

// The bytes no kernel can avoid: M and N read once, P written once (float32).
inline double compulsory_bytes(const MatmulParams& p) {
  return 4.0 * (double(p.rows) * p.inner + double(p.inner) * p.cols + double(p.rows) * p.cols);
}

}  // namespace tilescope
