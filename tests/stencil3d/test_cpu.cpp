// The CPU stencil against the plain definition (correlation with the dense (2k+1)^3 array inside,
// input kept at the boundary), and the named coefficient sets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "kernels/common/error.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/stencil3d/reference.hpp"

using namespace tilescope;

namespace {

std::vector<float> random_grid(int w, int h, int d, unsigned seed) {
  std::vector<float> g(std::size_t(w) * h * d);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (float& v : g) v = u(rng);
  return g;
}

// scipy.ndimage.correlate(in, dense, mode='constant') inside, the input within k of the edge.
std::vector<double> stencil_plain(const std::vector<float>& in, const StencilCoeffs& c, int w, int h, int d) {
  const int k = c.order, n = 2 * k + 1;
  const std::vector<float> dense = stencil_to_dense(c);
  std::vector<double> out(in.size());
  for (int z = 0; z < d; ++z)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const std::size_t i = (std::size_t(z) * h + y) * w + x;
        if (x < k || y < k || z < k || x >= w - k || y >= h - k || z >= d - k) {
          out[i] = in[i];
          continue;
        }
        double sum = 0;
        for (int dz = -k; dz <= k; ++dz)
          for (int dy = -k; dy <= k; ++dy)
            for (int dx = -k; dx <= k; ++dx)
              sum += double(dense[(std::size_t(dz + k) * n + (dy + k)) * n + (dx + k)]) *
                     in[(std::size_t(z + dz) * h + (y + dy)) * w + (x + dx)];
        out[i] = sum;
      }
  return out;
}

}  // namespace

TEST(Stencil3dCpu, MatchesThePlainDefinitionForEveryOrderAndOddSizes) {
  const int sizes[][3] = {{1, 1, 1}, {5, 4, 3}, {7, 7, 7}, {13, 9, 11}, {20, 3, 17}};
  for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
    const StencilCoeffs c = make_named_stencil("random:" + std::to_string(k), k);
    for (const auto& s : sizes) {
      const std::vector<float> in = random_grid(s[0], s[1], s[2], 3 * k);
      std::vector<float> out(in.size());
      stencil3d_cpu(c, in.data(), out.data(), s[0], s[1], s[2]);
      const std::vector<double> want = stencil_plain(in, c, s[0], s[1], s[2]);
      for (std::size_t i = 0; i < out.size(); ++i)
        ASSERT_NEAR(out[i], want[i], stencil_tolerance(c, 1.0f)) << "order " << k << " cell " << i;
    }
  }
}

TEST(Stencil3dCpu, AnImpulseShowsTheStarOfCoefficients) {
  const StencilCoeffs c = make_named_stencil("random:9", 2);
  const int n = 9;
  std::vector<float> in(n * n * n, 0.0f), out(in.size());
  in[(4 * n + 4) * n + 4] = 1.0f;
  stencil3d_cpu(c, in.data(), out.data(), n, n, n);
  // Correlation: the output at (x - o) picks up weight(o) of the impulse at x.
  EXPECT_FLOAT_EQ(out[(4 * n + 4) * n + 4], c.centre);
  EXPECT_FLOAT_EQ(out[(4 * n + 4) * n + 2], c.weight(0, 2));
  EXPECT_FLOAT_EQ(out[(4 * n + 5) * n + 4], c.weight(1, -1));
  EXPECT_FLOAT_EQ(out[(6 * n + 4) * n + 4], c.weight(2, -2));
  EXPECT_FLOAT_EQ(out[(5 * n + 5) * n + 4], 0.0f);  // off the axes: nothing
}

TEST(StencilCoeffs, HeatIsAStableAveragingStepThatConservesAConstant) {
  for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
    const StencilCoeffs c = make_named_stencil("heat", k);
    double sum = c.centre;
    for (const auto& a : c.axis)
      for (float w : a) sum += w;
    EXPECT_NEAR(sum, 1.0, 1e-6) << k;  // a uniform field stays uniform
    EXPECT_GT(c.centre, 0.0f) << k;
  }
  const StencilCoeffs seven = make_named_stencil("heat", 1);
  EXPECT_FLOAT_EQ(seven.axis[0][0], seven.axis[2][2]);  // isotropic
  EXPECT_NEAR(seven.axis[0][0], 0.9 * 2 / 12.0, 1e-6);  // 90% of the explicit scheme's limit 1/6
}

TEST(StencilCoeffs, DenseRoundTripAndOffAxisRefused) {
  const StencilCoeffs c = make_named_stencil("laplacian", 1);
  EXPECT_FLOAT_EQ(c.centre, -6.0f);
  std::vector<float> dense = stencil_to_dense(c);
  const StencilCoeffs back = stencil_from_dense(dense, 1);
  EXPECT_EQ(stencil_to_dense(back), dense);
  dense[0] = 0.5f;  // corner (-1, -1, -1)
  try {
    stencil_from_dense(dense, 1);
    FAIL() << "an off-axis coefficient was accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("(-1, -1, -1)"), std::string::npos) << e.what();
  }
  EXPECT_THROW(stencil_from_dense(dense, 2), InvalidInput);
  EXPECT_THROW(make_named_stencil("gaussian", 1), InvalidInput);
  EXPECT_THROW(make_named_stencil("heat", 4), InvalidInput);
}

TEST(Stencil3dEngineCpu, PingPongsAndHoldsTheHeatSources) {
  auto engine = make_cpu_stencil3d_engine();
  Stencil3dParams p;
  p.width = p.height = p.depth = 24;
  engine->reset(24, 24, 24);
  const HeatSources s = heat_sources_at(24, 24, 24, 0.0f);
  engine->inject(s);
  const StencilCoeffs c = make_named_stencil("heat", 1);
  std::vector<float> before(24 * 24 * 24), after(before.size());
  engine->read(GridBuffer::current, before.data());
  engine->run(p, c);
  engine->advance();
  engine->read(GridBuffer::current, after.data());
  std::vector<float> want(before.size());
  stencil3d_cpu(c, before.data(), want.data(), 24, 24, 24);
  float hottest = 0;
  for (float v : before) hottest = std::max(hottest, std::fabs(v));
  EXPECT_LE(max_abs_error(after.data(), want.data(), want.size()), stencil_tolerance(c, hottest));
  double heat = 0;
  for (float v : before) heat += v;
  EXPECT_GT(heat, 1.0);  // the sources put heat in
  const HeatSource& h = s.source[0];
  EXPECT_FLOAT_EQ(before[(std::size_t(h.z) * 24 + int(h.y)) * 24 + int(h.x)], h.temperature);
}
