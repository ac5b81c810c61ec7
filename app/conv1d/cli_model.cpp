// tilescope model --pattern conv1d: the traffic model, the book's load-reduction ratios and the
// launch geometry of one parameter set.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

#include "app/conv1d/cli.hpp"
#include "app/cli/traffic_report.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope::cli::conv1d {
namespace {

nlohmann::json model_json(const Conv1dParams& p) {
  const Conv1dStrategyInfo& info = strategy_info(p.strategy);
  const BookModel book = book_model(p);
  const LoadReduction reduction = load_reduction(p);
  const TrafficCount c = exact_traffic(p);
  const LaunchGeometry l = launch_geometry(p);
  nlohmann::json j = {
      {"pattern", "conv1d"},
      {"strategy", info.name},
      {"book_ref", info.book_ref},
      {"radius", p.filter_radius},
      {"tile", p.tile},
      {"size", p.length},
      {"load_reduction_interior", reduction.interior},
      {"load_reduction_boundary", reduction.boundary},
      {"load_reduction_counted", reduction.counted},
      {"grid", l.grid.x},
      {"block", l.block.x},
      {"threads_launched", l.threads_launched},
      {"in_tile", l.in_tile_dim},
      {"out_tile", l.out_tile_dim},
      {"shared_bytes", l.shared_bytes},
      {"constant_bytes", l.constant_bytes},
  };
  j.update(traffic_json(book, c));
  return j;
}

void print_model(const Conv1dParams& p) {
  const Conv1dStrategyInfo& info = strategy_info(p.strategy);
  const BookModel book = book_model(p);
  const LoadReduction reduction = load_reduction(p);
  const TrafficCount c = exact_traffic(p);
  const LaunchGeometry l = launch_geometry(p);
  std::printf("conv1d %s — %s (%s)\n", info.name.data(), info.display_name.data(), info.book_ref.data());
  std::printf("  radius n = %d (%d taps), tile %d (blockDim %d), signal %d elements\n", p.filter_radius, p.filter_dim(), p.tile, launch_geometry(p).block.x,
              p.length);
  std::printf("  launch   grid %d x block %d, input tile %d (tile + 2 halos), shared %zu B/block, constant %zu B\n",
              l.grid.x, l.block.x, l.in_tile_dim, l.shared_bytes, l.constant_bytes);
  print_traffic(book, c, "blockDim", "signal");
  std::printf("  loads of basic / loads of tiled (input elements):\n");
  std::printf("           interior block %.2f = blockDim(2n+1) / (blockDim + 2n)\n", book_round(reduction.interior));
  std::printf("           boundary block %.2f = (blockDim(2n+1) - n(n+1)/2) / (blockDim + n)\n",
              book_round(reduction.boundary));
  std::printf("           whole signal   %.2f (every block counted)\n", book_round(reduction.counted));
  std::printf("  (2 ops per tap; bytes = 4 x global loads issued, stores and constant reads excluded)\n");
}

void print_model_table(const Conv1dParams& base) {
  std::printf("conv1d, radius %d (%d taps), blockDim %d, signal %d elements\n", base.filter_radius, base.filter_dim(),
              base.tile, base.length);
  std::printf("%-12s %-17s %9s %9s %9s %9s %9s\n", "strategy", "book", "model", "bound", "counted", "grid", "shared B");
  for (int i = 0; i < kConv1dStrategyCount; ++i) {
    Conv1dParams p = base;
    p.strategy = strategy_table<Conv1dStrategy>()[i].id;
    const Conv1dStrategyInfo& info = strategy_info(p.strategy);
    const BookModel book = book_model(p);
    const LaunchGeometry l = launch_geometry(p);
    std::printf("%-12s %-17s %9.2f %9.2f %9.2f %9d %9zu\n", info.name.data(), info.book_ref.data(),
                book_round(book.opb_model), book_round(book.opb_bound), book_round(exact_traffic(p).opb()), l.grid.x,
                l.shared_bytes);
  }
  const LoadReduction reduction = load_reduction(base);
  std::printf("load reduction, basic over tiled: interior block %.2f, boundary block %.2f, whole signal %.2f\n",
              book_round(reduction.interior), book_round(reduction.boundary), book_round(reduction.counted));
  std::printf("OP/B: 2 ops per tap / 4 B per global load issued (PMPP's convention); model = interior block,\n"
              "counted = every block of this signal (ghost cells are not loaded).\n");
}

}  // namespace

void model(const PatternOptions& o, bool json) {
  PatternOptions any = o;
  if (o.strategy == "all") any.strategy.clear();
  const Conv1dParams p = params_of(any);
  validate_conv1d(p);
  if (o.strategy == "all" && !json) return print_model_table(p);
  if (json) std::cout << model_json(p).dump(2) << "\n";
  else print_model(p);
}

}  // namespace tilescope::cli::conv1d
