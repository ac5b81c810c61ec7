#pragma once
// Filters: (2r+1) x (2r+1) float32 weights, applied as correlation (no flip).
#include <optional>
#include <string>
#include <vector>

namespace tilescope {

struct Filter2d {
  int radius = 0;
  std::vector<float> weights;  // row-major, (2r+1)^2

  int dim() const { return 2 * radius + 1; }
  float at(int fx, int fy) const { return weights[fy * dim() + fx]; }
};

// Named filters sized by the radius: box, gaussian, sharpen, sobel_x, laplacian, random:SEED.
// Throws InvalidInput for an unknown name.
Filter2d make_named_filter(const std::string& name, int radius);
// Names accepted by make_named_filter, for help texts.
const char* named_filter_help();
// The SEED of a "random:SEED" name (nothing for other names); throws InvalidInput naming `what`
// when the seed is not a whole number.
std::optional<unsigned long long> random_seed(const std::string& name, const char* what);
// For a "random:SEED" name, fills `weights` with uniform draws in [-1, 1) from SEED and returns
// true; false for other names.
bool random_weights(const std::string& name, const char* what, std::vector<float>& weights);

}  // namespace tilescope
