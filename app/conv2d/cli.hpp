#pragma once
// The commands for PMPP chapter 7's 2D convolution: what app/cli's generic model, check and bench
// need beyond conv2d's trait.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "app/cli/options.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/pattern.hpp"

namespace tilescope::cli {

template <class C>
struct ModelRecord;

struct Conv2dCli : Conv2dPattern {
  // Parameters: defaults tiled_in, radius 2, the strategy's default_tile, 1024x1024.
  static constexpr int kSizeDims = 2;
  static constexpr const char* kSizeForm = "WxH (e.g. 1024x768)";
  static void read_radius(Params& p, const PatternOptions& o) {
    if (o.radius) p.filter_radius = *o.radius;
  }
  static void fill_default_tile(Params& p) { p.tile = default_tile(p.strategy, p.filter_radius); }
  static void set_size(Params& p, const std::vector<int>& dims) { p.width = dims[0], p.height = dims[1]; }
  // A named filter (default box), or a (2r+1)x(2r+1) .npy.
  static Filter2d load_filter(const std::string& spec, int radius);

  // model; its table runs each strategy at its default tile unless --tile names one.
  static constexpr bool kAllIsDefault = false;
  struct ModelExtra {};
  static ModelExtra model_extra(const Params&) { return {}; }
  static nlohmann::json model_json_fields(const ModelRecord<Conv2dCli>& m);
  static void print_model_lines(const ModelRecord<Conv2dCli>& m);
  static void print_table_head(const Params& base, const PatternOptions& o);
  static void print_table_row(Params p, const PatternOptions& o);
  static void print_table_foot(const Params& base);

  static void apply(const PatternOptions& o, const FileOptions& files);
  static int check(const std::string& backend);
  static void bench(const PatternOptions& o, const BenchSettings& settings);
};

}  // namespace tilescope::cli
