#pragma once
// The CPU engines' threads: a small persistent pool that shares the chunks of one job between
// the calling thread and its workers, each taking the next chunk as it comes free. A job ends
// when its last chunk is done, not when every worker has checked in: where another process has
// the core a worker sleeps on, the caller and the other workers take its share, and nobody waits
// a scheduler time slice for it to wake (an OpenMP team's closing barrier does wait).
#include <functional>

namespace tilescope {

// Runs fn(chunk, worker) for every chunk in [0, chunks), on cpu_threads() threads at most;
// worker (0 .. cpu_threads() - 1) names the thread, for per-thread scratch. Jobs from several
// threads run one after another.
void parallel_chunks(int chunks, const std::function<void(int chunk, int worker)>& fn);

// Threads a job uses: OpenMP's count (OMP_NUM_THREADS, omp_set_num_threads), so one setting
// governs the reference loops and the engines.
int cpu_threads();

}  // namespace tilescope
