// The matmul CPU reference (the oracle for CUDA and cuBLAS) against the plain triple loop.
#include <gtest/gtest.h>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/matmul/pattern.hpp"
#include "kernels/matmul/reference.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

std::vector<double> matmul_plain(const std::vector<float>& M, const std::vector<float>& N, int rows, int inner,
                                 int cols) {
  std::vector<double> P(std::size_t(rows) * cols, 0.0);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      for (int k = 0; k < inner; ++k) P[std::size_t(i) * cols + j] += double(M[i * inner + k]) * N[k * cols + j];
  return P;
}

}  // namespace

TEST(MatmulCpu, MatchesThePlainTripleLoopOnRectangularSizes) {
  const int sizes[][3] = {{1, 1, 1}, {1, 7, 1}, {7, 1, 5}, {3, 5, 2}, {33, 17, 65}, {100, 257, 31}};
  for (const auto& s : sizes) {
    const std::vector<float> M = test::random_image(s[1], s[0], 1).pixels, N = test::random_image(s[2], s[1], 2).pixels;
    std::vector<float> P(static_cast<std::size_t>(s[0]) * s[2]);
    matmul_cpu(M.data(), N.data(), P.data(), s[0], s[1], s[2]);
    EXPECT_LE(test::max_abs_diff(P, matmul_plain(M, N, s[0], s[1], s[2])), matmul_tolerance(s[1], 1.0f, 1.0f))
        << s[0] << "x" << s[1] << "x" << s[2];
  }
}

TEST(MatmulCpu, MultipliesRowsByColumns) {
  // [1 2 3; 4 5 6] [1 0; 0 1; 1 1] = [4 5; 10 11]
  const std::vector<float> M = {1, 2, 3, 4, 5, 6}, N = {1, 0, 0, 1, 1, 1};
  std::vector<float> P(4);
  matmul_cpu(M.data(), N.data(), P.data(), 2, 3, 2);
  EXPECT_EQ(P, (std::vector<float>{4, 5, 10, 11}));
}

TEST(MatmulCpuEngine, RunsBothStrategiesAndItsLibraryAndRefusesBadParameters) {
  auto engine = make_cpu_matmul_engine();
  const int rows = 37, inner = 20, cols = 11;
  const std::vector<float> M = test::random_image(inner, rows, 3).pixels, N = test::random_image(cols, inner, 4).pixels;
  std::vector<float> P(std::size_t(rows) * cols), ref(P.size());
  matmul_cpu(M.data(), N.data(), ref.data(), rows, inner, cols);
  for (MatmulStrategy s : {MatmulStrategy::naive, MatmulStrategy::tiled}) {
    EXPECT_EQ(engine->matmul({s, 8, rows, inner, cols}, M.data(), N.data(), P.data(), 2).size(), 2u);
    EXPECT_LE(test::max_abs_diff(P, ref), matmul_tolerance(inner, 1.0f, 1.0f));
  }
  // BLAS sgemm where the build found one (OpenBLAS), else no library.
  const std::optional<double> library_ms = engine->run_library();
  EXPECT_EQ(library_ms.has_value(), !engine->library_name().empty()) << engine->library_name();
  if (library_ms) {
    engine->read_output(P.data());
    EXPECT_LE(test::max_abs_diff(P, ref), matmul_tolerance(inner, 1.0f, 1.0f));
  }
  EXPECT_THROW(engine->matmul({MatmulStrategy::tiled, 33, rows, inner, cols}, M.data(), N.data(), P.data()),
               InvalidInput);
  EXPECT_THROW(engine->run({MatmulStrategy::tiled, 8, rows, inner + 1, cols}), InvalidInput);
}
