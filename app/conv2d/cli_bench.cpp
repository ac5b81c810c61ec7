// tilescope bench --pattern conv2d: every strategy and every peer library (cuDNN, NPP) on one
// image, beside the same run's copy ceiling, each checked against the CPU reference.
#include <string>
#include <vector>

#include "app/cli/bench.hpp"
#include "app/conv2d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/reference.hpp"

namespace tilescope::cli {

template <>
struct BenchGlue<Conv2dPattern> : Conv2dCli, RadiusBenchDefaults {
  static constexpr BenchSizes kBench{"8192x8192", "1024x1024", "1,2,3,5,7"};

  using BenchRunner = ResidentRunner<BenchGlue>;
  static void load_input(Engine& engine, const float* in, const Params& base) {
    engine.load_input(in, base.width, base.height);
  }

  static std::size_t elements(const Params& p) { return std::size_t(p.width) * p.height; }
  static void bench_tile(Params& p, const PatternOptions& o, const DeviceLimits& limits) {
    if (!o.tile) p.tile = default_tile(p, limits);  // sliding's strip: from the size and the GPU
  }
  static Filter2d bench_operator(int r, const std::string& spec) {
    return spec.empty() ? make_named_filter("random:1", r) : load_filter(spec, r);
  }
  static std::optional<std::string> filter_problem(const Params& p, const Filter2d& f) {
    return tilescope::filter_problem(p, f);
  }
  static std::optional<double> strategy_taps(const Params& p, const Filter2d& f) {
    return p.strategy == Conv2dStrategy::separable ? std::optional<double>(2.0 * f.dim()) : std::nullopt;
  }
  static std::optional<PaddedRows> padded_rows(const Params& p, const Backend& b) {
    const int pitch = conv2d_row_pitch(p.strategy, p.width);
    return padded_rows_of(p.width, pitch, pitch, b);
  }
  static void reference(const Filter2d& f, const float* in, float* ref, const Params& p) {
    conv2d_cpu(f, in, ref, p.width, p.height);
  }
  static double tolerance(const Filter2d& f) { return conv2d_tolerance(f, 1.0f); }
  static CorrelationShape peer_shape(const Params& p, const Filter2d& f) {
    return {{p.height, p.width}, {f.dim(), f.dim()}};
  }
};

template void PatternCli<Conv2dPattern>::bench(const PatternOptions&, const BenchSettings&);
template CounterReading PatternCli<Conv2dPattern>::measure(const Conv2dParams&, GpuTurn);

}  // namespace tilescope::cli
