// The temporal strategy (K steps fused per launch): its geometry, model and count, and its engines
// against K sweeps of the CPU reference. The CUDA cases skip where no CUDA device is usable.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <random>
#include <vector>

#include "kernels/common/backend.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/pattern.hpp"
#include "kernels/stencil3d/reference.hpp"
#include "kernels/stencil3d/strategies.hpp"

using namespace tilescope;

namespace {

Stencil3dParams temporal(int k, int steps, int chunk, int w, int h, int d) {
  Stencil3dParams p;
  p.strategy = Stencil3dStrategy::temporal, p.order = k, p.steps = steps, p.tile = chunk;
  p.width = w, p.height = h, p.depth = d;
  return p;
}

std::vector<float> random_grid(const Stencil3dParams& p, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> v(std::size_t(p.cells()));
  for (float& x : v) x = u(rng);
  return v;
}

// Grids of odd sizes: one block, partial blocks on every axis, thinner than the halo.
const int kOddSizes[][3] = {{1, 1, 1}, {7, 5, 3}, {33, 17, 40}, {70, 45, 37}, {9, 61, 11}};

// `engine` running p against K sweeps of the reference.
void expect_k_sweeps(Stencil3dEngine& engine, const Stencil3dParams& p, const StencilCoeffs& c) {
  const std::vector<float> in = random_grid(p, 7 + p.steps);
  std::vector<float> out(in.size()), want(in.size());
  engine.apply(p, c, in.data(), out.data());
  stencil3d_cpu_steps(c, in.data(), want.data(), p.width, p.height, p.depth, p.steps);
  EXPECT_LE(max_abs_error(out.data(), want.data(), out.size()), stencil_steps_tolerance(c, 1.0f, p.steps))
      << strategy_info(p.strategy).name << " order " << p.order << " steps " << p.steps << " tile " << p.tile
      << " grid " << p.width << "x" << p.height << "x" << p.depth;
}

}  // namespace

TEST(Stencil3dTemporal, OneLaunchFusesWhatItsHaloAndRegistersHold) {
  EXPECT_EQ(temporal_max_fused(1), 4);  // S k <= 4 (one float4 of x halo), 4 x 3 x 8 = 96 queue registers
  EXPECT_EQ(temporal_max_fused(2), 2);  // 2 x 5 x 8 = 80
  EXPECT_EQ(temporal_max_fused(3), 1);  // 7 x 8 = 56
  for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
    EXPECT_LE(temporal_max_fused(k) * k, kTemporalVec);
    EXPECT_LE(temporal_max_fused(k) * (2 * k + 1) * kTemporalVec * kTemporalRowsPerThread, kTemporalQueueRegisters);
    EXPECT_LE(temporal_shared_bytes(k, temporal_max_fused(k)), 227 * 1024);  // a Hopper block's opt-in shared memory
  }
  EXPECT_EQ(temporal_passes(8, 1), 2);
  EXPECT_EQ(temporal_pass_steps(8, 1, 0), 4);
  EXPECT_EQ(temporal_passes(5, 1), 2);  // 3 + 2
  EXPECT_EQ(temporal_pass_steps(5, 1, 0), 3);
  EXPECT_EQ(temporal_pass_steps(5, 1, 1), 2);
  EXPECT_EQ(temporal_passes(8, 2), 4);
  EXPECT_EQ(temporal_pass_steps(7, 2, 0), 2);  // 2 + 2 + 2 + 1
  EXPECT_EQ(temporal_pass_steps(7, 2, 3), 1);
  EXPECT_EQ(temporal_passes(8, 3), 8);
  for (int k = 1; k <= kMaxStencil3dRadius; ++k)
    for (int K = 1; K <= kMaxStencil3dSteps; ++K) {
      int total = 0;
      for (int j = 0; j < temporal_passes(K, k); ++j) {
        EXPECT_LE(temporal_pass_steps(K, k, j), temporal_max_fused(k));
        total += temporal_pass_steps(K, k, j);
      }
      EXPECT_EQ(total, K);
    }
}

TEST(Stencil3dTemporal, ValidRegionsShrinkByTheOrderEveryStep) {
  const TemporalTiling g{2, 2, 10};  // order 2, 2 steps fused, z chunks of 10 planes
  EXPECT_EQ(g.halo(), 4);
  const StencilBox in = g.valid_box(1, 2, 3, 0), out = g.out_box(1, 2, 3);
  EXPECT_EQ(in.x1 - in.x0, kTemporalTileX);
  EXPECT_EQ(in.y1 - in.y0, kTemporalRows);
  EXPECT_EQ(in.z1 - in.z0, 10 + 8);
  EXPECT_EQ(out.x0, 1 * 56);  // output tiles of 64 - 8 = 56 columns abut
  EXPECT_EQ(out.x1 - out.x0, 56);
  EXPECT_EQ(out.x0 % kTemporalVec, 0);  // every row the block loads and writes starts on a float4
  EXPECT_EQ(in.x0 % kTemporalVec, 0);
  EXPECT_EQ(out.y0, 2 * 56);
  EXPECT_EQ(out.z0, 3 * 10);
  EXPECT_EQ(out.z1 - out.z0, 10);
  for (int s = 1; s <= 2; ++s) {
    const StencilBox a = g.valid_box(1, 2, 3, s - 1), b = g.valid_box(1, 2, 3, s);
    EXPECT_EQ(b.x0 - a.x0, 2);
    EXPECT_EQ(a.x1 - b.x1, 2);
    EXPECT_EQ(b.y0 - a.y0, 2);
    EXPECT_EQ(b.z0 - a.z0, 2);
  }
  // Step 1's region beyond the output tile is computed by a neighbour too; the output tile is not.
  EXPECT_TRUE(g.redundant(1, 2, 3, 1, out.x0 - 1, out.y0, out.z0));
  EXPECT_FALSE(g.redundant(1, 2, 3, 1, out.x0, out.y0, out.z0));
  EXPECT_FALSE(g.redundant(1, 2, 3, 2, out.x0 - 1, out.y0, out.z0));  // S k = 4: the last step's region is the tile
  // and the neighbour to the left owns that cell.
  EXPECT_TRUE(g.out_box(0, 2, 3).contains(out.x0 - 1, out.y0, out.z0));
  // Where S k < 4 the last step's valid region is wider than the output tile along x: redundant too.
  const TemporalTiling one{1, 2, 10};
  const StencilBox o1 = one.out_box(1, 2, 3);
  EXPECT_TRUE(one.redundant(1, 2, 3, 2, o1.x0 - 1, o1.y0, o1.z0));
  EXPECT_FALSE(one.redundant(1, 2, 3, 2, o1.x0, o1.y0, o1.z0));
  EXPECT_FALSE(one.redundant(1, 2, 3, 2, o1.x0, o1.y0 - 1, o1.z0));  // y: the region is the tile
}

TEST(Stencil3dTemporal, ModelEqualsTheCountForAnInteriorBlock) {
  for (int k = 1; k <= kMaxStencil3dRadius; ++k)
    for (int S = 1; S <= temporal_max_fused(k); ++S)
      for (int chunk : {4, 16}) {
        const Stencil3dParams p = temporal(k, S, chunk, 1024, 1024, 256);
        const Stencil3dModel m = book_model(p);
        const Stencil3dCount c = temporal_block_count(p, S, 8, 8, 8);  // its tile inside the grid on every side
        EXPECT_EQ(m.steps, S);
        EXPECT_EQ(c.global_loads, m.in_tile_cells) << "order " << k << " steps " << S;
        EXPECT_EQ(c.interior_outputs, m.out_tile_cells);
        EXPECT_EQ(c.updates, m.updates);
        EXPECT_EQ(c.redundant_updates, m.redundant_updates);
        EXPECT_NEAR(double(c.flops) / (4.0 * double(c.global_loads)), m.opb_model, 1e-12);
      }
}

TEST(Stencil3dTemporal, CountIsTheSumOfItsBlocksOnOddGrids) {
  for (const auto& s : kOddSizes)
    for (int k = 1; k <= kMaxStencil3dRadius; ++k)
      for (int K : {1, 3, 8}) {
        const Stencil3dParams p = temporal(k, K, 5, s[0], s[1], s[2]);
        Stencil3dCount want;
        for (int j = 0; j < temporal_passes(K, k); ++j) {
          const int fused = temporal_pass_steps(K, k, j);
          const TemporalTiling g = tiling_of(p, fused).temporal_tiling();
          for (int bz = 0; bz < g.grid_dim(2, p.depth); ++bz)
            for (int by = 0; by < g.grid_dim(1, p.height); ++by)
              for (int bx = 0; bx < g.grid_dim(0, p.width); ++bx) {
                const Stencil3dCount b = temporal_block_count(p, fused, bx, by, bz);
                want.global_loads += b.global_loads, want.updates += b.updates;
              }
        }
        const Stencil3dCount got = exact_traffic(p);
        EXPECT_EQ(got.global_loads, want.global_loads)
            << s[0] << "x" << s[1] << "x" << s[2] << " k " << k << " K " << K;
        EXPECT_EQ(got.updates, want.updates);
        EXPECT_EQ(got.flops, got.interior_outputs * p.ops_per_output() * K);
      }
}

TEST(Stencil3dTemporal, CountedTrafficPerStepFallsWithTheFusedSteps) {
  // A sweep loads the grid once a step; temporal about once per launch, plus its halos.
  const Stencil3dParams one = temporal(1, 1, 64, 256, 256, 256);
  double last = exact_traffic(one).load_bytes_per_step();
  for (int S = 2; S <= 8; ++S) {
    const Stencil3dCount c = exact_traffic(temporal(1, S, 64, 256, 256, 256));
    EXPECT_EQ(c.steps, S);
    EXPECT_EQ(c.flops, exact_traffic(one).flops * S);  // useful work only
    EXPECT_GT(c.redundant_updates, 0);
    if (S <= 4) {  // past that the halo's share grows faster
      EXPECT_LT(c.load_bytes_per_step(), last) << S;
    }
    last = c.load_bytes_per_step();
  }
  // The other strategies sweep K times: K times one sweep's loads, no redundant work.
  Stencil3dParams fast = one;
  fast.strategy = Stencil3dStrategy::fast, fast.tile = 8;
  Stencil3dParams fast4 = fast;
  fast4.steps = 4;
  EXPECT_EQ(exact_traffic(fast4).global_loads, 4 * exact_traffic(fast).global_loads);
  EXPECT_EQ(exact_traffic(fast4).redundant_updates, 0);
}

TEST(Stencil3dTemporal, CpuEngineEqualsKSweepsOfTheReference) {
  const std::unique_ptr<Stencil3dEngine> engine = make_cpu_stencil3d_engine();
  for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
    const StencilCoeffs c = make_named_stencil("random:" + std::to_string(k), k);
    for (int K = 1; K <= kMaxStencil3dSteps; ++K)
      for (const auto& s : kOddSizes) expect_k_sweeps(*engine, temporal(k, K, 64, s[0], s[1], s[2]), c);
  }
  // Every other strategy sweeps K times.
  Stencil3dParams p = temporal(2, 3, 8, 33, 17, 40);
  p.strategy = Stencil3dStrategy::coarsened, p.tile = 32;
  expect_k_sweeps(*engine, p, make_named_stencil("heat", 2));
}

TEST(Stencil3dTemporal, RefusesStepsOutOfRange) {
  EXPECT_TRUE(launch_problem(temporal(1, 0, 8, 32, 32, 32)));
  EXPECT_TRUE(launch_problem(temporal(1, 9, 8, 32, 32, 32)));
  EXPECT_FALSE(launch_problem(temporal(3, 8, 8, 32, 32, 32)));  // eight launches of 1
}

// CUDA: temporal = K sweeps of the CPU reference at odd sizes, every K, order and z chunk.
TEST(Stencil3dTemporalCuda, EqualsKSweepsOfTheReferenceEveryStepsOrderAndTile) {
  std::unique_ptr<Backend> backend;
  try {
    backend = make_cuda_backend();
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no CUDA: " << e.what();
  }
  const std::unique_ptr<Stencil3dEngine> engine = Stencil3dPattern::make_engine(*backend);
  for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
    const StencilCoeffs c = make_named_stencil("random:" + std::to_string(k), k);
    for (int K = 1; K <= kMaxStencil3dSteps; ++K)
      for (int chunk : {1, 7, 64})
        for (const auto& s : kOddSizes) {
          const Stencil3dParams p = temporal(k, K, chunk, s[0], s[1], s[2]);
          ASSERT_FALSE(launch_problem(p, backend->limits())) << *launch_problem(p, backend->limits());
          expect_k_sweeps(*engine, p, c);
        }
  }
  // Grids with blocks clear of every edge (the kernel's edge-free path), one with padded rows.
  for (const auto& s : {std::array<int, 3>{300, 150, 50}, std::array<int, 3>{253, 131, 45}})
    for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
      const StencilCoeffs c = make_named_stencil("random:" + std::to_string(k), k);
      for (int K = 1; K <= kMaxStencil3dSteps; ++K) expect_k_sweeps(*engine, temporal(k, K, 16, s[0], s[1], s[2]), c);
    }
  // fast run K times (the peer temporal is measured against).
  Stencil3dParams p = temporal(1, 5, 8, 70, 45, 37);
  p.strategy = Stencil3dStrategy::fast;
  expect_k_sweeps(*engine, p, make_named_stencil("random:3", 1));
}
