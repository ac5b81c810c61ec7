#pragma once
// 1D filters: 2n + 1 float32 weights, applied as correlation (no flip).
#include <string>
#include <vector>

namespace tilescope {

struct Filter1d {
  int radius = 0;
  std::vector<float> weights;  // 2n + 1, weights[j] multiplies input element i - n + j

  int dim() const { return 2 * radius + 1; }
};

// Named filters sized by the radius: box, gaussian, sharpen, derivative, random:SEED.
// Throws InvalidInput for an unknown name.
Filter1d make_named_filter1d(const std::string& name, int radius);
// Names accepted by make_named_filter1d, for help texts.
const char* named_filter1d_help();

}  // namespace tilescope
