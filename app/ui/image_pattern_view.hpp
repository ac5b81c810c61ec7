#pragma once
// A pattern view that shows its data as an image through a ViewTransform (pan, zoom, fit to the
// view): conv2d's input or output image, stencil3d's z slice.
#include <cmath>

#include "app/ui/pattern_view.hpp"
#include "app/view/view_transform.hpp"

namespace tilescope {

class ImagePatternView : public PatternView {
 public:
  using PatternView::PatternView;
  void fit() override { view_.fit(); }
  Vec2 point_at(Vec2 element, float zoom) override {
    if (zoom > 0) view_.look_at(element, zoom);
    return view_.to_screen(element);
  }
  ViewPose pose() const override {
    const Rect& v = view_.viewport();
    if (std::abs(view_.zoom() - view_.fit_zoom()) < 1e-4f * view_.fit_zoom()) return {};
    return {view_.zoom(), view_.to_image({v.x + v.w / 2, v.y + v.h / 2})};
  }

 protected:
  ViewTransform view_;
};

}  // namespace tilescope
