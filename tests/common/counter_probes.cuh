#pragma once
// Kernels whose memory traffic is known by construction, for test_counters: each launcher
// enqueues one launch on the default stream (no synchronisation), as measure_counters expects.
#include <cstddef>

namespace tilescope::test {

// d_dst[i] = d_src[i] for n floats (n a multiple of 4): reads and writes 4n bytes, once each.
void launch_copy(const float* d_src, float* d_dst, std::size_t n);

// One warp per block walks a column of a 32 x width shared float array: lane i reads row i of
// column c. With width 32 every lane of the walk hits bank c, a 32-way conflict on each read;
// with width 33 (the padded array) lane i hits bank (i + c) % 32: no conflict. `blocks` blocks,
// d_out (blocks x 32 floats) keeps the sums alive.
void launch_column_walk(int width, int blocks, float* d_out);

}  // namespace tilescope::test
