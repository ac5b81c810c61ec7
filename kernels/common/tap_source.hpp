#pragma once
// Where a kernel reads the input value of one filter tap, shared by every convolution pattern.
#include "kernels/common/hd.hpp"
#include "kernels/common/in_range.hpp"

namespace tilescope {

enum class TapSource : unsigned char {
  shared,         // in shared memory, loaded from the input
  global,         // a global-memory load (through L1/L2) issued in the compute loop
  ghost_shared,   // outside the input: a zero the block stored in shared memory
  ghost_skipped,  // outside the input: the kernel skips the tap (no load, no flop)
};

// A tap is in the block's shared tile or not, inside the input or not: four cases.
TS_HD TapSource classify_tap(bool in_shared_tile, bool in_input) {
  if (in_shared_tile) return in_input ? TapSource::shared : TapSource::ghost_shared;
  return in_input ? TapSource::global : TapSource::ghost_skipped;
}

}  // namespace tilescope
