#pragma once
// The shared options -> one pattern's parameters, written once over the pattern's CLI glue `C`
// (app/<pattern>/cli.hpp: its trait plus what differs: the size's form, what --radius means).
#include <string>

#include "app/cli/options.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

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
  C::read_radius(p, o);
  if (o.tile) p.tile = *o.tile;
  else C::fill_default_tile(p);
  if (!o.size.empty()) C::set_size(p, parse_dims(o.size, C::kSizeDims, C::kSizeForm));
  return p;
}

}  // namespace tilescope::cli
