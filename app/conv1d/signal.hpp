#pragma once
// The conv1d view's live input: two sines drifting against each other plus a little noise, so
// smoothing, sharpening and derivative filters each show what they do. Values within [-1, 1].
#include <cmath>
#include <cstdint>
#include <vector>

namespace tilescope {

inline void live_signal(double t, std::vector<float>& x) {
  const std::uint32_t frame = std::uint32_t(t * 30);  // new noise 30 times a second
  for (std::size_t i = 0; i < x.size(); ++i) {
    std::uint32_t h = std::uint32_t(i) * 2654435761u ^ frame * 2246822519u;  // integer hash -> [-1, 1)
    h ^= h >> 15, h *= 2246822519u, h ^= h >> 13;
    const double noise = double(h & 0xFFFF) / 32768.0 - 1.0;
    x[i] = float(0.55 * std::sin(2 * M_PI * i / 57.0 + 1.1 * t) + 0.3 * std::sin(2 * M_PI * i / 11.0 - 2.3 * t) +
                 0.12 * noise);
  }
}

}  // namespace tilescope
