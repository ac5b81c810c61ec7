// tilescope model --pattern matmul: OP/B (book, counted), the throughput it allows on this
// device and on the book's A100, and the launch geometry.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <optional>

#include "app/matmul/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope::cli::matmul {
namespace {

// The CUDA device's DRAM bandwidth, if this build and machine have one.
std::optional<double> device_bandwidth_gbs(std::string& device) {
  if (!cuda_compiled()) return std::nullopt;
  try {
    const auto backend = make_cuda_backend();
    device = backend->description();
    return backend->peaks().bandwidth_gbs;
  } catch (const BackendError&) {
    return std::nullopt;
  }
}

nlohmann::json model_json(const MatmulParams& p) {
  const MatmulStrategyInfo& info = strategy_info(p.strategy);
  const MatmulModel book = book_model(p);
  const MatmulCount c = exact_traffic(p);
  const LaunchGeometry l = launch_geometry(p);
  std::string device;
  const std::optional<double> bandwidth = device_bandwidth_gbs(device);
  nlohmann::json j = {
      {"pattern", "matmul"},
      {"strategy", info.name},
      {"book_ref", info.book_ref},
      {"tile", p.tile},
      {"size", {p.rows, p.inner, p.cols}},
      {"opb_model", book.opb_model},
      {"opb_model_formula", book.formula},
      {"opb_counted", c.opb()},
      {"flops", c.flops},
      {"global_load_bytes", c.global_load_bytes},
      {"m_loads", c.m_loads},
      {"n_loads", c.n_loads},
      {"outputs", c.outputs},
      {"phases", p.strategy == MatmulStrategy::naive ? 0 : tiling_of(p).phases(p.inner)},
      {"a100_bandwidth_gbs", kA100BandwidthGBs},
      {"a100_bound_gflops", throughput_bound_gflops(kA100BandwidthGBs, book.opb_model)},
      {"device", device},
      {"device_bandwidth_gbs", nullptr},
      {"device_bound_gflops", nullptr},
      {"grid", {l.grid.x, l.grid.y}},
      {"block", {l.block.x, l.block.y}},
      {"threads_per_block", l.threads_per_block},
      {"threads_launched", l.threads_launched},
      {"shared_bytes", l.shared_bytes},
  };
  if (bandwidth) {
    j["device_bandwidth_gbs"] = *bandwidth;
    j["device_bound_gflops"] = throughput_bound_gflops(*bandwidth, book.opb_model);
  }
  return j;
}

void print_bounds(double opb) {
  std::printf("  bound    %.0f GFLOP/s on PMPP's A100 (%.0f GB/s x %.2f OP/B)\n",
              throughput_bound_gflops(kA100BandwidthGBs, opb), kA100BandwidthGBs, opb);
  std::string device;
  if (const auto bandwidth = device_bandwidth_gbs(device))
    std::printf("           %.0f GFLOP/s on this %s (%.0f GB/s x %.2f OP/B)\n", throughput_bound_gflops(*bandwidth, opb),
                device.c_str(), *bandwidth, opb);
  else
    std::printf("           (no CUDA device here: only the book's A100 figure)\n");
}

void print_model(const MatmulParams& p) {
  const MatmulStrategyInfo& info = strategy_info(p.strategy);
  const MatmulModel book = book_model(p);
  const MatmulCount c = exact_traffic(p);
  const LaunchGeometry l = launch_geometry(p);
  std::printf("matmul %s — %s (%s)\n", info.name.data(), info.display_name.data(), info.book_ref.data());
  std::printf("  P (%dx%d) = M (%dx%d) N (%dx%d), ", p.rows, p.cols, p.rows, p.inner, p.inner, p.cols);
  if (p.strategy == MatmulStrategy::fast)
    std::printf("TILE_WIDTH does not apply: %d x %d block tile, %d x %d outputs per thread\n", kMatmulFastTile,
                kMatmulFastTile, kMatmulFastOutputsPerAxis, kMatmulFastOutputsPerAxis);
  else
    std::printf("TILE_WIDTH %d\n", p.tile);
  std::printf("  launch   grid %dx%d, block %dx%d = %d threads, shared %zu B/block", l.grid.x, l.grid.y, l.block.x,
              l.block.y, l.threads_per_block, l.shared_bytes);
  if (p.strategy == MatmulStrategy::tiled) std::printf(" (Mds + Nds), %d phases", tiling_of(p).phases(p.inner));
  if (p.strategy == MatmulStrategy::fast)
    std::printf(" (Ms + Ns, double-buffered), %d phases of %d", tiling_of(p).phases(p.inner), kMatmulFastDepth);
  std::printf("\n  book     %.2f OP/B  (%s)\n", book.opb_model, book.formula.c_str());
  std::printf("  counted  %.2f OP/B  = %lld flops (2MKN) / %lld B of global loads (%lld of M, %lld of N)\n", c.opb(),
              static_cast<long long>(c.flops), static_cast<long long>(c.global_load_bytes),
              static_cast<long long>(c.m_loads), static_cast<long long>(c.n_loads));
  print_bounds(book.opb_model);
  std::printf("  (2 ops per multiply-add; bytes = 4 x global loads issued, stores of P excluded)\n");
}

}  // namespace

void model(const PatternOptions& o, bool json) {
  PatternOptions any = o;
  if (o.strategy == "all") any.strategy.clear();
  MatmulParams p = params_of(any);
  validate_matmul(p);
  if (o.strategy != "all" || json) {
    if (json) std::cout << model_json(p).dump(2) << "\n";
    else print_model(p);
    return;
  }
  std::printf("matmul, P (%dx%d) = M (%dx%d) N (%dx%d), TILE_WIDTH %d\n", p.rows, p.cols, p.rows, p.inner, p.inner,
              p.cols, p.tile);
  std::printf("%-8s %-20s %9s %9s %14s\n", "strategy", "book", "model", "counted", "A100 GFLOP/s");
  for (int i = 0; i < kMatmulStrategyCount; ++i) {
    p.strategy = strategy_table<MatmulStrategy>()[i].id;
    const double opb = book_model(p).opb_model;
    std::printf("%-8s %-20s %9.2f %9.2f %14.0f\n", strategy_table<MatmulStrategy>()[i].name.data(),
                strategy_table<MatmulStrategy>()[i].book_ref.data(), opb, exact_traffic(p).opb(),
                throughput_bound_gflops(kA100BandwidthGBs, opb));
  }
}

}  // namespace tilescope::cli::matmul
