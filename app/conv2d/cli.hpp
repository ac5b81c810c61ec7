#pragma once
// The commands for PMPP chapter 7's 2D convolution.
#include <string>

#include "app/cli/options.hpp"
#include "kernels/conv2d/params.hpp"
#include "kernels/conv2d/filter.hpp"

namespace tilescope::cli::conv2d {

// Options -> parameters, with conv2d's defaults (tiled_in, radius 2, the strategy's default_tile,
// 1024x1024); the
// strategy and size are checked here, the rest by validate_conv2d.
Conv2dParams params_of(const PatternOptions& o);
// A named filter (default box), or a (2r+1)x(2r+1) .npy.
Filter2d load_filter(const std::string& spec, int radius);

void model(const PatternOptions& o, bool json);
// Book model, bound and counted OP/B of every strategy at the radius/size of `p`, at p's tile
// or (default_tiles) each strategy's default_tile.
void print_model_table(const Conv2dParams& p, bool default_tiles);
void apply(const PatternOptions& o, const FileOptions& files);
int check(const std::string& backend);
void bench(const PatternOptions& o, const BenchSettings& settings);

}  // namespace tilescope::cli::conv2d
