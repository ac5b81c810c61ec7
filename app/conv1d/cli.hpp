#pragma once
// The commands for the 1D convolution (PMPP 3rd ed. 7.2-7.5): what app/cli's generic model,
// check and bench need beyond conv1d's trait.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "app/cli/options.hpp"
#include "kernels/conv1d/filter.hpp"
#include "kernels/conv1d/pattern.hpp"

namespace tilescope::cli {

template <class C>
struct ModelRecord;

struct Conv1dCli : Conv1dPattern {
  // Parameters: defaults tiled, radius 2, 1024 threads, 2^20 elements; --tile keeps the given base's.
  static constexpr int kSizeDims = 1;
  static constexpr const char* kSizeForm = "N, the signal's length (e.g. 1048576)";
  static void read_radius(Params& p, const PatternOptions& o) {
    if (o.radius) p.filter_radius = *o.radius;
  }
  static void fill_default_tile(Params&) {}
  static void set_size(Params& p, const std::vector<int>& dims) { p.length = dims[0]; }
  // A named 1D filter (default box), or a .npy of 2r+1 weights.
  static Filter1d load_filter(const std::string& spec, int radius);

  // model
  static constexpr bool kAllIsDefault = true;
  using ModelExtra = LoadReduction;
  static ModelExtra model_extra(const Params& p) { return load_reduction(p); }
  static nlohmann::json model_json_fields(const ModelRecord<Conv1dCli>& m);
  static void print_model_lines(const ModelRecord<Conv1dCli>& m);
  static void print_table_head(const Params& base, const PatternOptions& o);
  static void print_table_row(const Params& p, const PatternOptions& o);
  static void print_table_foot(const Params& base);

  static void apply(const PatternOptions& o, const FileOptions& files);
  static int check(const std::string& backend);
  static void bench(const PatternOptions& o, const BenchSettings& settings);
};

}  // namespace tilescope::cli
