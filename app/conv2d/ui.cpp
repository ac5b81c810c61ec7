#include "app/conv2d/ui.hpp"

#include <algorithm>

#include "kernels/common/in_range.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {

// sliding's tile is a strip of rows (one warp per 128 columns), the others' a block side.
int max_tile(Conv2dStrategy strategy) { return strategy == Conv2dStrategy::sliding ? kMaxSlidingStrip : 32; }

void clamp(Conv2dUi& c) {
  c.params.filter_radius = std::clamp(c.params.filter_radius, 1, kMaxConv2dRadius);
  c.params.tile = std::clamp(c.params.tile, 1, max_tile(c.params.strategy));
  if (c.bug != Break::none && break_problem(c.params.strategy, c.bug)) c.bug = Break::none;
}

DeviceLimits gpu_of(const Conv2dUi& c) {
  DeviceLimits gpu;
  gpu.sm_count = c.sm_count;
  return gpu;
}

void select_strategy(Conv2dUi& c, Conv2dStrategy strategy) {
  const int r = c.params.filter_radius;
  // sliding's strip comes from the image and the GPU (sliding_strip_for), as bench's does; the
  // others keep the tile unless their default differs.
  Conv2dParams next = c.params;
  next.strategy = strategy;
  if (strategy == Conv2dStrategy::sliding || default_tile(strategy, r) != default_tile(c.params.strategy, r))
    next.tile = default_tile(next, gpu_of(c));
  c.params = next;
}

bool apply_key(Conv2dUi& c, unsigned int ch) {
  switch (ch) {
    case '+':
    case '=': ++c.params.filter_radius; break;
    case '-':
    case '_': --c.params.filter_radius; break;
    case ']': c.params.tile = c.params.tile < 8 ? c.params.tile + 1 : c.params.tile * 2; break;  // clamped below
    case '[': c.params.tile = c.params.tile <= 8 ? c.params.tile - 1 : c.params.tile / 2; break;
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8': select_strategy(c, static_cast<Conv2dStrategy>(ch - '1')); break;
    case 'v':
    case 'V': c.view = static_cast<ViewMode>((int(c.view) + 1) % 4); break;
    default: return apply_stepper_key(c.stepper, ch);
  }
  clamp(c);
  return true;
}

const char* const* view_names() {
  static const char* const names[] = {"input", "output", "split", "diff"};  // in ViewMode's order
  return names;
}

const char* view_name(ViewMode v) { return in_range(int(v), 4) ? view_names()[int(v)] : "?"; }

const char* const* demo_scene_names() {
  static const char* const names[kDemoSceneCount] = {"mixed", "checker", "rings", "impulses"};  // DemoScene's order
  return names;
}

}  // namespace tilescope
