#pragma once
// How GoogleTest prints StepCounts when an EXPECT_EQ on two of them fails.
#include <ostream>

#include "kernels/common/block_steps.hpp"

namespace tilescope {

inline void PrintTo(const StepCounts& c, std::ostream* os) {
  *os << "{global loads " << c.global_loads << ", shared reads " << c.shared_reads << ", flops " << c.flops
      << ", stores " << c.stores << "}";
}

}  // namespace tilescope
