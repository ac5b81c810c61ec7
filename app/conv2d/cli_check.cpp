// tilescope check --pattern conv2d: every strategy against the CPU reference over odd sizes, radii and tiles.
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "app/cli/check.hpp"
#include "app/conv2d/cli.hpp"
#include "kernels/conv2d/reference.hpp"

namespace tilescope::cli {

template <>
struct CheckGlue<Conv2dPattern> : Conv2dCli {
  static constexpr int kSizes[][2] = {{1, 1}, {1, 37}, {37, 1}, {7, 5}, {31, 33}, {100, 67}, {257, 130}};
  static constexpr int kTiles[] = {8, 16, 32};

  struct Checker {
    std::unique_ptr<Engine> engine;
    std::mt19937 rng{7};
    std::uniform_real_distribution<float> uniform{-1.0f, 1.0f};

    explicit Checker(Backend& b) : engine(make_engine(b)) {}
    void head(const Backend& b) const {
      std::printf("checking %s against the CPU reference (radii 1..%d, %zu sizes from 1x1 to 257x130)\n",
                  b.description().c_str(), kMaxConv2dRadius, std::size(kSizes));
      std::printf("%-12s %5s %8s %8s %13s  %s\n", "strategy", "tile", "runs", "skipped", "max abs err", "result");
    }
    std::vector<int> tiles(Strategy) const { return {std::begin(kTiles), std::end(kTiles)}; }
    bool skip_tile(Strategy, int) const { return false; }
    void run_row(const StrategyInfo& s, int tile, CheckTally& tally, std::string& first_error) {
      for (int r = 1; r <= kMaxConv2dRadius; ++r) {
        // separable runs rank-1 filters: a random column times a random row (still asymmetric).
        const char* random = s.id == Conv2dStrategy::separable ? "random_separable:" : "random:";
        const Filter2d f = make_named_filter(random + std::to_string(r), r);
        for (const auto& size : kSizes) {
          const Params p{s.id, r, tile, size[0], size[1]};
          if (problem(p, engine->limits())) {
            ++tally.skipped;
            continue;
          }
          std::vector<float> in(std::size_t(p.width) * p.height), out(in.size()), ref(in.size());
          for (float& v : in) v = uniform(rng);
          check_case(
              tally, first_error,
              std::string(s.name) + " tile " + std::to_string(tile) + " radius " + std::to_string(r),
              [&] { engine->conv2d(p, f, in.data(), out.data()); },
              [&] { conv2d_cpu(f, in.data(), ref.data(), p.width, p.height); }, out, ref, conv2d_tolerance(f, 1.0f));
        }
      }
    }
    bool row(const StrategyInfo& s, int tile, const CheckTally& t) const {
      if (t.runs == 0 && t.bad == 0) {  // e.g. fast at tile 32: its staged tile exceeds shared memory
        std::printf("%-12s %5d %8d %8d %13s  %s\n", s.name.data(), tile, t.runs, t.skipped, "-", "cannot run");
        return false;
      }
      std::printf("%-12s %5d %8d %8d %13.3g  %s\n", s.name.data(), tile, t.runs, t.skipped, t.worst,
                  t.bad ? "FAIL" : "ok");
      return true;
    }
    void finish(const CheckSummary& sum) const {
      std::printf("(skipped = radius/tile combinations the strategy cannot run, e.g. tiled_in with 2r >= tile)\n");
      sum.print("check");
    }
  };
};

template int PatternCli<Conv2dPattern>::check(const std::string&);

}  // namespace tilescope::cli
