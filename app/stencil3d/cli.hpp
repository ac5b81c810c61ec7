#pragma once
// The commands for PMPP chapter 8's 3D stencils: stencil3d's trait plus what the shared options
// set (app/cli/params.hpp); the commands are app/cli's, over hooks in cli_*.cpp.
#include <string>

#include "app/cli/options.hpp"
#include "kernels/common/counters.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/pattern.hpp"

namespace tilescope::cli {

// Defaults: tiled, order 1, the strategy's tile, 256^3; --radius is the order.
struct Stencil3dCli : Stencil3dPattern {
  static constexpr int Params::*kRadius = &Params::order;
  static constexpr int Params::*kSize[] = {&Params::width, &Params::height, &Params::depth};
  static constexpr const char* kSizeForm = "WxHxD (e.g. 256x256x256)";
  static constexpr bool kTileByStrategy = true;
  // A named set (default heat), or a (2k+1)^3 .npy whose off-axis entries are zero.
  static StencilCoeffs load_coeffs(const std::string& spec, int order);

  static void model(const PatternOptions& o, bool json);
  // model --measure: one run of p on CUDA, on bench's data (cli_bench.cpp), under the profiler.
  static CounterReading measure(const Params& p);
  static void apply(const PatternOptions& o, const FileOptions& files);
  static int check(const std::string& backend);
  static void bench(const PatternOptions& o, const BenchSettings& settings);
};

}  // namespace tilescope::cli
