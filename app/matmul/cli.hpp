#pragma once
// The commands for the matrix multiplication (PMPP Fig 3.11, Fig 5.9 / 5.13): what app/cli's
// generic model, check and bench need beyond matmul's trait.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "app/cli/options.hpp"
#include "kernels/common/error.hpp"
#include "kernels/matmul/pattern.hpp"

namespace tilescope::cli {

template <class C>
struct ModelRecord;

struct MatmulCli : MatmulPattern {
  // Parameters: defaults tiled, TILE_WIDTH 16, 1024x1024x1024; --size MxKxN; no radius, no filter.
  static constexpr int kSizeDims = 3;
  static constexpr const char* kSizeForm = "MxKxN: M is MxK, N is KxN (e.g. 1024x512x2048)";
  static void read_radius(Params&, const PatternOptions& o) {
    if (o.radius) throw InvalidInput("matmul has no radius: use --tile for TILE_WIDTH and --size MxKxN");
    if (!o.filter.empty()) throw InvalidInput("matmul has no filter: give the second matrix with --in2");
  }
  static void fill_default_tile(Params&) {}
  static void set_size(Params& p, const std::vector<int>& dims) { p.rows = dims[0], p.inner = dims[1], p.cols = dims[2]; }

  // model: the throughput the book's OP/B allows on the book's A100 and on this machine's device.
  static constexpr bool kAllIsDefault = true;
  struct ModelExtra {
    std::string device;                      // the CUDA device's description, if there is one
    std::optional<double> bandwidth_gbs;     // its DRAM bandwidth
  };
  static ModelExtra model_extra(const Params& p);
  static nlohmann::json model_json_fields(const ModelRecord<MatmulCli>& m);
  static void print_model_lines(const ModelRecord<MatmulCli>& m);
  static void print_table_head(const Params& base, const PatternOptions& o);
  static void print_table_row(const Params& p, const PatternOptions& o);
  static void print_table_foot(const Params&) {}

  static void apply(const PatternOptions& o, const FileOptions& files);
  static int check(const std::string& backend);
  static void bench(const PatternOptions& o, const BenchSettings& settings);
};

}  // namespace tilescope::cli
