#pragma once
// The one bounds test of every pattern: is coordinate p inside [0, n)? Ghost cells are not.
#include "kernels/common/hd.hpp"

namespace tilescope {

TS_HD bool in_range(int p, int n) { return p >= 0 && p < n; }

}  // namespace tilescope
