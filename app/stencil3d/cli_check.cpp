// tilescope check --pattern stencil3d: every strategy against the CPU reference.
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "app/cli/check.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/stencil3d/reference.hpp"

namespace tilescope::cli {

template <>
struct CheckGlue<Stencil3dPattern> : Stencil3dCli {
  static constexpr int kSizes[][3] = {{1, 1, 1}, {9, 1, 4}, {7, 8, 9}, {33, 17, 40}, {70, 45, 37}};

  struct Checker {
    Backend& backend;
    std::unique_ptr<Stencil3dEngine> engine;
    std::mt19937 rng{7};
    std::uniform_real_distribution<float> uniform{-1.0f, 1.0f};

    explicit Checker(Backend& b) : backend(b), engine(make_engine(b)) {}
    void head(const Backend& b) const {
      std::printf("checking stencil3d on %s against the CPU reference (orders 1..%d, grids 1x1x1 to 70x45x37)\n",
                  b.description().c_str(), kMaxStencil3dRadius);
      std::printf("%-15s %5s %8s %8s %13s  %s\n", "strategy", "tile", "runs", "skipped", "max abs err", "result");
    }
    // Half the default tile (plus one: odd) and the default.
    std::vector<int> tiles(Strategy s) const {
      return {tilescope::default_tile(s, 1) / 2 + 1, tilescope::default_tile(s, 1)};
    }
    bool skip_tile(Strategy, int) const { return false; }
    void run_row(const StrategyInfo& s, int tile, CheckTally& tally, std::string& first_error) {
      for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
        const StencilCoeffs c = make_named_stencil("random:" + std::to_string(k), k);
        for (const auto& size : kSizes) {
          Params p;
          p.strategy = s.id, p.order = k, p.tile = tile, p.width = size[0], p.height = size[1], p.depth = size[2];
          if (problem(p, backend.limits())) {
            ++tally.skipped;
            continue;
          }
          std::vector<float> in(std::size_t(p.cells())), out(in.size()), ref(in.size());
          for (float& v : in) v = uniform(rng);
          check_case(
              tally, first_error, std::string(s.name) + " tile " + std::to_string(tile) + " order " + std::to_string(k),
              [&] { engine->apply(p, c, in.data(), out.data()); },
              [&] { stencil3d_cpu(c, in.data(), ref.data(), p.width, p.height, p.depth); }, out, ref,
              stencil_tolerance(c, 1.0f));
        }
      }
    }
    // The row's first backend error stands in the row itself.
    bool row(const StrategyInfo& s, int tile, const CheckTally& t) const {
      std::printf("%-15s %5d %8d %8d %13.3g  %s%s\n", s.name.data(), tile, t.runs, t.skipped, t.worst,
                  t.bad ? "FAIL" : "ok", t.error.empty() ? "" : ("  (" + t.error + ")").c_str());
      return true;
    }
    void finish(const CheckSummary& sum) const {
      std::printf("check stencil3d: %s\n", sum.failed ? "FAILED" : "all passed");
    }
  };
};

template int PatternCli<Stencil3dPattern>::check(const std::string&);

}  // namespace tilescope::cli
