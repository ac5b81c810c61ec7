#include "app/shell/compare.hpp"

#include <algorithm>

namespace tilescope {

std::optional<std::string> compare_problem(int pattern, const std::vector<std::string>& names) {
  if (int(names.size()) < kMinComparePanes || int(names.size()) > kMaxComparePanes)
    return "compare takes 2 to 4 strategies, not " + std::to_string(names.size());
  return with_pattern(pattern, [&](auto app) -> std::optional<std::string> {
    using App = decltype(app);
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (!App::parse_strategy(names[i]))
        return "'" + names[i] + "' is not a " + pattern_id<App>() + " strategy: use " + App::strategy_names();
      if (std::find(names.begin(), names.begin() + i, names[i]) != names.begin() + i)
        return "'" + names[i] + "' is named twice: each pane shows another strategy";
    }
    return std::nullopt;
  });
}

std::vector<std::string> strategy_list(int pattern) {
  return with_pattern(pattern, [](auto app) {
    std::vector<std::string> names;
    for (const auto& info : decltype(app)::strategies()) names.push_back(info.name);
    return names;
  });
}

std::vector<std::string> default_compare(int pattern) {
  return with_pattern(pattern, [](auto app) { return decltype(app)::default_compare(); });
}

void toggle_compare(UiState& s) {
  if (s.compare.empty())
    s.compare = default_compare(s.pattern);
  else
    s.compare.clear();
}

std::string strategy_name(const UiState& s) {
  return s.with_shown([](auto, const auto& u) { return std::string(strategy_info(u.params.strategy).name); });
}

void use_strategy(UiState& s, const std::string& name) {
  s.with_shown([&](auto app, auto& u) { switch_strategy<decltype(app)>(u, name); });
}

UiState with_strategy(const UiState& s, const std::string& name) {
  UiState as = s;
  use_strategy(as, name);
  return as;
}

}  // namespace tilescope
