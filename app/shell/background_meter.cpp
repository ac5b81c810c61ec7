#include "app/shell/background_meter.hpp"

#include <exception>

#include "kernels/common/own_context.hpp"

namespace tilescope {

BackgroundMeter::BackgroundMeter(int cuda_device) {
  thread_ = std::thread([this, cuda_device] { work(cuda_device); });
}

BackgroundMeter::~BackgroundMeter() {
  {
    const std::lock_guard<std::mutex> lock(m_);
    stopping_ = true;
  }
  wake_.notify_all();
  wake_lent_passes();  // a pass waiting for the frames' GPU gives up
  thread_.join();
}

void BackgroundMeter::wait_set_up(std::chrono::milliseconds longest) const {
  std::unique_lock<std::mutex> lock(m_);
  set_up_done_.wait_for(lock, longest, [&] { return set_up_; });
}

bool BackgroundMeter::busy() const {
  const std::lock_guard<std::mutex> lock(m_);
  return busy_;
}

void BackgroundMeter::start(std::string key, Job job) {
  {
    const std::lock_guard<std::mutex> lock(m_);
    next_.emplace(std::move(key), std::move(job));
    busy_ = true;
  }
  wake_.notify_all();
}

std::optional<std::pair<std::string, CounterReading>> BackgroundMeter::take_finished() {
  const std::lock_guard<std::mutex> lock(m_);
  auto done = std::move(finished_);
  finished_.reset();
  return done;
}

void BackgroundMeter::work(int cuda_device) {
  std::string no_context;
  try {
    use_own_cuda_context(cuda_device);
  } catch (const std::exception& e) {
    no_context = std::string("no CUDA context for measuring: ") + e.what();
  }
  if (no_context.empty()) prepare_counters(GpuTurn{true, &stopping_});  // a failure: each job's reading says it
  {
    const std::lock_guard<std::mutex> lock(m_);
    set_up_ = true;
  }
  set_up_done_.notify_all();
  for (;;) {
    std::unique_lock<std::mutex> lock(m_);
    wake_.wait(lock, [&] { return stopping_ || next_; });
    if (stopping_) return;
    auto [key, job] = std::move(*next_);
    next_.reset();
    lock.unlock();
    CounterReading reading{std::nullopt, no_context};
    if (no_context.empty()) try {
        reading = job(GpuTurn{true, &stopping_});
      } catch (const std::exception& e) {
        reading.why_not = e.what();
      }
    lock.lock();
    finished_.emplace(std::move(key), std::move(reading));
    busy_ = false;
  }
}

}  // namespace tilescope
