#pragma once
// One pattern's part of the app (conv2d, stencil3d, ...): its compute step, the data view with
// the overlays of the real launch, and its panels. The App shell owns the window layout, the
// menus and the pattern selector, and calls the current view each frame.
#include <string>

#include "app/view/view_transform.hpp"
#include "kernels/common/backend.hpp"

namespace tilescope {

struct FrameStats;

class PatternView {
 public:
  virtual ~PatternView() = default;
  // Handles input over `view` (respecting io.WantCaptureMouse), runs this frame's compute step and
  // draws the data and its overlays (GL, then ImGui's background draw list). display_*: the
  // window in ImGui units, fb_scale: framebuffer pixels per unit.
  virtual void frame(const Rect& view, float display_w, float display_h, float fb_scale, double dt) = 0;
  virtual void sidebar() = 0;                   // panels, inside the sidebar window
  virtual void windows(const Rect& view) = 0;   // floating windows over the view (inspector, legend)
  virtual void fit() = 0;                       // show all of the data
  // Where a data element is on screen, after zooming to `zoom` screen pixels per element around it
  // (zoom > 0); headless shots put the pointer there.
  virtual Vec2 point_at(Vec2 element, float zoom) = 0;
  virtual void load_file(const std::string& path) = 0;  // a dropped file; says why when it cannot
  virtual const Backend& backend() const = 0;  // where the compute step runs
  std::string backend_description() const { return backend().description(); }
  virtual FrameStats& stats() = 0;
};

}  // namespace tilescope
