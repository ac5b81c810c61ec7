// NVML clock and power: the summary of samples is plain arithmetic (tested everywhere); reading a
// real GPU is tested where the driver's libnvidia-ml is present, skipped elsewhere.
#include <gtest/gtest.h>

#include <chrono>

#include "kernels/common/power.hpp"

using namespace tilescope;

TEST(PowerSummary, MeansTheSamplesAndCountsTheCappedShare) {
  const std::vector<PowerSample> s = {{1980, 600, false}, {1700, 700, true}, {1600, 698, true}, {1900, 650, false}};
  const PowerWindow w = summarize_power(s, 1000, 1600, 2.0);
  EXPECT_EQ(w.samples, 4);
  EXPECT_DOUBLE_EQ(w.sm_clock_mhz, (1980 + 1700 + 1600 + 1900) / 4.0);
  EXPECT_DOUBLE_EQ(w.power_w, (600 + 700 + 698 + 650) / 4.0);
  EXPECT_DOUBLE_EQ(w.power_capped_pct, 50.0);
  EXPECT_TRUE(w.power_capped());
  EXPECT_DOUBLE_EQ(w.energy_mj, 600.0);
  EXPECT_DOUBLE_EQ(w.seconds, 2.0);
}

TEST(PowerSummary, NoSamplesAndNoCounterGiveZerosNotNonsense) {
  const PowerWindow w = summarize_power({}, 500, 500, 0.1);
  EXPECT_EQ(w.samples, 0);
  EXPECT_EQ(w.power_w, 0.0);
  EXPECT_EQ(w.energy_mj, 0.0);
  EXPECT_FALSE(w.power_capped());
  EXPECT_EQ(summarize_power({}, 900, 100, 0.1).energy_mj, 0.0);  // a counter that went back is not energy
}

TEST(PowerMonitor, ReadsAPlausibleClockAndPowerOrSaysWhyNot) {
  std::string why;
  const auto m = PowerMonitor::open("", why);
  if (!m) {
    EXPECT_NE(why.find("NVML"), std::string::npos) << why;
    GTEST_SKIP() << why;
  }
  const auto s = m->sample();
  ASSERT_TRUE(s.has_value());
  EXPECT_GT(s->sm_clock_mhz, 100.0);
  EXPECT_LT(s->sm_clock_mhz, 5000.0);
  EXPECT_GT(s->power_w, 5.0);
  EXPECT_LT(s->power_w, 2000.0);
  PowerRecorder r(*m, 5);
  const auto t0 = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(200)) {
  }
  const PowerWindow w = r.finish();
  EXPECT_GE(w.samples, 10);
  EXPECT_NEAR(w.seconds, 0.2, 0.1);
}
