#pragma once
// A fixture holding one pattern's CUDA engine; the test skips where no CUDA device is usable.
//   class MatmulCuda : public test::CudaEngineTest<MatmulEngine, &MatmulPattern::make_engine> {};
#include <gtest/gtest.h>

#include <exception>
#include <memory>

#include "kernels/common/backend.hpp"

namespace tilescope::test {

template <typename Engine, std::unique_ptr<Engine> (*make_engine)(const Backend&), typename Base = ::testing::Test>
class CudaEngineTest : public Base {
 protected:
  void SetUp() override {
    try {
      engine_ = make_engine(*make_cuda_backend());
    } catch (const std::exception& e) {
      GTEST_SKIP() << "no CUDA: " << e.what();
    }
  }
  std::unique_ptr<Engine> engine_;
};

}  // namespace tilescope::test
