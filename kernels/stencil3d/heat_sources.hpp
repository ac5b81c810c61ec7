#pragma once
// The live heat-diffusion demo's moving heat sources: small spheres held at a fixed temperature
// while the stencil diffuses their heat through the grid. Shared by the CPU and CUDA backends.
#include <math.h>

#include "kernels/common/hd.hpp"

namespace tilescope {

struct HeatSource {
  float x, y, z;  // centre, in cells
  float radius;   // in cells
  float temperature;
};

inline constexpr int kMaxHeatSources = 3;
struct HeatSources {
  HeatSource source[kMaxHeatSources];
  int count = 0;
};

// Three sources on slow Lissajous paths through a width x height x depth grid at time t (s),
// each crossing the middle z plane (the slice the view starts on) every few seconds.
inline HeatSources heat_sources_at(int width, int height, int depth, float t) {
  HeatSources s;
  const float r = fmaxf(1.5f, 0.08f * fminf(width, fminf(height, depth)));
  const float phase[kMaxHeatSources] = {0.0f, 2.1f, 4.2f};
  const float temperature[kMaxHeatSources] = {1.0f, 0.8f, 1.0f};
  for (int i = 0; i < kMaxHeatSources; ++i) {
    const float a = 0.35f * t + phase[i];
    s.source[i] = {width * (0.5f + 0.3f * cosf(a)), height * (0.5f + 0.3f * sinf(1.3f * a)),
                   depth * (0.5f + 0.2f * sinf(1.7f * a + phase[i])), r, temperature[i]};
  }
  s.count = kMaxHeatSources;
  return s;
}

// The temperature a source holds cell (x, y, z) at, or a negative value when no source covers it.
TS_HD float heat_source_value(const HeatSources& s, int x, int y, int z) {
  float value = -1.0f;
  for (int i = 0; i < s.count; ++i) {
    const HeatSource& h = s.source[i];
    const float dx = x + 0.5f - h.x, dy = y + 0.5f - h.y, dz = z + 0.5f - h.z;
    if (dx * dx + dy * dy + dz * dz <= h.radius * h.radius) value = fmaxf(value, h.temperature);
  }
  return value;
}

}  // namespace tilescope
