#pragma once
// The built-in live images, one pixel at a time, shared by the CPU and the CUDA source so both
// backends animate the same scenes. Values in [0, 1].
#include <math.h>

#include "kernels/common/hd.hpp"

namespace tilescope {

enum class DemoScene : int {
  mixed,     // a rotating checkerboard (hard edges) over expanding rings, a soft blob orbiting
  checker,   // the rotating checkerboard alone
  rings,     // the expanding rings alone
  impulses,  // single bright pixels on a drifting grid: the output shows each filter's footprint
};
inline constexpr int kDemoSceneCount = 4;

TS_HD float demo_scene_value(DemoScene scene, int x, int y, int width, int height, float t) {
  if (scene == DemoScene::impulses) {
    const int shift = int(floorf(t * 4.0f));  // one pixel every quarter second
    return ((x + shift) % 48 == 24 && y % 48 == 24) ? 1.0f : 0.0f;
  }
  const float s = 1.0f / float(width < height ? width : height);
  const float du = (x - 0.5f * width) * s, dv = (y - 0.5f * height) * s;
  float value;
  if (scene == DemoScene::checker || (scene == DemoScene::mixed && dv < 0.0f)) {
    const float c = cosf(0.4f * t), sn = sinf(0.4f * t);
    const float ru = c * du - sn * dv, rv = sn * du + c * dv;
    value = ((int(floorf(ru * 12.0f)) + int(floorf(rv * 12.0f))) & 1) ? 0.75f : 0.25f;
  } else {
    value = 0.5f + 0.5f * sinf(40.0f * sqrtf(du * du + dv * dv) - 3.0f * t);
  }
  if (scene != DemoScene::mixed) return value;
  const float gu = du - 0.25f * cosf(0.7f * t) * width * s, gv = dv - 0.25f * sinf(0.9f * t) * height * s;
  const float blob = expf(-(gu * gu + gv * gv) * 60.0f);
  value = value * (1.0f - blob) + blob;
  return value < 0.0f ? 0.0f : value > 1.0f ? 1.0f : value;
}

}  // namespace tilescope
