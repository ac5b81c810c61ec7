// tilescope bench --pattern conv1d: median kernel time of each strategy on the chosen backend.
#include <cstdio>
#include <iostream>
#include <random>

#include "app/cli/conv1d/conv1d_cli.hpp"
#include "app/cli/measure.hpp"
#include "kernels/backend.hpp"
#include "kernels/conv1d_launch.hpp"
#include "kernels/conv1d_strategies.hpp"
#include "kernels/conv1d_traffic.hpp"

namespace tilescope::cli::conv1d {

void bench(const PatternOptions& o, const BenchSettings& settings) {
  PatternOptions any = o;
  if (any.strategy == "all") any.strategy.clear();
  if (any.size.empty()) any.size = std::to_string(1 << 26);  // 256 MiB: well past the L2 cache
  const Conv1dParams base = params_of(any);
  BackendChoice choice = choose_backend(o.backend);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  auto engine = choice.backend->make_conv1d_engine();
  std::vector<float> in(base.length), out(in.size());
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
  for (float& v : in) v = uniform(rng);
  engine->load_input(in.data(), base.length);

  std::printf("bench conv1d on %s: %d elements, blockDim %d, median of %d runs after one warm-up\n",
              choice.backend->description().c_str(), base.length, base.tile, settings.reps);
  std::printf("%-12s %6s %11s %11s %10s %10s %9s\n", "strategy", "radius", "median ms", "min ms", "GB/s*", "GFLOP/s",
              "OP/B");
  for (int r : parse_list(settings.radii.empty() ? "1,2,4,8,16" : settings.radii, "--radius")) {
    const Filter1d f = make_named_filter1d("box", r);
    for (int s = 0; s < kConv1dStrategyCount; ++s) {
      Conv1dParams p = base;
      p.strategy = conv1d_strategies()[s].id;
      p.filter_radius = r;
      if (o.strategy != "all" && p.strategy != base.strategy) continue;
      if (auto problem = conv1d_problem(p, engine->limits())) {
        std::printf("%-12s %6d  cannot run: %s\n", conv1d_strategies()[s].name.data(), r, problem->c_str());
        continue;
      }
      std::vector<double> ms;
      for (int i = 0; i <= settings.reps; ++i) ms.push_back(engine->run(p, f));
      const Timing t = summarize(ms);
      std::printf("%-12s %6d %11.4f %11.4f %10.1f %10.1f %9.2f\n", conv1d_strategies()[s].name.data(), r, t.median,
                  t.min, double(p.length) * 8 / t.median * 1e-6, double(p.length) * 2 * p.filter_dim() / t.median * 1e-6,
                  exact_traffic(p).opb());
    }
  }
  std::printf("* GB/s counts the compulsory bytes: the signal read once and written once.\n");
}

}  // namespace tilescope::cli::conv1d
