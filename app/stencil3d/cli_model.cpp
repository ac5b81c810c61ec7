// tilescope model --pattern stencil3d: the book's model, the exact count and the launch.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

#include "app/stencil3d/cli.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/strategies.hpp"
#include "kernels/common/traffic.hpp"

namespace tilescope::cli::stencil3d {
namespace {

nlohmann::json model_json(const Stencil3dParams& p) {
  const Stencil3dStrategyInfo& info = strategy_info(p.strategy);
  const Stencil3dModel m = stencil3d_model(p);
  const Stencil3dCount c = stencil3d_count(p);
  const Stencil3dLaunch l = stencil3d_launch(p);
  return {
      {"pattern", "stencil3d"},
      {"strategy", info.name},
      {"book_ref", info.book_ref},
      {"order", p.order},
      {"points", p.points()},
      {"tile", p.tile},
      {"size", {p.width, p.height, p.depth}},
      {"opb_model", m.opb_model},
      {"opb_bound", m.opb_bound},
      {"opb_model_formula", m.formula},
      {"halo_fraction", m.halo_fraction()},
      {"in_tile_cells", m.in_tile_cells},
      {"out_tile_cells", m.out_tile_cells},
      {"opb_counted", c.opb()},
      {"flops", c.flops},
      {"global_load_bytes", c.global_load_bytes()},
      {"outputs", c.outputs},
      {"interior_outputs", c.interior_outputs},
      {"ghost_loads_skipped", c.ghost_loads_skipped},
      {"grid", {l.grid.x, l.grid.y, l.grid.z}},
      {"block", {l.block.x, l.block.y, l.block.z}},
      {"threads_per_block", l.threads_per_block},
      {"active_threads_per_block", l.active_threads_per_block},
      {"out_planes_per_block", l.out_planes_per_block},
      {"threads_launched", l.threads_launched},
      {"shared_bytes", l.shared_bytes},
      {"register_planes", l.register_planes},
      {"constant_bytes", l.constant_bytes},
  };
}

void print_model(const Stencil3dParams& p) {
  const Stencil3dStrategyInfo& info = strategy_info(p.strategy);
  const Stencil3dModel m = stencil3d_model(p);
  const Stencil3dCount c = stencil3d_count(p);
  const Stencil3dLaunch l = stencil3d_launch(p);
  std::printf("stencil3d %s — %s (%s)\n", info.name.data(), info.display_name.data(), info.book_ref.data());
  std::printf("  order %d (%d points, %d ops per output), tile %d, grid %dx%dx%d\n", p.order, p.points(),
              p.ops_per_output(), p.tile, p.width, p.height, p.depth);
  std::printf("  launch   grid %dx%dx%d, block %dx%dx%d = %d threads, %d compute (%.1f%%)%s\n", l.grid.x, l.grid.y,
              l.grid.z, l.block.x, l.block.y, l.block.z, l.threads_per_block, l.active_threads_per_block,
              100.0 * l.active_threads_per_block / l.threads_per_block,
              l.block.z == 1 ? (", marching " + std::to_string(l.out_planes_per_block) + " output planes").c_str() : "");
  std::printf("           shared memory %zu B/block, %d z values in registers per thread\n", l.shared_bytes,
              l.register_planes);
  std::printf("  book     %.2f OP/B  (%s)\n", book_round(m.opb_model), m.formula.c_str());
  std::printf("  bound    %.2f OP/B  (T -> infinity)\n", book_round(m.opb_bound));
  if (m.in_tile_cells)
    std::printf("  halo     %lld of %lld input-tile cells (%.0f%%) are loaded but not computed\n",
                static_cast<long long>(m.in_tile_cells - m.out_tile_cells), static_cast<long long>(m.in_tile_cells),
                100 * m.halo_fraction());
  std::printf("  counted  %.2f OP/B  = %lld flops / %lld B of global loads, whole grid\n", book_round(c.opb()),
              static_cast<long long>(c.flops), static_cast<long long>(c.global_load_bytes()));
  std::printf("  (ops = 2 x points - 1 per interior output; bytes = 4 x global loads issued; boundary cells copy)\n");
}

void print_table(const Stencil3dParams& base) {
  std::printf("stencil3d, order %d (%d points), grid %dx%dx%d, each strategy at its tile\n", base.order, base.points(),
              base.width, base.height, base.depth);
  std::printf("%-15s %-16s %5s %9s %9s %9s %8s %9s\n", "strategy", "book", "tile", "model", "bound", "counted", "halo",
              "shared B");
  for (int i = 0; i < kStencil3dStrategyCount; ++i) {
    Stencil3dParams p = base;
    p.strategy = strategy_table<Stencil3dStrategy>()[i].id;
    p.tile = default_tile(p.strategy, p.order);
    const Stencil3dStrategyInfo& info = strategy_info(p.strategy);
    if (auto problem = stencil3d_problem(p)) {
      std::printf("%-15s %-16s cannot run: %s\n", info.name.data(), info.book_ref.data(), problem->c_str());
      continue;
    }
    const Stencil3dModel m = stencil3d_model(p);
    std::printf("%-15s %-16s %5d %9.2f %9.2f %9.2f %7.0f%% %9zu\n", info.name.data(), info.book_ref.data(), p.tile,
                book_round(m.opb_model), book_round(m.opb_bound), book_round(stencil3d_count(p).opb()),
                100 * m.halo_fraction(), stencil3d_launch(p).shared_bytes);
  }
}

}  // namespace

void model(const PatternOptions& o, bool json) {
  if (o.strategy == "all" && !json) {
    PatternOptions any = o;
    any.strategy.clear();
    return print_table(params_of(any));
  }
  const Stencil3dParams p = params_of(o);
  validate_stencil3d(p);
  if (json) std::cout << model_json(p).dump(2) << "\n";
  else print_model(p);
}

}  // namespace tilescope::cli::stencil3d
