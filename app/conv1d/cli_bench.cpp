// tilescope bench --pattern conv1d: every strategy, and cuDNN with the signal as a 1 x N image,
// beside the same run's copy ceiling, each checked against the CPU reference.
#include <memory>
#include <string>
#include <vector>

#include "app/cli/bench.hpp"
#include "app/conv1d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/conv1d/reference.hpp"

namespace tilescope::cli {

template <>
struct BenchGlue<Conv1dPattern> : Conv1dCli, RadiusBenchDefaults {
  // 2^28 floats (1 GiB) on a GPU: far past the L2 cache, as the target asks.
  static constexpr BenchSizes kBench{"268435456", "4194304", "1,2,4,8,16"};

  using BenchRunner = ResidentRunner<BenchGlue>;
  static void load_input(Engine& engine, const float* in, const Params& base) { engine.load_input(in, base.length); }

  static std::size_t elements(const Params& p) { return std::size_t(p.length); }
  static Filter1d bench_operator(int r, const std::string& spec) {
    return spec.empty() ? make_named_filter1d("random:1", r) : load_filter(spec, r);
  }
  static void reference(const Filter1d& f, const float* in, float* ref, const Params& p) {
    conv1d_cpu(f, in, ref, p.length);
  }
  static double tolerance(const Filter1d& f) { return conv1d_tolerance(f, 1.0f); }
  static CorrelationShape peer_shape(const Params& p, const Filter1d& f) { return {{p.length}, {f.dim()}}; }
};

template void PatternCli<Conv1dPattern>::bench(const PatternOptions&, const BenchSettings&);
template CounterReading PatternCli<Conv1dPattern>::measure(const Conv1dParams&, GpuTurn);

}  // namespace tilescope::cli
