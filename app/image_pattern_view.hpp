#pragma once
// A pattern view that shows its data as an image through a ViewTransform (pan, zoom, fit to the
// view): conv2d's input or output image, stencil3d's z slice.
#include "app/pattern_view.hpp"
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

 protected:
  ViewTransform view_;
};

}  // namespace tilescope
