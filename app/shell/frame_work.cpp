#include "app/shell/frame_work.hpp"

#include <string>

namespace tilescope {

FrameWork frame_work(const UiState& s) {
  FrameWork w = s.with_shown([](auto app, const auto& u) { return decltype(app)::frame_work(u); });
  if (w.stops_at_budget) w.budget_s = s.work_budget_ms / 1e3;  // the window's; none headless
  if (s.compare.size() > 1) {
    w.flops *= double(s.compare.size()), w.bytes *= double(s.compare.size());
    w.what += ", " + std::to_string(s.compare.size()) + " strategies side by side";
  }
  return w;
}

}  // namespace tilescope
