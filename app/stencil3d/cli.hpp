#pragma once
// The commands for PMPP chapter 8's 3D stencils: what app/cli's generic model, check and bench
// need beyond stencil3d's trait.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "app/cli/options.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/pattern.hpp"

namespace tilescope::cli {

template <class C>
struct ModelRecord;

struct Stencil3dCli : Stencil3dPattern {
  // Parameters: defaults tiled, order 1, the strategy's tile, 256^3; --radius is the order.
  static constexpr int kSizeDims = 3;
  static constexpr const char* kSizeForm = "WxHxD (e.g. 256x256x256)";
  static void read_radius(Params& p, const PatternOptions& o) {
    if (o.radius) p.order = *o.radius;
  }
  static void fill_default_tile(Params& p) { p.tile = default_tile(p.strategy); }
  static void set_size(Params& p, const std::vector<int>& dims) {
    p.width = dims[0], p.height = dims[1], p.depth = dims[2];
  }
  // A named set (default heat), or a (2k+1)^3 .npy whose off-axis entries are zero.
  static StencilCoeffs load_coeffs(const std::string& spec, int order);

  // model; its table runs each strategy at its default tile.
  static constexpr bool kAllIsDefault = false;
  struct ModelExtra {};
  static ModelExtra model_extra(const Params&) { return {}; }
  static nlohmann::json model_json_fields(const ModelRecord<Stencil3dCli>& m);
  static void print_model_lines(const ModelRecord<Stencil3dCli>& m);
  static void print_table_head(const Params& base, const PatternOptions& o);
  static void print_table_row(Params p, const PatternOptions& o);
  static void print_table_foot(const Params&) {}

  static void apply(const PatternOptions& o, const FileOptions& files);
  static int check(const std::string& backend);
  static void bench(const PatternOptions& o, const BenchSettings& settings);
};

}  // namespace tilescope::cli
