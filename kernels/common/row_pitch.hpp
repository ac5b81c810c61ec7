#pragma once
// Rows padded to a float4. A kernel that moves every row as float4s needs each row to start 16
// bytes aligned, so where the width is not a multiple of 4 the CUDA engines store its data with
// rows this many floats apart (as cudaMallocPitch would), the padding zero. A float4 is then
// wholly inside a row's padded extent or wholly past it; no output reads the padding.
#include "kernels/common/hd.hpp"

namespace tilescope {

inline constexpr int kFloat4 = 4;
// n rounded up to a multiple of m.
TS_HD constexpr int round_up(int n, int m) { return (n + m - 1) / m * m; }
TS_HD constexpr int float4_row_pitch(int width) { return round_up(width, kFloat4); }

}  // namespace tilescope
