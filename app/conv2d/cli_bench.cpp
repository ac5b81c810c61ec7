// tilescope bench --pattern conv2d: every strategy and every peer library (cuDNN, NPP) on one
// image, beside the same run's copy ceiling, each checked against the CPU reference.
#include <string>
#include <vector>

#include "app/cli/bench.hpp"
#include "app/conv2d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/conv2d/reference.hpp"

namespace tilescope::cli {
namespace {

struct Conv2dBench : Conv2dCli {
  static constexpr const char* kBenchGpuSize = "8192x8192";
  static constexpr const char* kBenchCpuSize = "1024x1024";
  static constexpr const char* kBenchRadii = "1,2,3,5,7";
  using Operator = Filter2d;

  // The backend's one-shot call: the image in, every repetition, the image out.
  struct BenchRunner {
    Backend& backend;
    explicit BenchRunner(Backend& b) : backend(b) {}
    void load(const float*, const Params&) {}
    DeviceLimits limits() const { return backend.limits(); }
    std::vector<double> times(const Params& p, const Filter2d& f, const float* in, float* out, int reps) {
      return backend.conv2d(p, f, in, out, reps + 1);
    }
    void output(float*) const {}
  };

  static std::size_t elements(const Params& p) { return std::size_t(p.width) * p.height; }
  static void set_radius(Params& p, int r) { p.filter_radius = r; }
  static void bench_tile(Params& p, const PatternOptions& o) {
    if (!o.tile) p.tile = default_tile(p.strategy, p.filter_radius);
  }
  static Filter2d bench_operator(int r) { return make_named_filter("random:1", r); }
  static std::string bench_reference_label(int r) { return "CPU reference, r=" + std::to_string(r); }
  static void reference(const Filter2d& f, const float* in, float* ref, const Params& p) {
    conv2d_cpu(f, in, ref, p.width, p.height);
  }
  static double bench_flops(const Filter2d& f, std::size_t n) { return 2.0 * f.weights.size() * n; }
  static double tolerance(const Filter2d& f) { return conv2d_tolerance(f, 1.0f); }
  static CorrelationShape peer_shape(const Params& p, const Filter2d& f) {
    return {{p.height, p.width}, {f.dim(), f.dim()}};
  }
  static const std::vector<float>& peer_weights(const Filter2d& f) { return f.weights; }
  static double peer_error(const std::vector<float>& theirs, const std::vector<float>& ref, const Params&) {
    return max_abs_error(theirs.data(), ref.data(), ref.size());
  }
  static void bench_footnote() {}
};

}  // namespace

void Conv2dCli::bench(const PatternOptions& o, const BenchSettings& settings) {
  bench_over_radii<Conv2dBench>(o, settings);
}

}  // namespace tilescope::cli
