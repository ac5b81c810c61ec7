// tilescope bench --pattern stencil3d: median kernel time of each strategy on the chosen backend.
#include <cstdio>
#include <iostream>
#include <random>

#include "app/cli/stencil3d/stencil3d_cli.hpp"
#include "app/cli/timing_summary.hpp"
#include "kernels/backend.hpp"
#include "kernels/stencil3d_model.hpp"
#include "kernels/stencil3d_strategies.hpp"
#include "kernels/stencil3d_validate.hpp"

namespace tilescope::cli::stencil3d {

void bench(const PatternOptions& o, const BenchSettings& settings) {
  PatternOptions any = o;
  if (any.strategy == "all") any.strategy.clear();
  const Stencil3dParams base = params_of(any);
  BackendChoice choice = choose_backend(o.backend);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  auto engine = choice.backend->make_stencil3d_engine();
  std::vector<float> in(std::size_t(base.cells())), out(in.size());
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
  for (float& v : in) v = uniform(rng);

  std::printf("bench stencil3d on %s: grid %dx%dx%d, median of %d runs after one warm-up\n",
              choice.backend->description().c_str(), base.width, base.height, base.depth, settings.reps);
  std::printf("%-15s %5s %5s %11s %11s %10s %10s %9s\n", "strategy", "order", "tile", "median ms", "min ms", "GB/s*",
              "GFLOP/s", "OP/B");
  for (int k : parse_list(settings.radii.empty() ? "1,2,3" : settings.radii, "--radius")) {
    const StencilCoeffs c = make_named_stencil("heat", k);
    for (int i = 0; i < kStencil3dStrategyCount; ++i) {
      Stencil3dParams p = base;
      p.strategy = stencil3d_strategies()[i].id;
      if (o.strategy != "all" && p.strategy != base.strategy) continue;
      p.order = k;
      if (o.strategy == "all" || !o.tile) p.tile = default_stencil_tile(p.strategy);
      const char* name = stencil3d_strategy_info(p.strategy).name.data();
      if (auto problem = stencil3d_problem(p, choice.backend->limits())) {
        std::printf("%-15s %5d  cannot run: %s\n", name, k, problem->c_str());
        continue;
      }
      const TimingSummary t = summarize_after_warmup(engine->apply(p, c, in.data(), out.data(), settings.reps + 1));
      const Stencil3dCount count = stencil3d_count(p);
      std::printf("%-15s %5d %5d %11.4f %11.4f %10.1f %10.1f %9.2f\n", name, k, p.tile, t.median_ms, t.min_ms,
                  double(p.cells()) * 8 / t.median_ms * 1e-6, double(count.flops) / t.median_ms * 1e-6, count.opb());
    }
  }
  std::printf("* GB/s counts the compulsory bytes: the grid read once and written once.\n");
}

}  // namespace tilescope::cli::stencil3d
