#pragma once
// The tiled matmul kernel phase by phase, emulated on the host through the launch geometry:
// what Mds and Nds hold in each phase, the partial dot product a thread has after some phases,
// and what the kernel computes when its second barrier is left out (the first: Break::no_barrier,
// kernels/matmul/broken.hpp, the broken kernel every pattern shares).
#include <vector>

#include "kernels/matmul/params.hpp"

namespace tilescope {

// Which __syncthreads() of the phase loop is removed.
enum class MissingBarrier {
  none,
  read_after_write,  // the first: between storing this phase's tiles and reading them (Break::no_barrier)
  write_after_read,  // the second: between reading this phase's tiles and storing the next ones
};

// What Mds[ty][k] holds in phase ph for the thread row `row` (M[row][ph*T + k], zero outside M),
// and what Nds[k][tx] holds for column `col` (N[ph*T + k][col], zero outside N).
float staged_m(const MatmulParams& p, const float* M, int row, int ph, int k);
float staged_n(const MatmulParams& p, const float* N, int ph, int k, int col);

// Thread (ty, tx) of the block computing P[row][col]: Pvalue after the first `phases_done`
// phases. Without the write-after-read barrier the schedule is the worst one allowed: every other
// thread has already stored the next phase's elements when this one reads (its own elements it
// sees as it stored them; the last phase is safe).
float tiled_pvalue(const MatmulParams& p, const float* M, const float* N, int row, int col, int phases_done,
                   bool without_second_barrier = false);

// All of P, as tiled_pvalue after every phase.
std::vector<float> tiled_product(const MatmulParams& p, const float* M, const float* N, bool without_second_barrier);

}  // namespace tilescope
