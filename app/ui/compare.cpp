#include "app/ui/compare.hpp"

#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/strategies.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {
namespace {

// `f(params, radius)` on the current pattern's parameters (matmul has no radius: 0).
template <typename State, typename F>
decltype(auto) with_params(State& s, F&& f) {
  switch (s.pattern) {
    case Pattern::stencil3d: return f(s.stencil.params, s.stencil.params.order);
    case Pattern::conv1d: return f(s.conv1d.params, s.conv1d.params.filter_radius);
    case Pattern::matmul: return f(s.matmul.params, 0);
    case Pattern::conv2d: break;
  }
  return f(s.conv2d.params, s.conv2d.params.filter_radius);
}

template <typename Params>
using StrategyOf = decltype(Params::strategy);

void clamp_all(UiState& s) {
  clamp_params(s);
  clamp_stencil3d(s.stencil);
  clamp_conv1d(s.conv1d);
  clamp_matmul(s.matmul);
}

}  // namespace

std::optional<std::string> compare_problem(Pattern pattern, const std::vector<std::string>& names) {
  if (int(names.size()) < kMinComparePanes || int(names.size()) > kMaxComparePanes)
    return "compare takes 2 to 4 strategies, not " + std::to_string(names.size());
  UiState s;
  s.pattern = pattern;
  return with_params(s, [&](auto& p, int) -> std::optional<std::string> {
    using Strategy = StrategyOf<std::remove_reference_t<decltype(p)>>;
    for (const std::string& name : names)
      if (!parse_strategy<Strategy>(name))
        return "'" + name + "' is not a " + pattern_id(pattern) + " strategy: use " + strategy_names<Strategy>();
    return std::nullopt;
  });
}

std::vector<std::string> strategy_list(Pattern pattern) {
  UiState s;
  s.pattern = pattern;
  return with_params(s, [](auto& p, int) {
    std::vector<std::string> names;
    for (const auto& info : strategy_table<StrategyOf<std::remove_reference_t<decltype(p)>>>())
      names.push_back(info.name);
    return names;
  });
}

std::vector<std::string> default_compare(Pattern pattern) {
  switch (pattern) {
    case Pattern::stencil3d: return {"basic", "tiled", "coarsened", "register_tiled"};
    case Pattern::conv1d: return {"basic", "const_mem", "tiled", "cached_halo"};
    case Pattern::matmul: return {"naive", "tiled"};
    case Pattern::conv2d: break;
  }
  return {"basic", "tiled_in", "tiled_out", "cached_halo"};
}

void toggle_compare(UiState& s) {
  if (s.compare.empty())
    s.compare = default_compare(s.pattern);
  else
    s.compare.clear();
}

std::string strategy_name(const UiState& s) {
  return with_params(s, [](const auto& p, int) { return strategy_info(p.strategy).name; });
}

void use_strategy(UiState& s, const std::string& name) {
  with_params(s, [&](auto& p, int r) {
    using Strategy = StrategyOf<std::remove_reference_t<decltype(p)>>;
    const Strategy to = *parse_strategy<Strategy>(name);
    if (default_tile(to, r) != default_tile(p.strategy, r)) p.tile = default_tile(to, r);
    p.strategy = to;
  });
  clamp_all(s);
  with_params(s, [&](auto& p, int r) {
    if (launch_problem(p)) p.tile = default_tile(p.strategy, r);
  });
  clamp_all(s);
  drop_breaks_that_cannot_run(s);
}

UiState with_strategy(const UiState& s, const std::string& name) {
  UiState as = s;
  use_strategy(as, name);
  return as;
}

}  // namespace tilescope
