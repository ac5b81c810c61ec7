// The handshake by which the app's frame loop lends the GPU to the background meter's passes
// (kernels/common/gpu_lending.hpp): plain threads, so it runs everywhere. What it must guarantee is
// an order of events, asserted as one: the lender's own work is finished before a pass starts, and
// the lender goes on only after the pass is done; a pass that waits never holds up a measurement
// that is not lent.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "kernels/common/gpu_lending.hpp"

namespace tilescope {
namespace {

using Clock = std::chrono::steady_clock;

TEST(GpuLending, WithNoPassWaitingTheLenderFinishesNothingAndGoesOn) {
  bool finished = false;
  lend_gpu([&] { finished = true; });
  EXPECT_FALSE(finished);
}

TEST(GpuLending, APassNotLentNeitherWaitsNorLosesItsTurn) {
  const PassTurn own(GpuTurn{});
  EXPECT_NO_THROW(own.check_kept());
}

TEST(GpuLending, APassStartsAfterTheLendersWorkAndTheLenderGoesOnAfterThePass) {
  std::atomic<int> clock{0}, own_work_done{-1}, pass_start{-1}, pass_end{-1};
  std::thread pass([&] {
    {
      const PassTurn turn(GpuTurn{true, nullptr});
      pass_start = ++clock;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the pass's launches
      turn.check_kept();
      pass_end = ++clock;
    }
  });
  int lender_back = -1;  // lend_gpu returns for the first time after the lender's work
  const auto deadline = Clock::now() + std::chrono::minutes(1);
  while (pass_start < 0 && Clock::now() < deadline) {
    lend_gpu([&] { own_work_done = ++clock; });
    if (own_work_done > 0 && lender_back < 0) lender_back = ++clock;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  pass.join();
  ASSERT_GT(own_work_done, 0);
  EXPECT_LT(own_work_done, pass_start);
  EXPECT_LT(pass_start, pass_end);
  EXPECT_LT(pass_end, lender_back);
}

TEST(GpuLending, AWaitingPassGivesWayToAMeasurementNotLent) {
  std::atomic<bool> holding{false}, gave_way{false}, done{false};
  std::thread lent([&] {
    const std::unique_lock<std::mutex> measuring = one_measurement_at_a_time(GpuTurn{true, nullptr});
    holding = true;
    try {
      const PassTurn turn(GpuTurn{true, nullptr});  // nobody lends: it can only give way
    } catch (const GaveWay&) {
      gave_way = true;
    }
    done = true;
  });
  while (!holding) std::this_thread::yield();
  {
    const std::unique_lock<std::mutex> measuring = one_measurement_at_a_time(GpuTurn{});  // waits for `lent`
    EXPECT_TRUE(done);
  }
  lent.join();
  EXPECT_TRUE(gave_way);
}

TEST(GpuLending, AWaitingPassGivesUpOnceItsFlagIsRaisedAndItIsWoken) {
  std::atomic<bool> give_up{false}, gave_way{false}, done{false};
  std::thread lent([&] {
    try {
      const PassTurn turn(GpuTurn{true, &give_up});
    } catch (const GaveWay&) {
      gave_way = true;
    }
    done = true;
  });
  give_up = true;
  const auto deadline = Clock::now() + std::chrono::minutes(1);
  while (!done && Clock::now() < deadline) {
    wake_lent_passes();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  lent.join();
  EXPECT_TRUE(gave_way);
}

}  // namespace
}  // namespace tilescope
