#pragma once
// The commands for PMPP chapter 8's 3D stencils.
#include <string>

#include "app/cli/options.hpp"
#include "kernels/stencil3d/params.hpp"
#include "kernels/stencil3d/coeffs.hpp"

namespace tilescope::cli::stencil3d {

// Options -> parameters with stencil3d's defaults (tiled, order 1, the strategy's tile, 256^3);
// --radius is the order. The strategy and size are checked here, the rest by validate_stencil3d.
Stencil3dParams params_of(const PatternOptions& o);
// A named set (default heat), or a (2k+1)^3 .npy whose off-axis entries are zero.
StencilCoeffs load_coeffs(const std::string& spec, int order);

void model(const PatternOptions& o, bool json);
void apply(const PatternOptions& o, const FileOptions& files);
int check(const std::string& backend);
void bench(const PatternOptions& o, const BenchSettings& settings);

}  // namespace tilescope::cli::stencil3d
