#include "kernels/common/traffic.hpp"

#include <cmath>

namespace tilescope {

double book_round(double opb) { return std::floor(opb * 100 + 0.5) / 100; }

}  // namespace tilescope
