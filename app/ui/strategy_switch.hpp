#pragma once
// A pattern's settings switched to another of its strategies by name, written once for every
// pattern over its trait `App` (app/<pattern>/app_pattern.hpp): compare's panes, the ladder and the
// traffic meter run the shown data with each strategy this way.
#include <string>

#include "kernels/common/strategy_table.hpp"

namespace tilescope {

// Switches `u` to strategy `name` (one the pattern has): a strategy whose default tile differs
// (conv2d fast, stencil3d tiled, ...) or that cannot run the current tile takes its own default
// tile; a break goes where the strategy cannot break (the pattern's clamp).
template <class App>
void switch_strategy(typename App::Ui& u, const std::string& name) {
  auto& p = u.params;
  int r = 0;  // a pattern without a radius: 0
  if constexpr (App::kRadius != nullptr) r = p.*App::kRadius;
  const auto to = *App::parse_strategy(name);
  if (default_tile(to, r) != default_tile(p.strategy, r)) p.tile = default_tile(to, r);
  p.strategy = to;
  clamp(u);
  if (launch_problem(p)) p.tile = default_tile(p.strategy, r);
  clamp(u);
}

// `u` with strategy `name`: what the view would run with it.
template <class App>
typename App::Ui with_strategy(typename App::Ui u, const std::string& name) {
  switch_strategy<App>(u, name);
  return u;
}

}  // namespace tilescope
