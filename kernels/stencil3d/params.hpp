#pragma once
// The parameter struct of PMPP chapter 8's 3D star stencils, shared by kernels, model, overlays
// and the command line.
#include <cstdint>

namespace tilescope {

enum class Stencil3dStrategy : std::uint8_t {
  basic,           // PMPP 8.2: one thread per output, every neighbour from global memory
  tiled,           // Fig 8.8: block = input tile T^3; the halo shell of threads only loads
  coarsened,       // PMPP 8.4: T^2 block marches in z, three planes in shared memory
  register_tiled,  // PMPP 8.5: as coarsened, previous and next planes in registers
  fast,            // beyond the book: vector rows, no shared memory, no barriers (stencil3d_geometry.hpp)
  temporal,        // beyond the book: K steps fused in one launch, overlapped tiles (geometry.hpp, TemporalTiling)
};
inline constexpr int kStencil3dStrategyCount = 6;

// The book's order k: neighbours on each side along each axis, the stencil's radius.
inline constexpr int kMaxStencil3dRadius = 3;  // kernels are instantiated for orders k = 1..3
// Time steps one run advances (--steps K): every strategy runs K sweeps, temporal fuses them.
inline constexpr int kMaxStencil3dSteps = 8;

struct Stencil3dParams {
  Stencil3dStrategy strategy = Stencil3dStrategy::tiled;
  int order = 1;  // k: neighbours on each side along each axis
  int tile = 8;   // T: input-tile edge (block edge for basic; fast: the z extent only)
  int width = 256, height = 256, depth = 256;
  int steps = 1;  // K: time steps per run (temporal: fused on chip; the others: K sweeps)

  int points() const { return 6 * order + 1; }             // 7, 13, 19
  int ops_per_output() const { return 2 * points() - 1; }  // PMPP: 13 for 7 points
  long long cells() const { return 1LL * width * height * depth; }
  bool operator==(const Stencil3dParams& o) const {
    return strategy == o.strategy && order == o.order && tile == o.tile && width == o.width && height == o.height &&
           depth == o.depth && steps == o.steps;
  }
};

}  // namespace tilescope
