#pragma once
// The commands for PMPP chapter 8's 3D stencils: stencil3d's trait plus what the shared options set
// (app/cli/params.hpp); the commands are app/cli's, over the hooks (app/cli/pattern_cli.hpp) its
// cli_*.cpp define.
#include <optional>
#include <ostream>
#include <string>

#include "app/cli/apply.hpp"
#include "app/cli/pattern_cli.hpp"
#include "app/io/npy.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/pattern.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope::cli {

// Defaults: tiled, order 1, the strategy's tile, 256^3; --radius is the order.
struct Stencil3dCli : PatternCli<Stencil3dPattern> {
  static constexpr PatternHelp kHelp{
      "order k, 1..3 (default 1)",
      "WxHxD",
      "256x256x256",
      "time steps per run, 1..8 (default 1): every strategy sweeps K times, temporal fuses them",
      "tiled",
      "interior cells scipy.ndimage.correlate(x, w, mode='constant'); cells within k of the edge keep their value",
      "a 3-D .npy (D, H, W)"};
  static constexpr int Params::*kRadius = &Params::order;
  static constexpr int Params::*kSize[] = {&Params::width, &Params::height, &Params::depth};
  static constexpr const char* kSizeForm = "WxHxD (e.g. 256x256x256)";
  static constexpr bool kTileByStrategy = true;
  // fast's z chunk follows the grid (fast_chunk_for with no GPU known: the order's, longer where a
  // deep grid's chunks would not fit the launch's z dimension); bench takes the GPU's rule.
  static int sized_default_tile(const Params& p) { return default_tile(p, DeviceLimits{}); }
  // A named set (default heat), or a (2k+1)^3 .npy whose off-axis entries are zero.
  static StencilCoeffs load_coeffs(const std::string& spec, int order);
  // Finite (2k+1)^3 coefficients from an array; `name` names it in messages.
  static StencilCoeffs coeffs_from_array(const std::string& name, const io::NpyArray& a, int order);
  // apply reads and writes the pattern's own files (cli_apply.cpp); sized_to_volume gives its
  // parameters for a (D, H, W) volume in memory, and run_apply is its run (as conv2d's:
  // app/conv2d/cli.hpp): p.steps steps in one call of the engine (temporal fuses them on chip).
  static void apply(const PatternOptions& o, const FileOptions& files);
  // p (o's) sized to the volume: temporal's z chunk follows the grid unless o gives --tile; InvalidInput
  // where `bug` meets several steps (the broken kernel runs one).
  static Params sized_to_volume(const PatternOptions& o, Params p, std::optional<Break> bug, int depth, int height,
                                int width);
  static AppliedRun run_apply(const Params& p, std::optional<Break> bug, const StencilCoeffs& coeffs,
                              const std::string& backend, const float* in, float* out, std::ostream& notes,
                              Memory memory = Memory::host);
};

}  // namespace tilescope::cli
