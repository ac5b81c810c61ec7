// The CPU engines' thread pool: every chunk of a job runs exactly once, on a worker the job may
// use, whatever the thread count; a job with no chunks returns at once.
#include <gtest/gtest.h>
#include <omp.h>

#include <atomic>
#include <vector>

#include "kernels/common/cpu_pool.hpp"

using namespace tilescope;

TEST(CpuPool, RunsEveryChunkOnceOnTheThreadsItIsGiven) {
  for (int threads : {1, 2, 3, 4, 2})
    for (int chunks : {1, 2, 7, 1000}) {
      omp_set_num_threads(threads);
      std::vector<std::atomic<int>> runs(chunks);
      std::atomic<int> bad_worker{0};
      parallel_chunks(chunks, [&](int chunk, int worker) {
        ++runs[chunk];
        if (worker < 0 || worker >= threads) ++bad_worker;
      });
      for (int c = 0; c < chunks; ++c) EXPECT_EQ(runs[c].load(), 1) << "chunk " << c << " threads=" << threads;
      EXPECT_EQ(bad_worker.load(), 0) << "threads=" << threads;
    }
  omp_set_num_threads(2);
}

TEST(CpuPool, AJobWithoutChunksCallsNothing) {
  bool called = false;
  parallel_chunks(0, [&](int, int) { called = true; });
  EXPECT_FALSE(called);
  EXPECT_EQ(cpu_threads(), omp_get_max_threads());
}
