// tilescope model --pattern conv1d: the traffic model, the book's load-reduction ratios and the
// launch geometry of one parameter set.
#include <cstdio>

#include "app/cli/model.hpp"
#include "app/cli/traffic_report.hpp"
#include "app/conv1d/cli.hpp"

namespace tilescope::cli {

// What `model` prints and emits for conv1d, as app/cli/model.hpp asks.
template <>
struct ModelGlue<Conv1dPattern> : Conv1dCli {
  static constexpr bool kAllIsDefault = true;  // `all` validates the default first; `all --json` is it
  using ModelExtra = LoadReduction;
  static ModelExtra model_extra(const Params& p) { return load_reduction(p); }

  static nlohmann::json model_json_fields(const ModelRecord<ModelGlue>& m) {
    const LaunchGeometry& l = m.launch;
    return convolution_json(
        {
            {"radius", m.p.filter_radius},
            {"size", m.p.length},
            {"load_reduction_interior", m.extra.interior},
            {"load_reduction_boundary", m.extra.boundary},
            {"load_reduction_counted", m.extra.counted},
            {"grid", l.grid.x},
            {"block", l.block.x},
        },
        l, m.book, m.count);
  }

  static void print_model_lines(const ModelRecord<ModelGlue>& m) {
    const Params& p = m.p;
    const LaunchGeometry& l = m.launch;
    std::printf("  radius n = %d (%d taps), tile %d (blockDim %d), signal %d elements\n", p.filter_radius,
                p.filter_dim(), p.tile, l.block.x, p.length);
    std::printf("  launch   grid %d x block %d, input tile %d (tile + 2 halos), shared %zu B/block, constant %zu B\n",
                l.grid.x, l.block.x, l.in_tile_dim, l.shared_bytes, l.constant_bytes);
    print_traffic(m.book, m.count, "blockDim", "signal");
    std::printf("  loads of basic / loads of tiled (input elements):\n");
    std::printf("           interior block %.2f = blockDim(2n+1) / (blockDim + 2n)\n", book_round(m.extra.interior));
    std::printf("           boundary block %.2f = (blockDim(2n+1) - n(n+1)/2) / (blockDim + n)\n",
                book_round(m.extra.boundary));
    std::printf("           whole signal   %.2f (every block counted)\n", book_round(m.extra.counted));
  }

  static void print_table_head(const Params& base, const PatternOptions&) {
    std::printf("conv1d, radius %d (%d taps), blockDim %d, signal %d elements\n", base.filter_radius, base.filter_dim(),
                base.tile, base.length);
    std::printf("%-12s %-17s %9s %9s %9s %9s %9s\n", "strategy", "book", "model", "bound", "counted", "grid",
                "shared B");
  }

  static void print_table_row(const Params& p, const PatternOptions&) {
    const StrategyInfo& i = info(p.strategy);
    const BookModel b = book(p);
    const LaunchGeometry l = launch(p);
    std::printf("%-12s %-17s %9.2f %9.2f %9.2f %9d %9zu\n", i.name.data(), i.book_ref.data(), book_round(b.opb_model),
                book_round(b.opb_bound), book_round(count(p).opb()), l.grid.x, l.shared_bytes);
  }

  static void print_table_foot(const Params& base) {
    const LoadReduction reduction = load_reduction(base);
    std::printf("load reduction, basic over tiled: interior block %.2f, boundary block %.2f, whole signal %.2f\n",
                book_round(reduction.interior), book_round(reduction.boundary), book_round(reduction.counted));
    print_opb_footnote("signal");
  }
};

template void PatternCli<Conv1dPattern>::model(const PatternOptions&, bool);
template nlohmann::json PatternCli<Conv1dPattern>::model_json(const PatternOptions&);

}  // namespace tilescope::cli
