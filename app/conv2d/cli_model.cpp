// tilescope model --pattern conv2d: the traffic model and launch geometry of one parameter set.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "app/conv2d/cli.hpp"
#include "app/cli/traffic_report.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope::cli::conv2d {
namespace {

nlohmann::json model_json(const Conv2dParams& p) {
  const Conv2dStrategyInfo& info = strategy_info(p.strategy);
  const BookModel book = book_model(p);
  const TrafficCount c = exact_traffic(p);
  const LaunchGeometry l = launch_geometry(p);
  nlohmann::json j = {
      {"pattern", "conv2d"},
      {"strategy", info.name},
      {"book_ref", info.book_ref},
      {"radius", p.filter_radius},
      {"tile", p.tile},
      {"size", {p.width, p.height}},
      {"grid", {l.grid.x, l.grid.y}},
      {"block", {l.block.x, l.block.y}},
      {"threads_per_block", l.threads_per_block},
      {"active_threads_per_block", l.active_threads_per_block},
      {"threads_launched", l.threads_launched},
      {"in_tile", l.in_tile_dim},
      {"out_tile", l.out_tile_dim},
      {"in_tile_y", l.in_tile_dim_y},
      {"out_tile_y", l.out_tile_dim_y},
      {"shared_bytes", l.shared_bytes},
      {"constant_bytes", l.constant_bytes},
  };
  j.update(traffic_json(book, c));
  return j;
}

void print_model(const Conv2dParams& p) {
  const Conv2dStrategyInfo& info = strategy_info(p.strategy);
  const BookModel book = book_model(p);
  const TrafficCount c = exact_traffic(p);
  const LaunchGeometry l = launch_geometry(p);
  std::printf("conv2d %s — %s (%s)\n", info.name.data(), info.display_name.data(), info.book_ref.data());
  std::printf("  radius %d (%dx%d filter), tile %d, image %dx%d\n", p.filter_radius, p.filter_dim(),
              p.filter_dim(), p.tile, p.width, p.height);
  std::printf("  launch   grid %dx%d, block %dx%d = %d threads, %d compute (%.1f%%), input tile %dx%d, output tile %dx%d\n",
              l.grid.x, l.grid.y, l.block.x, l.block.y, l.threads_per_block, l.active_threads_per_block,
              100.0 * l.active_threads_per_block / l.threads_per_block, l.in_tile_dim, l.in_tile_dim_y, l.out_tile_dim,
              l.out_tile_dim_y);
  std::printf("           shared memory %zu B/block, constant memory %zu B\n", l.shared_bytes, l.constant_bytes);
  print_traffic(book, c, "tile", "image");
  std::printf("  (2 ops per tap; bytes = 4 x global loads issued, stores and constant reads excluded)\n");
}

}  // namespace

void print_model_table(const Conv2dParams& base, bool default_tiles) {
  std::printf("conv2d, radius %d (%dx%d filter), tile %s, image %dx%d\n", base.filter_radius, base.filter_dim(),
              base.filter_dim(), default_tiles ? "= each strategy's default" : std::to_string(base.tile).c_str(),
              base.width, base.height);
  std::printf("%-12s %-19s %4s %9s %9s %9s %9s %9s\n", "strategy", "book", "tile", "model", "bound", "counted", "grid",
              "shared B");
  for (int i = 0; i < kConv2dStrategyCount; ++i) {
    Conv2dParams p = base;
    p.strategy = strategy_table<Conv2dStrategy>()[i].id;
    if (default_tiles) p.tile = default_tile(p.strategy, p.filter_radius);
    const Conv2dStrategyInfo& info = strategy_info(p.strategy);
    if (auto problem = conv2d_problem(p)) {
      std::printf("%-12s %-19s cannot run: %s\n", info.name.data(), info.book_ref.data(), problem->c_str());
      continue;
    }
    const BookModel book = book_model(p);
    const LaunchGeometry l = launch_geometry(p);
    const std::string grid = std::to_string(l.grid.x) + "x" + std::to_string(l.grid.y);
    std::printf("%-12s %-19s %4d %9.2f %9.2f %9.2f %9s %9zu\n", info.name.data(), info.book_ref.data(), p.tile,
                book_round(book.opb_model), book_round(book.opb_bound), book_round(exact_traffic(p).opb()), grid.c_str(),
                l.shared_bytes);
  }
  std::printf("OP/B: 2 ops per tap / 4 B per global load issued (PMPP's convention); model = interior block,\n"
              "counted = every block of this image emulated (ghost cells are not loaded).\n");
}

void model(const PatternOptions& o, bool json) {
  if (o.strategy == "all" && !json) {
    PatternOptions any = o;
    any.strategy.clear();
    return print_model_table(params_of(any), !o.tile);
  }
  const Conv2dParams p = params_of(o);
  validate_conv2d(p);
  if (json) std::cout << model_json(p).dump(2) << "\n";
  else print_model(p);
}

}  // namespace tilescope::cli::conv2d
