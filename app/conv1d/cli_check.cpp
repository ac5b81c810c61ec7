// tilescope check --pattern conv1d: every strategy against the CPU reference over odd lengths,
// radii and block sizes.
#include <cstdio>
#include <iostream>
#include <random>

#include "app/cli/params.hpp"
#include "app/conv1d/cli.hpp"
#include "app/cli/measure.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "kernels/conv1d/reference.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {
namespace {

constexpr int kLengths[] = {1, 2, 33, 1000, 1025, 4099, 100003};
constexpr int kRadii[] = {1, 2, 3, 8, 16, 31, 32};
constexpr int kTiles[] = {32, 33, 256, 1024};

}  // namespace

int Conv1dCli::check(const std::string& backend_name) {
  BackendChoice choice = choose_backend(backend_name);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  auto engine = choice.backend->make_conv1d_engine();
  std::printf("conv1d: checking %s against the CPU reference (%zu radii from 1 to %d, %zu lengths from 1 to %d)\n",
              choice.backend->description().c_str(), std::size(kRadii), kMaxConv1dRadius, std::size(kLengths),
              kLengths[std::size(kLengths) - 1]);
  std::printf("%-12s %5s %8s %13s  %s\n", "strategy", "tile", "runs", "max abs err", "result");
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  int passed = 0, failed = 0;
  std::string first_error;
  for (int s = 0; s < kConv1dStrategyCount; ++s)
    for (int tile : kTiles) {
      if (conv1d_problem({conv1d_strategies()[s].id, 1, tile, 1}, engine->limits())) continue;  // fast: multiples of 8
      CheckTally tally;
      for (int r : kRadii) {
        const Filter1d f = make_named_filter1d("random:" + std::to_string(r), r);
        for (int length : kLengths) {
          const Conv1dParams p{conv1d_strategies()[s].id, r, tile, length};
          std::vector<float> in(length), out(in.size()), ref(in.size());
          for (float& v : in) v = uniform(rng);
          try {
            engine->conv1d(p, f, in.data(), out.data());
          } catch (const BackendError& e) {
            tally.launch_failed(std::string(conv1d_strategies()[s].name) + " tile " + std::to_string(tile) +
                                    " radius " + std::to_string(r) + ": " + e.what(),
                                first_error);
            continue;
          }
          conv1d_cpu(f, in.data(), ref.data(), length);
          tally.compare(out, ref, conv1d_tolerance(f, 1.0f));
        }
      }
      (tally.bad ? failed : passed) += 1;
      std::printf("%-12s %5d %8d %13.3g  %s\n", conv1d_strategies()[s].name.data(), tile, tally.runs, tally.worst,
                  tally.bad ? "FAIL" : "ok");
    }
  if (!first_error.empty()) std::printf("first backend error: %s\n", first_error.c_str());
  std::printf("check conv1d: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

}  // namespace tilescope::cli
