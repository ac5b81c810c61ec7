// tilescope check --pattern stencil3d: every strategy against the CPU reference.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>

#include "app/cli/params.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/stencil3d/reference.hpp"
#include "kernels/common/error.hpp"
#include "kernels/stencil3d/strategies.hpp"
#include "kernels/stencil3d/model.hpp"

namespace tilescope::cli {
namespace {

constexpr int kSizes[][3] = {{1, 1, 1}, {9, 1, 4}, {7, 8, 9}, {33, 17, 40}, {70, 45, 37}};

}  // namespace

int Stencil3dCli::check(const std::string& backend_name) {
  BackendChoice choice = choose_backend(backend_name);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  auto engine = choice.backend->make_stencil3d_engine();
  std::printf("checking stencil3d on %s against the CPU reference (orders 1..%d, grids 1x1x1 to 70x45x37)\n",
              choice.backend->description().c_str(), kMaxStencilOrder);
  std::printf("%-15s %5s %8s %8s %13s  %s\n", "strategy", "tile", "runs", "skipped", "max abs err", "result");
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  int failed = 0;
  for (int s = 0; s < kStencil3dStrategyCount; ++s) {
    const Stencil3dStrategy strategy = stencil3d_strategies()[s].id;
    const int base = default_stencil_tile(strategy);
    for (int tile : {base / 2 + 1, base}) {
      int runs = 0, skipped = 0, bad = 0;
      double worst = 0;
      std::string error;
      for (int k = 1; k <= kMaxStencilOrder; ++k) {
        const StencilCoeffs c = make_named_stencil("random:" + std::to_string(k), k);
        for (const auto& size : kSizes) {
          Stencil3dParams p;
          p.strategy = strategy, p.order = k, p.tile = tile, p.width = size[0], p.height = size[1], p.depth = size[2];
          if (stencil3d_problem(p, choice.backend->limits())) {
            ++skipped;
            continue;
          }
          std::vector<float> in(std::size_t(p.cells())), out(in.size()), ref(in.size());
          for (float& v : in) v = uniform(rng);
          try {
            engine->apply(p, c, in.data(), out.data());
          } catch (const BackendError& e) {  // a failed launch fails this case, not the whole check
            if (error.empty()) error = e.what();
            ++bad;
            continue;
          }
          stencil3d_cpu(c, in.data(), ref.data(), p.width, p.height, p.depth);
          for (std::size_t i = 0; i < out.size(); ++i) {
            const double err = std::fabs(double(out[i]) - ref[i]);
            if (!(err <= stencil_tolerance(c, 1.0f))) ++bad;  // NaN (an unwritten cell) fails too
            worst = std::max(worst, std::isnan(err) ? INFINITY : err);
          }
          ++runs;
        }
      }
      failed += bad != 0;
      std::printf("%-15s %5d %8d %8d %13.3g  %s%s\n", stencil3d_strategies()[s].name.data(), tile, runs, skipped, worst,
                  bad ? "FAIL" : "ok", error.empty() ? "" : ("  (" + error + ")").c_str());
    }
  }
  std::printf("check stencil3d: %s\n", failed ? "FAILED" : "all passed");
  return failed ? 1 : 0;
}

}  // namespace tilescope::cli
