#pragma once
// The commands for the matrix multiplication (PMPP Fig 3.11, Fig 5.9 / 5.13): matmul's trait plus
// what the shared options set (app/cli/params.hpp); the commands are app/cli's, over the hooks
// (app/cli/pattern_cli.hpp) its cli_*.cpp define (bench is its own: no radius, a row per
// TILE_WIDTH, cuBLAS beside).
#include <optional>
#include <ostream>
#include <string>

#include "app/cli/apply.hpp"
#include "app/cli/pattern_cli.hpp"
#include "kernels/matmul/pattern.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope::cli {

// Defaults: tiled, TILE_WIDTH 16 (fast: its block tile, 128), 1024x1024x1024; --size MxKxN; no radius,
// no filter.
struct MatmulCli : PatternCli<MatmulPattern> {
  static constexpr PatternHelp kHelp{
      "none",
      "MxKxN: M is MxK, N is KxN",
      "1024x1024x1024",
      nullptr,
      "tiled",
      "A @ B",
      "M, a 2-D .npy",
      "the second matrix N (--in is M), a 2-D .npy",
      nullptr,
      "fast: split-K, the inner dimension in this many slices (1..8, default 1), as bench runs it where its rule "
      "weighs that faster",
      "has none"};
  static constexpr int Params::*kRadius = nullptr;
  static constexpr const char* kNoRadius = "matmul has no radius: use --tile for TILE_WIDTH and --size MxKxN";
  static constexpr const char* kNoFilter = "matmul has no filter: give the second matrix with --in2";
  static constexpr int Params::*kSize[] = {&Params::rows, &Params::inner, &Params::cols};
  static constexpr const char* kSizeForm = "MxKxN: M is MxK, N is KxN (e.g. 1024x512x2048)";
  static constexpr bool kTileByStrategy = true;
  // apply reads and writes matmul's own files (cli_apply.cpp); bench and measure (cli_bench.cpp)
  // stand in place of PatternCli's.
  static void apply(const PatternOptions& o, const FileOptions& files);
  // apply's run once M and N are in memory, P = M N (as conv2d's: app/conv2d/cli.hpp).
  static AppliedRun run_apply(const Params& p, std::optional<Break> bug, const std::string& backend, const float* M,
                              const float* N, float* P, std::ostream& notes, Memory memory = Memory::host);
  static void bench(const PatternOptions& o, const BenchSettings& settings);
  static CounterReading measure(const Params& p, GpuTurn turn = {});
};

}  // namespace tilescope::cli
