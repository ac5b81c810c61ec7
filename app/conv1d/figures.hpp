#pragma once
// The numbers the conv1d view draws and the inspector prints, read from the geometry
// (kernels/conv1d/geometry.hpp) and nothing else. Pure and GUI-free: tests/conv1d/test_geometry
// checks them against the book's formulas for every strategy.
#include "kernels/conv1d/geometry.hpp"

namespace tilescope {

// Block b's output tile [out0, out1) and the input it touches [in0, in1): the tile plus its reach
// (the filter's n, or fast's halo staged in whole float4s) on each side; not clipped to the signal.
struct Conv1dBlockSpan {
  int in0, out0, out1, in1;
};
inline Conv1dBlockSpan conv1d_block_span(const Conv1dTiling& g, int b) {
  const int out0 = g.out_origin(b), out1 = out0 + g.block;
  return {out0 - g.reach(), out0, out1, out1 + g.reach()};
}

// The thread that computes output i: its block, index in the block, warp and lane.
struct Conv1dFocus {
  int block, thread, warp, lane, output;
};
inline Conv1dFocus conv1d_focus(const Conv1dTiling& g, int i) {
  const int t = g.thread_of(i);
  return {g.block_of(i), t, t / 32, t % 32, g.output_of(i)};
}

}  // namespace tilescope
