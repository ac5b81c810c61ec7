// tilescope model --pattern matmul: OP/B (book, counted), the throughput it allows on this
// device and on the book's A100, and the launch geometry.
#include <cstdio>
#include <optional>
#include <string>

#include "app/cli/model.hpp"
#include "app/matmul/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/matmul/geometry.hpp"

namespace tilescope::cli {

// What `model` prints and emits for matmul, as app/cli/model.hpp asks.
template <>
struct ModelGlue<MatmulPattern> : MatmulCli {
  static constexpr bool kAllIsDefault = true;  // `all` validates the default first; `all --json` is it
  // The throughput the book's OP/B allows on this machine's CUDA device, if there is one.
  struct ModelExtra {
    std::string device;
    std::optional<double> bandwidth_gbs;  // its DRAM bandwidth
    int sm_count = 0;                     // its SMs (fast's shape in bench: matmul_fast_shape_for)
  };
  static void print_table_foot(const Params&) {}

  // The CUDA device's DRAM bandwidth, if this build and machine have one.
  static ModelExtra model_extra(const Params&) {
    ModelExtra e;
    if (!cuda_compiled()) return e;
    try {
      const auto backend = make_cuda_backend();
      e.device = backend->description();
      e.bandwidth_gbs = backend->peaks().bandwidth_gbs;
      e.sm_count = backend->limits().sm_count;
    } catch (const BackendError&) {
    }
    return e;
  }

  static nlohmann::json model_json_fields(const ModelRecord<ModelGlue>& m) {
    const Params& p = m.p;
    const LaunchGeometry& l = m.launch;
    nlohmann::json j = {
        {"size", {p.rows, p.inner, p.cols}},
        {"opb_model", m.book.opb_model},
        {"opb_model_formula", m.book.formula},
        {"opb_counted", m.count.opb()},
        {"flops", m.count.flops},
        {"global_load_bytes", m.count.global_load_bytes},
        {"m_loads", m.count.m_loads},
        {"n_loads", m.count.n_loads},
        {"outputs", m.count.outputs},
        {"phases", p.strategy == MatmulStrategy::naive ? 0 : tiling_of(p).phases(p.inner)},
        {"slices", p.slices},
        {"a100_bandwidth_gbs", kA100BandwidthGBs},
        {"a100_bound_gflops", throughput_bound_gflops(kA100BandwidthGBs, m.book.opb_model)},
        {"device", m.extra.device},
        {"device_bandwidth_gbs", nullptr},
        {"device_bound_gflops", nullptr},
        {"grid", {l.grid.x, l.grid.y}},
        {"block", {l.block.x, l.block.y}},
        {"threads_per_block", l.threads_per_block},
        {"threads_launched", l.threads_launched},
        {"shared_bytes", l.shared_bytes},
    };
    if (m.extra.bandwidth_gbs) {
      j["device_bandwidth_gbs"] = *m.extra.bandwidth_gbs;
      j["device_bound_gflops"] = throughput_bound_gflops(*m.extra.bandwidth_gbs, m.book.opb_model);
    }
    return j;
  }

  static void print_model_lines(const ModelRecord<ModelGlue>& m) {
    const Params& p = m.p;
    const LaunchGeometry& l = m.launch;
    const MatmulCount& c = m.count;
    std::printf("  P (%dx%d) = M (%dx%d) N (%dx%d), ", p.rows, p.cols, p.rows, p.inner, p.inner, p.cols);
    if (p.strategy == MatmulStrategy::fast)
      std::printf("block tile %d x %d (tile %d), warps of %d x %d, %d x %d outputs per thread\n", kMatmulFastTileRows,
                  p.tile, p.tile, kMatmulFastWarpTile, kMatmulFastWarpTile, kMatmulFastOutputRows,
                  kMatmulFastOutputCols);
    else
      std::printf("TILE_WIDTH %d\n", p.tile);
    std::printf("  launch   grid %dx%d, block %dx%d = %d threads, shared %zu B/block", l.grid.x, l.grid.y, l.block.x,
                l.block.y, l.threads_per_block, l.shared_bytes);
    if (p.strategy == MatmulStrategy::tiled) std::printf(" (Mds + Nds), %d phases", tiling_of(p).phases(p.inner));
    if (p.strategy == MatmulStrategy::fast)
      std::printf(" (Ms + Ns, %d stages), %d phases of %d", tiling_of(p).fast_stages(), tiling_of(p).phases(p.inner),
                  kMatmulFastDepth);
    if (const MatmulTiling g = tiling_of(p); g.slices > 1)
      std::printf(
          "\n  split-K  %d slices (blockIdx.z, grid %dx%dx%d) of %d phase%s (the last %d); P is zeroed first and each "
          "block adds its partial tile with atomicAdd",
          g.slices, l.grid.x, l.grid.y, g.slices, g.slice_phases(p.inner), g.slice_phases(p.inner) > 1 ? "s" : "",
          g.phases(p.inner) - (g.slices - 1) * g.slice_phases(p.inner));
    if (p.strategy == MatmulStrategy::fast && m.extra.sm_count > 0) {
      const MatmulFastShape s = matmul_fast_shape_for(p, m.extra.sm_count);
      std::printf("\n  bench    without --tile runs fast here at tile %d, %d slice%s (matmul_fast_shape_for on %d SMs)",
                  s.tile, s.slices, s.slices > 1 ? "s" : "", m.extra.sm_count);
    }
    std::printf("\n  book     %.2f OP/B  (%s)\n", m.book.opb_model, m.book.formula.c_str());
    std::printf("  counted  %.2f OP/B  = %lld flops (2MKN) / %lld B of global loads (%lld of M, %lld of N)\n", c.opb(),
                static_cast<long long>(c.flops), static_cast<long long>(c.global_load_bytes),
                static_cast<long long>(c.m_loads), static_cast<long long>(c.n_loads));
    const double opb = m.book.opb_model;
    std::printf("  bound    %.0f GFLOP/s on PMPP's A100 (%.0f GB/s x %.2f OP/B)\n",
                throughput_bound_gflops(kA100BandwidthGBs, opb), kA100BandwidthGBs, opb);
    if (m.extra.bandwidth_gbs)
      std::printf("           %.0f GFLOP/s on this %s (%.0f GB/s x %.2f OP/B)\n",
                  throughput_bound_gflops(*m.extra.bandwidth_gbs, opb), m.extra.device.c_str(), *m.extra.bandwidth_gbs,
                  opb);
    else
      std::printf("           (no CUDA device here: only the book's A100 figure)\n");
    std::printf("  (2 ops per multiply-add; bytes = 4 x global loads issued, stores of P excluded)\n");
  }

  static void print_table_head(const Params& p, const PatternOptions&) {
    std::printf("matmul, P (%dx%d) = M (%dx%d) N (%dx%d), TILE_WIDTH %d (fast: its block tile, %d wide)\n", p.rows,
                p.cols, p.rows, p.inner, p.inner, p.cols, p.tile, default_tile(MatmulStrategy::fast, 0));
    std::printf("%-8s %-20s %9s %9s %14s\n", "strategy", "book", "model", "counted", "A100 GFLOP/s");
  }

  // fast's row at its own block tile where the table's TILE_WIDTH is not one.
  static void print_table_row(Params p, const PatternOptions&) {
    if (p.strategy == MatmulStrategy::fast && !matmul_fast_tile_ok(p.tile)) p.tile = default_tile(p.strategy, 0);
    const double opb = book(p).opb_model;
    std::printf("%-8s %-20s %9.2f %9.2f %14.0f\n", info(p.strategy).name.data(), info(p.strategy).book_ref.data(), opb,
                count(p).opb(), throughput_bound_gflops(kA100BandwidthGBs, opb));
  }
};

template void PatternCli<MatmulPattern>::model(const PatternOptions&, bool);
template nlohmann::json PatternCli<MatmulPattern>::model_json(const PatternOptions&);

}  // namespace tilescope::cli
