#include "kernels/common/cpu_pool.hpp"

#include <omp.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace tilescope {
namespace {

class Pool {
 public:
  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(m_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& w : workers_) w.join();
  }

  void run(int chunks, const std::function<void(int, int)>& fn, int threads) {
    std::lock_guard<std::mutex> one_job(busy_);
    while (int(workers_.size()) < threads - 1) {
      const int worker = int(workers_.size()) + 1;
      workers_.emplace_back([this, worker] { serve(worker); });
    }
    {
      std::lock_guard<std::mutex> lock(m_);
      fn_ = &fn, chunks_ = chunks, threads_ = threads, done_ = 0, ++generation_;
      next_.store(0);
    }
    wake_.notify_all();
    work(0);
    std::unique_lock<std::mutex> lock(m_);
    finished_.wait(lock, [&] { return done_ == chunks_ && inside_ == 0; });
    fn_ = nullptr;  // a worker waking from now on sits this job out
  }

 private:
  // Takes chunks until none is left.
  void work(int worker) {
    for (int chunk = next_.fetch_add(1); chunk < chunks_; chunk = next_.fetch_add(1)) {
      (*fn_)(chunk, worker);
      std::lock_guard<std::mutex> lock(m_);
      if (++done_ == chunks_) finished_.notify_one();
    }
  }

  void serve(int worker) {
    std::uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(m_);
    for (;;) {
      wake_.wait(lock, [&] { return stop_ || (fn_ && generation_ != seen); });
      if (stop_) return;
      seen = generation_;
      if (worker >= threads_) continue;
      ++inside_;
      lock.unlock();
      work(worker);
      lock.lock();
      if (--inside_ == 0 && done_ == chunks_) finished_.notify_one();
    }
  }

  std::mutex busy_;  // one job at a time
  std::mutex m_;     // guards everything below but next_
  std::condition_variable wake_, finished_;
  std::vector<std::thread> workers_;
  const std::function<void(int, int)>* fn_ = nullptr;
  int chunks_ = 0, threads_ = 0, done_ = 0, inside_ = 0;
  std::atomic<int> next_{0};
  std::uint64_t generation_ = 0;
  bool stop_ = false;
};

}  // namespace

int cpu_threads() { return omp_get_max_threads(); }

void parallel_chunks(int chunks, const std::function<void(int, int)>& fn) {
  if (chunks <= 0) return;
  static Pool pool;
  pool.run(chunks, fn, cpu_threads());
}

}  // namespace tilescope
