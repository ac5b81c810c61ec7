// tilescope bench --pattern conv2d: every strategy and every peer library (cuDNN, NPP) on one
// image, beside the same run's copy ceiling, each checked against the CPU reference.
#include <string>
#include <vector>

#include "app/cli/bench.hpp"
#include "app/conv2d/cli.hpp"
#ifdef TILESCOPE_HAVE_CUDA
#include "bench/yardstick/yardstick.hpp"
#endif
#include "kernels/common/backend.hpp"
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
  static void bench_tile(Params& p, const PatternOptions& o) {
    if (!o.tile) p.tile = default_tile_of<Conv2dCli>(p);
  }
  static Filter2d bench_operator(int r) { return make_named_filter("random:1", r); }
  static void reference(const Filter2d& f, const float* in, float* ref, const Params& p) {
    conv2d_cpu(f, in, ref, p.width, p.height);
  }
  static double tolerance(const Filter2d& f) { return conv2d_tolerance(f, 1.0f); }
  // The book's kernel on the engine's resident image (CUDA only), after the row's own runs.
  static std::optional<std::vector<double>> yardstick(BenchRunner& r, const Params& p, const Filter2d& f, int reps) {
#ifdef TILESCOPE_HAVE_CUDA
    if (r.engine->device_input() && tilescope::yardstick::has_conv2d(p))
      return tilescope::yardstick::time_conv2d(p, f, r.engine->device_input(),
                                               const_cast<float*>(r.engine->device_output()), reps);
#endif
    (void)r, (void)p, (void)f, (void)reps;
    return std::nullopt;
  }
  static CorrelationShape peer_shape(const Params& p, const Filter2d& f) {
    return {{p.height, p.width}, {f.dim(), f.dim()}};
  }
};

template void PatternCli<Conv2dPattern>::bench(const PatternOptions&, const BenchSettings&);
template CounterReading PatternCli<Conv2dPattern>::measure(const Conv2dParams&);

}  // namespace tilescope::cli
