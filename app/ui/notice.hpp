#pragma once
// Notices over the top of the view, in the warning colour: what a view is still computing, and
// what the user should know about the settings it just took (heavy work: app/ui/frame_cost.hpp).
#include <optional>
#include <string>

#include "app/view/view_transform.hpp"

namespace tilescope {

// `text` (lines) in a box at the top centre of `view`.
void draw_notice(const Rect& view, const std::string& text);

// A notice said once: it shows for kSeconds when it first applies, and again only when it changes.
class OnceNotice {
 public:
  static constexpr double kSeconds = 10;

  // `text` (nothing: no notice) for the current settings: shown for kSeconds when it differs from
  // the one the last call gave.
  void offer(const std::optional<std::string>& text);
  const std::string* shown() const { return left_s_ > 0 && text_ ? &*text_ : nullptr; }
  void tick(double dt) { left_s_ -= dt; }  // dt seconds went by

 private:
  std::optional<std::string> text_;
  double left_s_ = 0;
};

}  // namespace tilescope
