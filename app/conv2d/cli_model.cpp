// tilescope model --pattern conv2d: the traffic model and launch geometry of one parameter set.
#include <cstdio>
#include <string>

#include "app/cli/model.hpp"
#include "app/cli/traffic_report.hpp"
#include "app/conv2d/cli.hpp"

namespace tilescope::cli {

// What `model` prints and emits for conv2d, as app/cli/model.hpp asks.
template <>
struct ModelGlue<Conv2dPattern> : Conv2dCli, NoModelExtra {
  static constexpr bool kAllIsDefault = false;

  static nlohmann::json model_json_fields(const ModelRecord<ModelGlue>& m) {
    const LaunchGeometry& l = m.launch;
    return convolution_json(
        {
            {"radius", m.p.filter_radius},
            {"size", {m.p.width, m.p.height}},
            {"grid", {l.grid.x, l.grid.y}},
            {"block", {l.block.x, l.block.y}},
            {"threads_per_block", l.threads_per_block},
            {"active_threads_per_block", l.active_threads_per_block},
            {"in_tile_y", l.in_tile_dim_y},
            {"out_tile_y", l.out_tile_dim_y},
        },
        l, m.book, m.count);
  }

  static void print_model_lines(const ModelRecord<ModelGlue>& m) {
    const Params& p = m.p;
    const LaunchGeometry& l = m.launch;
    std::printf("  radius %d (%dx%d filter), tile %d, image %dx%d\n", p.filter_radius, p.filter_dim(), p.filter_dim(),
                p.tile, p.width, p.height);
    std::printf(
        "  launch   grid %dx%d, block %dx%d = %d threads, %d compute (%.1f%%), input tile %dx%d, output tile %dx%d\n",
        l.grid.x, l.grid.y, l.block.x, l.block.y, l.threads_per_block, l.active_threads_per_block,
        100.0 * l.active_threads_per_block / l.threads_per_block, l.in_tile_dim, l.in_tile_dim_y, l.out_tile_dim,
        l.out_tile_dim_y);
    std::printf("           shared memory %zu B/block, constant memory %zu B\n", l.shared_bytes, l.constant_bytes);
    print_traffic(m.book, m.count, "tile", "image");
  }

  static void print_table_head(const Params& base, const PatternOptions& o) {
    std::printf("conv2d, radius %d (%dx%d filter), tile %s, image %dx%d\n", base.filter_radius, base.filter_dim(),
                base.filter_dim(), !o.tile ? "= each strategy's default" : std::to_string(base.tile).c_str(),
                base.width, base.height);
    std::printf("%-12s %-19s %4s %9s %9s %9s %9s %9s\n", "strategy", "book", "tile", "model", "bound", "counted",
                "grid", "shared B");
  }

  static void print_table_row(Params p, const PatternOptions& o) {
    if (!o.tile) p.tile = default_tile_of<Conv2dCli>(p);
    const StrategyInfo& i = info(p.strategy);
    if (auto why = problem(p)) {
      std::printf("%-12s %-19s cannot run: %s\n", i.name.data(), i.book_ref.data(), why->c_str());
      return;
    }
    const BookModel b = book(p);
    const LaunchGeometry l = launch(p);
    const std::string grid = std::to_string(l.grid.x) + "x" + std::to_string(l.grid.y);
    std::printf("%-12s %-19s %4d %9.2f %9.2f %9.2f %9s %9zu\n", i.name.data(), i.book_ref.data(), p.tile,
                book_round(b.opb_model), book_round(b.opb_bound), book_round(count(p).opb()), grid.c_str(),
                l.shared_bytes);
  }

  static void print_table_foot(const Params&) { print_opb_footnote("image"); }
};

template void PatternCli<Conv2dPattern>::model(const PatternOptions&, bool);
template nlohmann::json PatternCli<Conv2dPattern>::model_json(const PatternOptions&);

}  // namespace tilescope::cli
