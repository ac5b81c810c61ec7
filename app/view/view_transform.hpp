#pragma once
// Image <-> screen mapping of the view: pan (drag) and zoom (wheel) from fit-to-window down to
// single pixels. Screen coordinates are window pixels, y down; image coordinates are pixels,
// (0, 0) the top-left corner of pixel (0, 0).
#include <algorithm>
#include <cmath>

#include "app/view/cell_rect.hpp"

namespace tilescope {

struct Vec2 {
  float x = 0, y = 0;
};

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(Vec2 p) const { return p.x >= x && p.x < x + w && p.y >= y && p.y < y + h; }
};

class ViewTransform {
 public:
  static constexpr float kMaxZoom = 96.0f;  // screen pixels per image pixel

  // A new viewport keeps the image point at the centre; a new image size refits.
  void set_viewport(Rect r) { viewport_ = r; }
  void set_image(int width, int height) {
    if (width == width_ && height == height_) return;
    width_ = width, height_ = height;
    fit();
  }
  void fit() {
    zoom_ = fit_zoom();
    center_ = {width_ / 2.0f, height_ / 2.0f};
  }

  float zoom() const { return zoom_; }
  float fit_zoom() const {
    if (width_ <= 0 || height_ <= 0) return 1.0f;
    return std::min(viewport_.w / width_, viewport_.h / height_) * 0.98f;
  }
  const Rect& viewport() const { return viewport_; }
  int image_width() const { return width_; }
  int image_height() const { return height_; }

  Vec2 to_screen(Vec2 p) const {
    return {viewport_.x + viewport_.w / 2 + (p.x - center_.x) * zoom_,
            viewport_.y + viewport_.h / 2 + (p.y - center_.y) * zoom_};
  }
  Vec2 to_image(Vec2 s) const {
    return {center_.x + (s.x - viewport_.x - viewport_.w / 2) / zoom_,
            center_.y + (s.y - viewport_.y - viewport_.h / 2) / zoom_};
  }
  // The pixel under a screen point, if it is inside the image.
  bool pixel_at(Vec2 s, int& x, int& y) const {
    const Vec2 p = to_image(s);
    x = cell_of(p.x, width_), y = cell_of(p.y, height_);
    return x >= 0 && y >= 0 && x < width_ && y < height_;
  }
  // Zoom by `factor` keeping the image point under `s` fixed.
  void zoom_at(Vec2 s, float factor) {
    const Vec2 before = to_image(s);
    zoom_ = std::clamp(zoom_ * factor, std::min(fit_zoom(), 1.0f), kMaxZoom);
    const Vec2 after = to_image(s);
    center_.x += before.x - after.x;
    center_.y += before.y - after.y;
  }
  void pan(Vec2 screen_delta) {
    center_.x -= screen_delta.x / zoom_;
    center_.y -= screen_delta.y / zoom_;
  }
  // Centre the view on image point p at the given zoom (used by --hover in shots).
  void look_at(Vec2 p, float zoom) {
    center_ = p;
    zoom_ = std::clamp(zoom, std::min(fit_zoom(), 1.0f), kMaxZoom);
  }

 private:
  Rect viewport_{0, 0, 1, 1};
  int width_ = 0, height_ = 0;
  float zoom_ = 1.0f;
  Vec2 center_;
};

}  // namespace tilescope
