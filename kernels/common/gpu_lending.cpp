#include "kernels/common/gpu_lending.hpp"

#include <condition_variable>

namespace tilescope {
namespace {

struct Lending {
  std::mutex m;
  std::condition_variable changed;
  bool pass_waits = false;  // a lent pass waits for the GPU
  bool lent = false;        // the lender waits until the pass is done with it
  bool spoiled = false;     // the lender took it back before the pass was done
  int owners_waiting = 0;   // measurements not lent, waiting for the one running: a lent pass gives way
  std::mutex measuring;     // held by the measurement that runs
};
Lending& lending() {
  static Lending* l = new Lending;  // never destroyed: a measuring thread may outlive static destructors
  return *l;
}

}  // namespace

PassTurn::PassTurn(GpuTurn turn) : lent_(turn.lent) {
  if (!lent_) return;
  Lending& l = lending();
  std::unique_lock<std::mutex> lock(l.m);
  const auto given_up = [&] { return turn.give_up && turn.give_up->load(); };
  l.pass_waits = true;
  l.changed.notify_all();
  l.changed.wait(lock, [&] { return l.lent || given_up() || l.owners_waiting > 0; });
  l.pass_waits = false;
  if (!l.lent) throw GaveWay(given_up() ? "measuring stopped" : "gave way to a measurement on the GPU's other thread");
  l.spoiled = false;
}

PassTurn::~PassTurn() {
  if (!lent_) return;
  Lending& l = lending();
  const std::lock_guard<std::mutex> lock(l.m);
  l.lent = false;
  l.changed.notify_all();
}

void PassTurn::check_kept() const {
  if (!lent_) return;
  Lending& l = lending();
  const std::lock_guard<std::mutex> lock(l.m);
  if (l.spoiled) throw BackendError("a pass outlasted its turn on the GPU; not measured");
}

std::unique_lock<std::mutex> one_measurement_at_a_time(GpuTurn turn) {
  Lending& l = lending();
  if (turn.lent) return std::unique_lock<std::mutex>(l.measuring);
  {
    const std::lock_guard<std::mutex> lock(l.m);
    ++l.owners_waiting;
    l.changed.notify_all();
  }
  std::unique_lock<std::mutex> measuring(l.measuring);
  const std::lock_guard<std::mutex> lock(l.m);
  --l.owners_waiting;
  return measuring;
}

void lend_gpu(const std::function<void()>& finish_own_work) {
  Lending& l = lending();
  {
    const std::lock_guard<std::mutex> lock(l.m);
    if (!l.pass_waits) return;
  }
  finish_own_work();
  std::unique_lock<std::mutex> lock(l.m);
  if (!l.pass_waits) return;
  l.lent = true;
  l.changed.notify_all();
  if (!l.changed.wait_for(lock, kLongestPass, [&] { return !l.lent; })) l.spoiled = true, l.lent = false;
}

void wake_lent_passes() {
  Lending& l = lending();
  const std::lock_guard<std::mutex> lock(l.m);
  l.changed.notify_all();
}

}  // namespace tilescope
