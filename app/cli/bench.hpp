#pragma once
// tilescope bench, written once over a pattern's bench glue `C` (in app/<pattern>/cli_bench.cpp):
// per radius, the CPU reference, the copy ceiling, every chosen strategy and every peer library,
// each checked against the reference.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/bench_peers.hpp"
#include "app/cli/bench_report.hpp"
#include "app/cli/measured.hpp"
#include "app/cli/options.hpp"
#include "app/cli/params.hpp"
#include "app/cli/pattern_cli.hpp"
#include "kernels/common/strategy_table.hpp"
#include "kernels/common/tolerance.hpp"
#ifdef TILESCOPE_HAVE_CUDA
#include "bench/yardstick/yardstick.hpp"
#endif

namespace tilescope::cli {

// The strategies `bench` times: all of them in the table's order, or the one --strategy names.
template <class C>
std::vector<typename C::Strategy> bench_strategies(const PatternOptions& o, const typename C::Params& base) {
  std::vector<typename C::Strategy> chosen;
  for (const typename C::StrategyInfo& info : C::strategies())
    if (o.strategy == "all" || info.id == base.strategy) chosen.push_back(info.id);
  return chosen;
}

// The runner of a pattern whose engine keeps its input resident (`C::load_input` puts it there):
// loaded once, each repetition one run, the output read back once; no upload between runs, so a
// --sustain window keeps the GPU busy and its power figures are the kernel's.
template <class C>
struct ResidentRunner {
  std::unique_ptr<typename C::Engine> engine;
  explicit ResidentRunner(const Backend& b) : engine(C::make_engine(b)) {}
  void load(const float* in, const typename C::Params& base) { C::load_input(*engine, in, base); }
  DeviceLimits limits() const { return engine->limits(); }
  template <class Operator>
  std::vector<double> times(const typename C::Params& p, const Operator& op, const float*, float*, int reps) {
    std::vector<double> ms;
    for (int i = 0; i <= reps; ++i) ms.push_back(engine->run(p, op));
    return ms;
  }
  void output(float* out) const { engine->read_output(out); }
  // Where the input and the output are on the device (null on the CPU).
  const float* device_input() const { return engine->device_input(); }
  float* device_output() const { return engine->device_output(); }
};

// The default --size on a GPU and on the CPU, and the default radii (orders), of a pattern's bench.
struct BenchSizes {
  const char* gpu;
  const char* cpu;
  const char* radii;
};

// Rows of `width` cells that a run on b keeps `pitch` floats apart and of which it moves `moved`: padded
// where the CUDA engines pad them (the CPU engines keep every row dense).
inline std::optional<PaddedRows> padded_rows_of(int width, int pitch, int moved, const Backend& b) {
  return b.name() == "cuda" && pitch != width ? std::optional<PaddedRows>(PaddedRows{width, pitch, moved})
                                              : std::nullopt;
}

// What the bench glue of the convolutions shares; a pattern whose bench differs hides the member
// (stencil3d: its taps, its peers' dense filter and interior error, its footnote).
struct RadiusBenchDefaults {
  static std::string bench_reference_label(int r) { return "CPU reference, r=" + std::to_string(r); }
  template <class Params>
  static void bench_tile(Params&, const PatternOptions&, const DeviceLimits&) {}
  template <class Filter>
  static double taps(const Filter& f) {
    return double(f.weights.size());
  }
  template <class Filter>
  static const std::vector<float>& peer_weights(const Filter& f) {
    return f.weights;
  }
  template <class Params>
  static double peer_error(const std::vector<float>& theirs, const std::vector<float>& ref, const Params&) {
    return max_abs_error(theirs.data(), ref.data(), ref.size());
  }
  static void bench_footnote() {}
  // Where a strategy's run on this backend pads its device rows; none: dense rows.
  template <class Params>
  static std::optional<PaddedRows> padded_rows(const Params&, const Backend&) {
    return std::nullopt;
  }
  // What only a filter can rule out (conv2d's separable: a rank-1 filter), and the taps per output
  // a strategy computes where it differs from the filter's (separable: 2(2r+1)); nothing: none.
  template <class Params, class Filter>
  static std::optional<std::string> filter_problem(const Params&, const Filter&) {
    return std::nullopt;
  }
  template <class Params, class Filter>
  static std::optional<double> strategy_taps(const Params&, const Filter&) {
    return std::nullopt;
  }
  // The book's own kernel for a row (bench --yardstick, bench/yardstick) on the runner's device
  // buffers, after the row's own runs; none on the CPU or where the book has no kernel for p.
  template <class Runner, class Params, class Operator>
  static std::optional<std::vector<double>> yardstick(Runner& r, const Params& p, const Operator& op, int reps) {
#ifdef TILESCOPE_HAVE_CUDA
    if (r.device_input() && tilescope::yardstick::has_book_kernel(p))
      return tilescope::yardstick::time_book_kernel(p, op, r.device_input(), r.device_output(), reps);
#endif
    (void)r, (void)p, (void)op, (void)reps;
    return std::nullopt;
  }
};

// model --measure for a pattern with a radius: one run of p on CUDA, on the data and operator its
// bench computes with.
template <class C>
CounterReading measure_one_run(const typename C::Params& p, GpuTurn turn) {
  return measure_on_cuda(
      [&](Backend& cuda) {
        typename C::BenchRunner runner(cuda);
        const std::vector<float> in = bench_input(C::elements(p));
        std::vector<float> out(in.size());
        runner.load(in.data(), p);
        runner.times(p, C::bench_operator(p.*C::kRadius, ""), in.data(), out.data(), 0);
      },
      turn);
}

// The bench of a pattern with a radius (filter radius, stencil order): `C` names the sizes and
// default radii (kBench, BenchSizes), the operator it times per
// radius and its CPU reference, a runner on the backend, and the peers' shape and error.
template <class C>
void bench_over_radii(const PatternOptions& o, const BenchSettings& settings) {
  const BenchStart start = start_bench(o, C::kBench.gpu, C::kBench.cpu);
  Backend& backend = *start.backend;
  const typename C::Params base = params_of<C>(start.options);
  typename C::BenchRunner runner(backend);
  const auto peers = bench_peers(backend, settings);
  const std::vector<int> radii = parse_list(settings.radii.empty() ? C::kBench.radii : settings.radii, "--radius");
  const std::vector<typename C::Strategy> strategies = bench_strategies<C>(o, base);
  // A size, radius or --filter that no strategy can run (a .npy of another radius, say) is refused
  // before anything is allocated or written; what only some strategies cannot run becomes their
  // "cannot run" rows.
  for (int r : radii) {
    typename C::Params p = base;
    p.*C::kRadius = r;
    p.strategy = C::strategies()[0].id;
    p.tile = tilescope::default_tile(p.strategy, r);
    if (auto why = C::problem(p, runner.limits())) throw InvalidInput(*why);
    C::bench_operator(r, o.filter);  // throws InvalidInput for a filter that cannot be had at r
  }

  const std::size_t n = C::elements(base);
  const std::vector<float> in = bench_input(n);
  std::vector<float> out(n), ref(n);
  runner.load(in.data(), base);
  const double bytes = compulsory_bytes(base);
  BenchReport report(std::string(C::name()), start.options.size, backend, settings,
                     int(radii.size() * (strategies.size() + peers.size())));
  for (int r : radii) {
    const auto op = C::bench_operator(r, o.filter);  // by default asymmetric: a flipped filter cannot pass
    report.progress(C::bench_reference_label(r));
    C::reference(op, in.data(), ref.data(), base);
    typename C::Params at_r = base;
    at_r.*C::kRadius = r;
    BenchRow row;
    row.radius = r;
    row.bytes = bytes;
    row.flops = 2.0 * C::taps(op) * n;  // a multiply and an add per tap
    row.tolerance = C::tolerance(op);
    row.copy_ms = copy_median_ms(backend, bytes, settings.reps);
    for (typename C::Strategy s : strategies) {
      typename C::Params p = at_r;
      p.strategy = s;
      C::bench_tile(p, o, runner.limits());
      std::optional<std::string> problem = C::problem(p, runner.limits());
      if (!problem) problem = C::filter_problem(p, op);
      BenchRow strategy_row = row;
      strategy_row.padded = C::padded_rows(p, backend);
      if (const auto taps = C::strategy_taps(p, op)) strategy_row.flops = 2.0 * *taps * n;
      add_strategy_row(
          report, strategy_row, std::string(C::info(s).name), p.tile, problem,
          [&] { return runner.times(p, op, in.data(), out.data(), settings.reps); },
          [&] {
            runner.output(out.data());
            return max_abs_error(out.data(), ref.data(), n);
          },
          [&] { return settings.yardstick ? C::yardstick(runner, p, op, settings.reps + 1) : std::nullopt; },
          [&] { return counters_of_run([&] { runner.times(p, op, in.data(), out.data(), 0); }); });
    }
    add_peer_rows(report, peers, C::peer_shape(base, op), in.data(), C::peer_weights(op).data(), row, settings.reps,
                  [&](const std::vector<float>& theirs) { return C::peer_error(theirs, ref, at_r); });
  }
  C::bench_footnote();
  if (!report.finish()) throw CLI::RuntimeError(1);
}

// Whether a pattern's bench glue runs its own loop (stencil3d: over --steps too): C::bench_all.
template <class C, class = void>
struct HasOwnBench : std::false_type {};
template <class C>
struct HasOwnBench<C, std::void_t<decltype(&C::bench_all)>> : std::true_type {};

// A pattern with a radius benches and measures over its BenchGlue; matmul has its own.
template <class Pattern>
void PatternCli<Pattern>::bench(const PatternOptions& o, const BenchSettings& settings) {
  if constexpr (HasOwnBench<BenchGlue<Pattern>>::value)
    BenchGlue<Pattern>::bench_all(o, settings);
  else
    bench_over_radii<BenchGlue<Pattern>>(o, settings);
}

template <class Pattern>
CounterReading PatternCli<Pattern>::measure(const typename Pattern::Params& p, GpuTurn turn) {
  return measure_one_run<BenchGlue<Pattern>>(p, turn);
}

}  // namespace tilescope::cli
