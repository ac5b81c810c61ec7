#include "app/shell/ui_state.hpp"

#include "app/shell/compare.hpp"

namespace tilescope {

bool apply_key(UiState& s, unsigned int ch) {
  if (apply_common_key(s, ch)) return true;
  switch (ch) {
    case 'p':
    case 'P': s.pattern = (s.pattern + 1) % kPatternCount; return true;
    case 'c':
    case 'C': toggle_compare(s); return true;
    default: return s.with_shown([&](auto, auto& u) { return apply_key(u, ch); });
  }
}

void clamp(UiState& s) {
  for_each_pattern([&](auto app) { clamp(s.ui<typename decltype(app)::Ui>()); });
}

bool broken_on_purpose(const UiState& s) {
  return s.with_shown([](auto app, const auto& u) { return decltype(app)::broken_on_purpose(u); });
}

void open_file(UiState& s, const std::string& path) {
  int opener = -1, i = 0;
  for_each_pattern([&](auto app) {
    using App = decltype(app);
    if (App::kOpensFiles && opener < 0) opener = i, App::open_file(s.ui<typename App::Ui>(), path);
    ++i;
  });
  if (opener >= 0) s.pattern = opener;
}

const char* const* pattern_ids() {
  static const auto ids = [] {
    static std::string names[kPatternCount];
    std::vector<const char*> out;
    int i = 0;
    for_each_pattern([&](auto app) { names[i] = pattern_id<decltype(app)>(), out.push_back(names[i++].c_str()); });
    return out;
  }();
  return ids.data();
}

const char* const* pattern_labels() {
  static const auto labels = [] {
    std::vector<const char*> out;
    for_each_pattern([&](auto app) { out.push_back(decltype(app)::label()); });
    return out;
  }();
  return labels.data();
}

int pattern_index(const std::string& id) {
  for (int i = 0; i < kPatternCount; ++i)
    if (id == pattern_ids()[i]) return i;
  return -1;
}

}  // namespace tilescope
