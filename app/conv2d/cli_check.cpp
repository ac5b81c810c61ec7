// tilescope check --pattern conv2d: every strategy against the CPU reference over odd sizes, radii and tiles.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <random>

#include "app/cli/params.hpp"
#include "app/conv2d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/conv2d/reference.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope::cli {
namespace {

constexpr int kSizes[][2] = {{1, 1}, {1, 37}, {37, 1}, {7, 5}, {31, 33}, {100, 67}, {257, 130}};
constexpr int kTiles[] = {8, 16, 32};

}  // namespace

int Conv2dCli::check(const std::string& backend_name) {
  BackendChoice choice = choose_backend(backend_name);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  Backend& backend = *choice.backend;
  std::printf("checking %s against the CPU reference (radii 1..%d, %zu sizes from 1x1 to 257x130)\n",
              backend.description().c_str(), kMaxFilterRadius, std::size(kSizes));
  std::printf("%-12s %5s %8s %8s %13s  %s\n", "strategy", "tile", "runs", "skipped", "max abs err", "result");
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  int passed = 0, failed = 0;
  std::string first_error;
  for (int s = 0; s < kConv2dStrategyCount; ++s) {
    for (int tile : kTiles) {
      int runs = 0, skipped = 0, bad = 0;
      double worst = 0;
      for (int r = 1; r <= kMaxFilterRadius; ++r) {
        const Filter2d f = make_named_filter("random:" + std::to_string(r), r);
        for (const auto& size : kSizes) {
          const Conv2dParams p{conv2d_strategies()[s].id, r, tile, size[0], size[1]};
          if (conv2d_problem(p, backend.limits())) {
            ++skipped;
            continue;
          }
          std::vector<float> in(std::size_t(p.width) * p.height), out(in.size()), ref(in.size());
          for (float& v : in) v = uniform(rng);
          try {
            backend.conv2d(p, f, in.data(), out.data());
          } catch (const BackendError& e) {  // a failed launch fails this case, not the whole check
            if (first_error.empty()) first_error = std::string(conv2d_strategies()[s].name) + " tile " +
                                                   std::to_string(tile) + " radius " + std::to_string(r) + ": " + e.what();
            ++bad;
            continue;
          }
          conv2d_cpu(f, in.data(), ref.data(), p.width, p.height);
          const double tol = conv2d_tolerance(f, 1.0f);
          for (std::size_t i = 0; i < out.size(); ++i) {
            const double err = std::fabs(double(out[i]) - ref[i]);
            if (!(err <= tol)) ++bad;  // NaN (an unwritten output) fails too
            worst = std::max(worst, std::isnan(err) ? INFINITY : err);
          }
          ++runs;
        }
      }
      if (runs == 0 && bad == 0) {  // e.g. fast at tile 32: its staged tile exceeds shared memory
        std::printf("%-12s %5d %8d %8d %13s  %s\n", conv2d_strategies()[s].name.data(), tile, runs, skipped, "-",
                    "cannot run");
        continue;
      }
      (bad ? failed : passed) += 1;
      std::printf("%-12s %5d %8d %8d %13.3g  %s\n", conv2d_strategies()[s].name.data(), tile, runs, skipped, worst,
                  bad ? "FAIL" : "ok");
    }
  }
  std::printf("(skipped = radius/tile combinations the strategy cannot run, e.g. tiled_in with 2r >= tile)\n");
  if (!first_error.empty()) std::printf("first backend error: %s\n", first_error.c_str());
  std::printf("check: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

}  // namespace tilescope::cli
