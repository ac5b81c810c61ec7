#include "kernels/common/traffic.hpp"

#include <cmath>

namespace tilescope {

BookModel untiled_convolution_model(bool filter_in_constant_memory) {
  BookModel m;
  if (filter_in_constant_memory) {
    m.opb_model = m.opb_bound = 2.0 / 4;
    m.formula = "2 ops / 4 B input";
  } else {
    m.opb_model = m.opb_bound = 2.0 / (4 + 4);
    m.formula = "2 ops / (4 B input + 4 B filter)";
  }
  return m;
}

double book_round(double opb) { return std::floor(opb * 100 + 0.5) / 100; }

}  // namespace tilescope
