// tilescope bench --pattern conv2d: median kernel time of each strategy on the chosen backend.
#include <cstdio>
#include <iostream>
#include <memory>
#include <random>

#include "app/cli/conv2d/conv2d_cli.hpp"
#include "app/cli/timing_summary.hpp"
#include "kernels/backend.hpp"
#include "kernels/error.hpp"
#include "kernels/strategy_registry.hpp"
#include "kernels/traffic.hpp"

namespace tilescope::cli::conv2d {

void bench(const PatternOptions& o, const BenchSettings& settings) {
  PatternOptions any = o;
  if (any.strategy == "all") any.strategy.clear();
  if (any.size.empty()) any.size = "4096x4096";
  const Conv2dParams base = params_of(any);
  std::vector<Conv2dStrategy> strategies;
  for (int i = 0; i < kConv2dStrategyCount; ++i)
    if (o.strategy == "all" || conv2d_strategies()[i].id == base.strategy) strategies.push_back(conv2d_strategies()[i].id);

  BackendChoice choice = choose_backend(o.backend);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  std::vector<float> in(std::size_t(base.width) * base.height), out(in.size());
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
  for (float& v : in) v = uniform(rng);

  std::printf("bench on %s: image %dx%d, tile %d, median of %d runs after one warm-up\n",
              choice.backend->description().c_str(), base.width, base.height, base.tile, settings.reps);
  std::printf("%-12s %6s %11s %11s %10s %10s %9s\n", "strategy", "radius", "median ms", "min ms", "GB/s*",
              "GFLOP/s", "OP/B");
  for (int r : parse_list(settings.radii.empty() ? "1,2,3,5,7" : settings.radii, "--radius")) {
    const Filter2d f = make_named_filter("box", r);
    for (Conv2dStrategy s : strategies) {
      Conv2dParams p = base;
      p.strategy = s;
      p.filter_radius = r;
      if (auto problem = conv2d_problem(p, choice.backend->limits())) {
        std::printf("%-12s %6d  cannot run: %s\n", strategy_info(s).name.data(), r, problem->c_str());
        continue;
      }
      const TimingSummary t =
          summarize_after_warmup(choice.backend->conv2d(p, f, in.data(), out.data(), settings.reps + 1));
      const double median = t.median_ms, pixels = double(p.width) * p.height;
      std::printf("%-12s %6d %11.4f %11.4f %10.1f %10.1f %9.2f\n", strategy_info(s).name.data(), r, median, t.min_ms,
                  pixels * 8 / median * 1e-6, pixels * 2 * p.filter_dim() * p.filter_dim() / median * 1e-6,
                  exact_traffic(p).opb());
    }
  }
  std::printf("* GB/s counts the compulsory bytes: the image read once and written once.\n");
}

}  // namespace tilescope::cli::conv2d
