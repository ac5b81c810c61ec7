#include "app/ui/pattern_view.hpp"

#include <algorithm>
#include <chrono>

#include "app/gl/gl.hpp"

namespace tilescope {

void clear_window(float display_w, float display_h, float fb_scale) {
  glViewport(0, 0, int(display_w * fb_scale), int(display_h * fb_scale));
  glClearColor(0.08f, 0.08f, 0.1f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

namespace {

// The frame took dt (the platform's clock) or, if longer, the time since `start`.
void record_frame_time(FrameStats& stats, double dt, std::chrono::steady_clock::time_point start) {
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  stats.frame_ms.push(float(std::max(dt * 1e3, ms)));
}

}  // namespace

void PatternView::frame(const Rect& view, float display_w, float display_h, float fb_scale, double dt, bool mouse) {
  const auto t0 = std::chrono::steady_clock::now();
  mouse_ = mouse;
  step(view, dt);
  draw(display_w, display_h, fb_scale);
  record_frame_time(stats_, dt, t0);
}

void PatternView::set_pose(const ViewPose& pose) {
  if (pose.zoom > 0 && pose.centre)
    point_at(*pose.centre, pose.zoom);
  else
    fit();
}

}  // namespace tilescope
