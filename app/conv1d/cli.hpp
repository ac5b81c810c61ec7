#pragma once
// The commands for the 1D convolution (PMPP 3rd ed. 7.2-7.5).
#include <string>

#include "app/cli/options.hpp"
#include "kernels/conv1d/params.hpp"
#include "kernels/conv1d/filter.hpp"

namespace tilescope::cli::conv1d {

// Options -> parameters, with conv1d's defaults (tiled, radius 2, 1024 threads, 2^20 elements);
// the strategy and size are checked here, the rest by validate_conv1d.
// Options not given keep their value in `base`.
Conv1dParams params_of(const PatternOptions& o, Conv1dParams base = {});
// A named 1D filter (default box), or a .npy of 2r+1 weights.
Filter1d load_filter(const std::string& spec, int radius);

void model(const PatternOptions& o, bool json);
void apply(const PatternOptions& o, const FileOptions& files);
int check(const std::string& backend);
void bench(const PatternOptions& o, const BenchSettings& settings);

}  // namespace tilescope::cli::conv1d
