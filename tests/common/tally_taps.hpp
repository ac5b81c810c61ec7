#pragma once
// The brute-force traffic counters' bookkeeping (tests/conv1d/test_model, tests/conv2d/test_count):
// one tap counted by where the kernel reads it, and the totals with PMPP's conventions.
#include "kernels/common/tap_source.hpp"
#include "kernels/common/traffic.hpp"

namespace tilescope::test {

// filter_global: the strategy reads its weights from global memory, one load per global tap.
inline void tally_tap(TrafficCount& c, TapSource s, bool filter_global) {
  switch (s) {
    case TapSource::shared: ++c.taps_shared; break;
    case TapSource::global:
      ++c.taps_global;
      c.filter_loads += filter_global;
      break;
    case TapSource::ghost_shared: ++c.taps_ghost_shared; break;
    case TapSource::ghost_skipped: ++c.taps_ghost_skipped; break;
  }
}

// 2 ops per tap the kernel multiplies (ghost zeros in shared memory included); 4 bytes per load.
inline TrafficCount with_totals(TrafficCount c) {
  c.flops = 2 * (c.taps_shared + c.taps_global + c.taps_ghost_shared);
  c.global_load_bytes = 4 * (c.tile_loads + c.taps_global + c.filter_loads);
  return c;
}

}  // namespace tilescope::test
