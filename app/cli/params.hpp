#pragma once
// The shared options -> one pattern's parameters, written once over the pattern's CLI glue `C`
// (app/<pattern>/cli.hpp: its trait plus what the options set: kRadius, the member --radius sets
// (nullptr: none, then kNoRadius and kNoFilter say so); kSize, the members --size sets in order,
// kSizeForm its form for messages; kTileByStrategy, whether an unset --tile is the strategy's
// default_tile rather than the given base's tile; optionally sized_default_tile(p), that tile where
// it follows the size: stencil3d's fast chunk).
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <iterator>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "app/cli/options.hpp"
#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/strategy_table.hpp"

namespace tilescope::cli {

template <class P, class = void>
struct HasSlices : std::false_type {};
template <class P>
struct HasSlices<P, std::void_t<decltype(std::declval<P&>().slices)>> : std::true_type {};

template <class P, class = void>
struct HasSteps : std::false_type {};
template <class P>
struct HasSteps<P, std::void_t<decltype(std::declval<P&>().steps)>> : std::true_type {};

template <class C, class = void>
struct HasSizedDefaultTile : std::false_type {};
template <class C>
struct HasSizedDefaultTile<C, std::void_t<decltype(C::sized_default_tile(std::declval<const typename C::Params&>()))>>
    : std::true_type {};

// The tile a strategy runs with when --tile is not given, at the radius (or order) and, where the
// glue says how (C::sized_default_tile), the size in `p`.
template <class C>
int default_tile_of(const typename C::Params& p) {
  if constexpr (HasSizedDefaultTile<C>::value)
    return C::sized_default_tile(p);
  else if constexpr (C::kRadius == nullptr)  // matmul
    return tilescope::default_tile(p.strategy, 0);
  else
    return tilescope::default_tile(p.strategy, p.*C::kRadius);
}

// Options not given keep their value in `p` (or the strategy's default tile, for the patterns
// whose tile depends on the strategy). The strategy and size are checked here, the rest by the
// pattern's validate().
template <class C>
typename C::Params params_of(const PatternOptions& o, typename C::Params p = {}) {
  if (!o.strategy.empty()) {
    const auto strategy = C::parse_strategy(o.strategy);
    if (!strategy)
      throw InvalidInput("unknown " + std::string(C::name()) + " strategy '" + o.strategy + "': use " +
                         C::strategy_names());
    p.strategy = *strategy;
  }
  if constexpr (C::kRadius != nullptr) {
    if (o.radius) p.*C::kRadius = *o.radius;
  } else {  // no radius: neither --radius nor --filter means anything
    if (o.radius) throw InvalidInput(C::kNoRadius);
    if (!o.filter.empty()) throw InvalidInput(C::kNoFilter);
  }
  if (!o.size.empty()) {
    const std::vector<int> dims = parse_dims(o.size, int(std::size(C::kSize)), C::kSizeForm);
    for (std::size_t i = 0; i < dims.size(); ++i) p.*C::kSize[i] = dims[i];
  }
  if (!o.steps.empty()) {  // time steps per run: stencil3d's alone (before the tile: temporal's chunk follows them)
    if constexpr (HasSteps<typename C::Params>::value) {
      const std::vector<int> steps = parse_list(o.steps, "--steps");
      if (steps.size() != 1) throw InvalidInput("--steps takes one number here (bench takes a list)");
      p.steps = steps[0];
    } else {
      throw InvalidInput("--steps runs several time steps per run; " + std::string(C::name()) + " has none");
    }
  }
  if (o.tile)
    p.tile = *o.tile;
  else if constexpr (C::kTileByStrategy)
    p.tile = default_tile_of<C>(p);
  if (o.slices) {  // split-K: matmul's alone (its validate says which strategy and counts)
    if constexpr (HasSlices<typename C::Params>::value)
      p.slices = *o.slices;
    else
      throw InvalidInput("--slices splits a product's inner dimension; " + std::string(C::name()) + " has none");
  }
  return p;
}

// The most the absolute values of a filter's weights may sum to. One application of the filter to
// inputs of magnitude up to the same bound is then at most 1e19 x 1e19 = 1e38 in magnitude (every
// partial sum too), under float32's largest finite value (3.4e38) with room for rounding: an output
// that overflows means the input was beyond 1e19, never that the filter was.
inline constexpr double kMaxWeightSum = 1e19;

// Throws InvalidInput in one line unless every weight of a filter read from an array is finite
// ("'NAME': the weights hold NaN or infinity (element i ...)") and their absolute values sum to at
// most kMaxWeightSum.
inline void require_bounded_weights(const std::string& name, const std::vector<float>& weights) {
  double sum = 0;  // a double holds the sum of any float32 weights exactly enough and never overflows
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (!std::isfinite(weights[i]))
      throw InvalidInput("'" + name + "': the weights hold NaN or infinity (element " + std::to_string(i) +
                         " in C order)");
    sum += std::fabs(weights[i]);
  }
  if (sum > kMaxWeightSum) {
    char shown[32];
    std::snprintf(shown, sizeof shown, "%.3g", sum);
    throw InvalidInput("'" + name + "': the weights' absolute values sum to " + shown +
                       ", over 1e19: the sum of |w| must be at most 1e19, so that the output of any input up to 1e19 "
                       "in magnitude stays finite in float32 (under 3.4e38)");
  }
}

// --filter: a filter or stencil by name (`default_name` when none is given), or read from a .npy
// by `from_npy`, which checks the array's shape against the radius.
template <class MakeNamed, class FromNpy>
auto named_or_npy(const std::string& spec, const char* default_name, int radius, MakeNamed&& make_named,
                  FromNpy&& from_npy) {
  if (spec.empty()) return make_named(default_name, radius);
  if (!io::has_extension(spec, ".npy")) return make_named(spec, radius);
  return from_npy(io::read_npy(spec));
}

}  // namespace tilescope::cli
