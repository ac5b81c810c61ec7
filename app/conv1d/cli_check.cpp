// tilescope check --pattern conv1d: every strategy against the CPU reference over odd lengths,
// radii and block sizes.
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "app/cli/check.hpp"
#include "app/conv1d/cli.hpp"
#include "kernels/conv1d/reference.hpp"

namespace tilescope::cli {

template <>
struct CheckGlue<Conv1dPattern> : Conv1dCli {
  static constexpr int kLengths[] = {1, 2, 33, 1000, 1025, 4099, 100003};
  static constexpr int kRadii[] = {1, 2, 3, 8, 16, 31, 32};
  static constexpr int kTiles[] = {32, 33, 256, 1024};

  struct Checker {
    std::unique_ptr<Conv1dEngine> engine;
    std::mt19937 rng{7};
    std::uniform_real_distribution<float> uniform{-1.0f, 1.0f};

    explicit Checker(const Backend& b) : engine(make_engine(b)) {}
    void head(const Backend& b) const {
      std::printf("conv1d: checking %s against the CPU reference (%zu radii from 1 to %d, %zu lengths from 1 to %d)\n",
                  b.description().c_str(), std::size(kRadii), kMaxConv1dRadius, std::size(kLengths),
                  kLengths[std::size(kLengths) - 1]);
      std::printf("%-12s %5s %8s %13s  %s\n", "strategy", "tile", "runs", "max abs err", "result");
    }
    std::vector<int> tiles(Strategy) const { return {std::begin(kTiles), std::end(kTiles)}; }
    bool skip_tile(Strategy s, int tile) const {
      return bool(problem({s, 1, tile, 1}, engine->limits()));  // fast: multiples of 8
    }
    void run_row(const StrategyInfo& s, int tile, CheckTally& tally, std::string& first_error) {
      for (int r : kRadii) {
        const Filter1d f = make_named_filter1d("random:" + std::to_string(r), r);
        for (int length : kLengths) {
          const Params p{s.id, r, tile, length};
          std::vector<float> in(length), out(in.size()), ref(in.size());
          for (float& v : in) v = uniform(rng);
          check_case(
              tally, first_error,
              std::string(s.name) + " tile " + std::to_string(tile) + " radius " + std::to_string(r),
              [&] { engine->conv1d(p, f, in.data(), out.data()); },
              [&] { conv1d_cpu(f, in.data(), ref.data(), length); }, out, ref, conv1d_tolerance(f, 1.0f));
        }
      }
    }
    bool row(const StrategyInfo& s, int tile, const CheckTally& t) const {
      std::printf("%-12s %5d %8d %13.3g  %s\n", s.name.data(), tile, t.runs, t.worst, t.bad ? "FAIL" : "ok");
      return true;
    }
    void finish(const CheckSummary& sum) const { sum.print("check conv1d"); }
  };
};

template int PatternCli<Conv1dPattern>::check(const std::string&);

}  // namespace tilescope::cli
