#pragma once
// The commands for the matrix multiplication (PMPP Fig 3.11, Fig 5.9 / 5.13).
#include <string>

#include "app/cli/options.hpp"
#include "kernels/matmul/params.hpp"

namespace tilescope::cli::matmul {

// Options -> parameters, with matmul's defaults (tiled, TILE_WIDTH 16, 1024x1024x1024); the
// strategy and sizes (--size MxKxN) are checked here, the rest by validate_matmul.
// Options not given keep their value in `base`.
MatmulParams params_of(const PatternOptions& o, MatmulParams base = {});

void model(const PatternOptions& o, bool json);
void apply(const PatternOptions& o, const FileOptions& files);
int check(const std::string& backend);
void bench(const PatternOptions& o, const BenchSettings& settings);

}  // namespace tilescope::cli::matmul
