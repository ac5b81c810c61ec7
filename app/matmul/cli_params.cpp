#include "app/matmul/cli.hpp"
#include "kernels/common/error.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope::cli::matmul {

MatmulParams params_of(const PatternOptions& o, MatmulParams base) {
  MatmulParams p = base;
  if (!o.strategy.empty()) {
    const auto strategy = parse_strategy<MatmulStrategy>(o.strategy);
    if (!strategy)
      throw InvalidInput("unknown matmul strategy '" + o.strategy + "': use " + strategy_names<MatmulStrategy>());
    p.strategy = *strategy;
  }
  if (o.radius) throw InvalidInput("matmul has no radius: use --tile for TILE_WIDTH and --size MxKxN");
  if (!o.filter.empty()) throw InvalidInput("matmul has no filter: give the second matrix with --in2");
  if (o.tile) p.tile = *o.tile;
  if (!o.size.empty()) {
    const auto dims = parse_dims(o.size, 3, "MxKxN: M is MxK, N is KxN (e.g. 1024x512x2048)");
    p.rows = dims[0], p.inner = dims[1], p.cols = dims[2];
  }
  return p;
}

}  // namespace tilescope::cli::matmul
