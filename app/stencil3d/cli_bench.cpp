// tilescope bench --pattern stencil3d: every strategy, and cuDNN's 3-D convolution with the
// star stencil as a dense (2k+1)^3 filter, beside the same run's copy ceiling, each checked
// against the CPU reference.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/bench.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/reference.hpp"

namespace tilescope::cli {

template <>
struct BenchGlue<Stencil3dPattern> : Stencil3dCli, RadiusBenchDefaults {
  static constexpr BenchSizes kBench{"512x512x512", "128x128x128", "1,2,3"};  // radii: orders

  // The grid loaded once and kept resident: each repetition one step from it into the next grid, no
  // upload between runs, so a --sustain window keeps the GPU busy and its power figures are the
  // kernel's (as ResidentRunner does for the patterns whose engines read out one image).
  struct BenchRunner {
    Backend& backend;
    std::unique_ptr<Stencil3dEngine> engine;
    explicit BenchRunner(Backend& b) : backend(b), engine(make_engine(b)) {}
    void load(const float* in, const Params& p) { engine->load(in, p.width, p.height, p.depth); }
    DeviceLimits limits() const { return backend.limits(); }
    std::vector<double> times(const Params& p, const StencilCoeffs& c, const float*, float*, int reps) {
      std::vector<double> ms;
      for (int i = 0; i <= reps; ++i) ms.push_back(engine->run(p, c));
      return ms;
    }
    void output(float* out) const { engine->read(GridBuffer::next, out); }
    // The grid load() put there and the one each run writes (null on the CPU).
    const float* device_input() const { return engine->device_grid(GridBuffer::current); }
    float* device_output() const { return engine->device_grid(GridBuffer::next); }
  };

  static std::size_t elements(const Params& p) { return std::size_t(p.cells()); }
  static void bench_tile(Params& p, const PatternOptions& o, const DeviceLimits& limits) {
    // fast's and temporal's z chunks: from the size (and steps) and the GPU
    if (o.strategy == "all" || !o.tile) p.tile = default_tile(p, limits);
  }
  static StencilCoeffs bench_operator(int k, const std::string& spec) {
    return spec.empty() ? make_named_stencil("random:1", k) : load_coeffs(spec, k);
  }
  static std::optional<PaddedRows> padded_rows(const Params& p, const Backend& b) {
    const int pitch = stencil_layout(p.strategy, p.width, p.height, p.depth).row;
    return padded_rows_of(p.width, pitch, float4_row_pitch(p.width), b);  // the float4s that hold a row's cells
  }
  static std::string bench_reference_label(int k) { return "CPU reference, order " + std::to_string(k); }
  static void reference(const StencilCoeffs& c, const float* in, float* ref, const Params& p) {
    stencil3d_cpu(c, in, ref, p.width, p.height, p.depth);
  }
  static double taps(const StencilCoeffs& c) { return 6 * c.order + 1; }  // its points, as conv2d counts taps
  static double tolerance(const StencilCoeffs& c) { return stencil_tolerance(c, 1.0f); }
  static CorrelationShape peer_shape(const Params& p, const StencilCoeffs& c) {
    const int d = 2 * c.order + 1;
    return {{p.depth, p.height, p.width}, {d, d, d}};
  }
  static std::vector<float> peer_weights(const StencilCoeffs& c) { return stencil_to_dense(c); }
  // Largest difference over the interior cells: a peer zero-pads where our kernels copy the
  // edge cells (the simulation's boundary condition), so only the interior is the same problem.
  static double peer_error(const std::vector<float>& a, const std::vector<float>& b, const Params& p) {
    double worst = 0;
    const int k = p.order;
    for (int z = k; z < p.depth - k; ++z)
      for (int y = k; y < p.height - k; ++y) {
        const std::size_t row = (std::size_t(z) * p.height + y) * p.width;
        const double err =
            max_abs_error(a.data() + row + k, b.data() + row + k, std::size_t(std::max(0, p.width - 2 * k)));
        worst = std::max(worst, err);
      }
    return worst;
  }
  static void bench_footnote() {
    std::printf(
        "Peers zero-pad the domain where the stencil copies its edge cells: their error is over the interior.\n");
  }
  static void bench_all(const PatternOptions& o, const BenchSettings& settings);
};

// bench_over_radii (app/cli/bench.hpp) over the --steps list too: per order, the reference advances one
// sweep at a time (K sweeps of stencil3d_cpu: the oracle of every row at K), the copy is timed once
// (the grid's bytes, once: a run of K steps is compared with it per step), each strategy runs K
// steps per timed run (temporal: fused launches; the others: K launches). Peers are single sweeps:
// they run at K = 1 only.
void BenchGlue<Stencil3dPattern>::bench_all(const PatternOptions& o, const BenchSettings& settings) {
  using C = BenchGlue<Stencil3dPattern>;
  PatternOptions no_steps = o;
  no_steps.steps.clear();
  const BenchStart start = start_bench(no_steps, kBench.gpu, kBench.cpu);
  Backend& backend = *start.backend;
  const Params base = params_of<C>(start.options);
  BenchRunner runner(backend);
  const auto peers = bench_peers(backend, settings);
  const std::vector<int> orders = parse_list(settings.radii.empty() ? kBench.radii : settings.radii, "--radius");
  std::vector<int> steps = parse_list(o.steps.empty() ? "1" : o.steps, "--steps");
  std::sort(steps.begin(), steps.end());
  const std::vector<Strategy> strategies = bench_strategies<C>(o, base);
  for (int k : orders)
    for (int K : steps) {
      Params p = base;
      p.order = k, p.steps = K, p.strategy = Strategy::basic, p.tile = tilescope::default_tile(p.strategy, k);
      if (auto why = problem(p, runner.limits())) throw InvalidInput(*why);
      bench_operator(k, o.filter);
    }
  const std::size_t n = elements(base);
  const std::vector<float> in = bench_input(n);
  std::vector<float> out(n), ref(n), scratch(n);
  runner.load(in.data(), base);
  const double bytes = compulsory_bytes(base);
  const int peer_rows = std::count(steps.begin(), steps.end(), 1) ? int(peers.size()) : 0;
  BenchReport report(std::string(name()), start.options.size, backend, settings,
                     int(orders.size() * (steps.size() * strategies.size() + peer_rows)));
  for (int k : orders) {
    const StencilCoeffs op = bench_operator(k, o.filter);
    const double copy_ms = copy_median_ms(backend, bytes, settings.reps);
    std::copy(in.begin(), in.end(), ref.begin());
    int done = 0;  // sweeps ref holds
    for (int K : steps) {
      report.progress(bench_reference_label(k) + ", " + std::to_string(K) + " steps");
      for (; done < K; ++done) {
        stencil3d_cpu(op, ref.data(), scratch.data(), base.width, base.height, base.depth);
        ref.swap(scratch);
      }
      Params at = base;
      at.order = k, at.steps = K;
      BenchRow row;
      row.radius = k;
      row.steps = K;
      row.bytes = bytes;
      row.flops = 2.0 * taps(op) * double(n) * K;
      row.tolerance = stencil_steps_tolerance(op, 1.0f, K);
      row.copy_ms = copy_ms;
      for (Strategy s : strategies) {
        Params p = at;
        p.strategy = s;
        bench_tile(p, o, runner.limits());
        const std::optional<std::string> why = problem(p, runner.limits());
        BenchRow strategy_row = row;
        strategy_row.padded = padded_rows(p, backend);
        add_strategy_row(
            report, strategy_row, std::string(info(s).name), p.tile, why,
            [&] { return runner.times(p, op, in.data(), out.data(), settings.reps); },
            [&] {
              runner.output(out.data());
              return max_abs_error(out.data(), ref.data(), n);
            },
            [&] { return K == 1 && settings.yardstick ? yardstick(runner, p, op, settings.reps + 1) : std::nullopt; },
            [&] { return counters_of_run([&] { runner.times(p, op, in.data(), out.data(), 0); }); });
      }
      if (K == 1)
        add_peer_rows(report, peers, peer_shape(base, op), in.data(), peer_weights(op).data(), row, settings.reps,
                      [&](const std::vector<float>& theirs) { return peer_error(theirs, ref, at); });
    }
  }
  bench_footnote();
  if (steps.back() > 1)
    std::printf(
        "--steps K: median ms is the whole run of K steps (temporal: fused launches; the others: K launches), the\n"
        "  copy moves the grid once; 'a step' = median / K. Peers run single steps (K = 1 only).\n");
  if (!report.finish()) throw CLI::RuntimeError(1);
}

template void PatternCli<Stencil3dPattern>::bench(const PatternOptions&, const BenchSettings&);
template CounterReading PatternCli<Stencil3dPattern>::measure(const Stencil3dParams&, GpuTurn);

}  // namespace tilescope::cli
