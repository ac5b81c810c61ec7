#pragma once
// The numbers of a stencil3d launch with PMPP's conventions: ops per output = 2 x points - 1
// (13 for the seven-point stencil: 7 multiplies, 6 adds); bytes = 4 x the global-memory loads the
// kernel issues (stores and constant-memory reads excluded).
// Also whether a parameter set can run, with messages a student understands.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "kernels/common/launch.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

// The book's closed forms for an interior block.
struct Stencil3dModel {
  double opb_model = 0;
  double opb_bound = 0;             // the same strategy as T grows without bound
  std::string formula;              // opb_model in the book's symbols
  std::int64_t in_tile_cells = 0;   // cells a block loads (T^3; T^2 (Z + 2k) when marching; fast: + its star halo)
  std::int64_t out_tile_cells = 0;  // outputs it computes
  // temporal, per step of its fused launch (others: 1 step, no redundant work): the steps one launch
  // fuses, the stencil evaluations an interior block makes over them (the K nested valid regions) and
  // how many of those some neighbouring block makes too.
  int steps = 1;
  std::int64_t updates = 0, redundant_updates = 0;
  // Load bytes per output per step: the grid's traffic falls as 1/K (plus the halo's share).
  double load_bytes_per_step() const {
    return out_tile_cells ? 4.0 * double(in_tile_cells) / (double(out_tile_cells) * steps) : 0.0;
  }
  double halo_fraction() const {  // of the input tile: loaded, never computed (8^3: 296/512)
    return in_tile_cells ? 1.0 - double(out_tile_cells) / double(in_tile_cells) : 0.0;
  }
};
Stencil3dModel book_model(const Stencil3dParams& p);

struct Dim3 {
  int x = 0, y = 0, z = 0;
};

struct Stencil3dLaunch {
  Dim3 grid, block;
  int threads_per_block = 0;
  int active_threads_per_block = 0;  // threads of an interior block that compute
  int out_planes_per_block = 0;      // z planes a block computes (marching: its loop's outputs)
  std::int64_t threads_launched = 0;
  std::size_t shared_bytes = 0;    // per block
  std::size_t constant_bytes = 0;  // the coefficients
  int register_planes = 0;         // z values each thread keeps in registers
  // fast: lanes per row in column 0's blocks and in the grid's last column's (fast_row_lanes), and
  // the block rows of the grid that the last column runs (the rest exit at once).
  int row_lanes = 0, last_row_lanes = 0, last_block_rows = 0;
  int row_pitch = 0;    // floats between the device grid's rows (stencil_layout)
  bool flat = false;    // fast on a flattened plane (fast_flat): a block is 1024 consecutive cells of a plane
  int fused_steps = 1;  // temporal: steps its (first) launch fuses
  int passes = 1;       // temporal: launches a run of p.steps takes (temporal_passes); the others: p.steps
};
Stencil3dLaunch launch_geometry(const Stencil3dParams& p);

// Exact counts over the whole grid, from the launch geometry (cached per parameter set).
struct Stencil3dCount {
  std::int64_t outputs = 0;           // every cell is written once
  std::int64_t interior_outputs = 0;  // computed with the stencil; the rest copy their input
  std::int64_t global_loads = 0;
  std::int64_t ghost_loads_skipped = 0;  // input-tile cells outside the domain (tiled strategies)
  std::int64_t flops = 0;
  // The run's time steps (--steps: K sweeps, or temporal's fused launches): the figures above are
  // for all of them; updates = stencil evaluations made, redundant_updates those beyond one per
  // interior output and step (temporal's overlapped halos).
  int steps = 1;
  std::int64_t updates = 0, redundant_updates = 0;
  std::int64_t global_load_bytes() const { return 4 * global_loads; }
  double load_bytes_per_step() const { return 4.0 * double(global_loads) / steps; }
  double opb() const { return global_loads ? double(flops) / double(global_load_bytes()) : 0.0; }
};
Stencil3dCount exact_traffic(const Stencil3dParams& p);
// temporal: what block (bx, by, bz) of the launch fusing `fused` steps loads and computes (its input
// tile's cells in the grid; its valid regions' interior cells at steps 1..fused): the emulation
// exact_traffic sums, and which the model gives for an interior block.
Stencil3dCount temporal_block_count(const Stencil3dParams& p, int fused, int bx, int by, int bz);

// The bytes no step can avoid: the grid read once, the next grid written once (float32).
inline double compulsory_bytes(const Stencil3dParams& p) { return 8.0 * double(p.cells()); }

std::optional<std::string> launch_problem(const Stencil3dParams& p, const DeviceLimits& limits = {});

}  // namespace tilescope
