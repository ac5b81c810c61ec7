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

// What every pixel of a frame shares (the checkerboard's rotation, the blob's place), computed
// once a frame rather than once a pixel: the transcendental calls per pixel drop from 6 to 3.
struct DemoFrame {
  DemoScene scene;
  int width, height;
  float s;               // 1 / the shorter side: the scene's unit
  float cos_r, sin_r;    // the checkerboard's rotation
  float blob_u, blob_v;  // the blob's centre from the image's, in units of s
  int shift;             // impulses: pixels the grid has drifted
};

TS_HD DemoFrame demo_frame(DemoScene scene, int width, int height, float t) {
  DemoFrame f{scene,
              width,
              height,
              1.0f / float(width < height ? width : height),
              cosf(0.4f * t),
              sinf(0.4f * t),
              0,
              0,
              int(floorf(t * 4.0f))};  // the impulses move one pixel every quarter second
  f.blob_u = 0.25f * cosf(0.7f * t) * width * f.s;
  f.blob_v = 0.25f * sinf(0.9f * t) * height * f.s;
  return f;
}

TS_HD float demo_scene_value(const DemoFrame& f, int x, int y, float t) {
  if (f.scene == DemoScene::impulses) return ((x + f.shift) % 48 == 24 && y % 48 == 24) ? 1.0f : 0.0f;
  const float du = (x - 0.5f * f.width) * f.s, dv = (y - 0.5f * f.height) * f.s;
  float value;
  if (f.scene == DemoScene::checker || (f.scene == DemoScene::mixed && dv < 0.0f)) {
    const float ru = f.cos_r * du - f.sin_r * dv, rv = f.sin_r * du + f.cos_r * dv;
    value = ((int(floorf(ru * 12.0f)) + int(floorf(rv * 12.0f))) & 1) ? 0.75f : 0.25f;
  } else {
    value = 0.5f + 0.5f * sinf(40.0f * sqrtf(du * du + dv * dv) - 3.0f * t);
  }
  if (f.scene != DemoScene::mixed) return value;
  const float gu = du - f.blob_u, gv = dv - f.blob_v;
  const float blob = expf(-(gu * gu + gv * gv) * 60.0f);
  value = value * (1.0f - blob) + blob;
  return value < 0.0f ? 0.0f : value > 1.0f ? 1.0f : value;
}

}  // namespace tilescope
