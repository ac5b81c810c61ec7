// Every CUDA stencil strategy against the CPU reference; skipped where no CUDA device is usable.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <memory>
#include <random>

#include "kernels/common/backend.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/pattern.hpp"
#include "kernels/stencil3d/reference.hpp"
#include "kernels/stencil3d/strategies.hpp"

using namespace tilescope;

namespace {

// A CUDA backend and its engine, or skipped.
class CudaStencil3dTest : public ::testing::Test {
 protected:
  void SetUp() override {
    try {
      backend_ = make_cuda_backend();
    } catch (const std::exception& e) {
      GTEST_SKIP() << "no CUDA: " << e.what();
    }
    engine_ = Stencil3dPattern::make_engine(*backend_);
  }
  std::unique_ptr<Backend> backend_;
  std::unique_ptr<Stencil3dEngine> engine_;
};
class Stencil3dCuda : public CudaStencil3dTest, public ::testing::WithParamInterface<Stencil3dStrategy> {};
class Stencil3dCudaFast : public CudaStencil3dTest {};  // fast's own cases

}  // namespace

TEST_P(Stencil3dCuda, MatchesTheCpuReferenceForOddSizesEveryOrderAndTile) {
  // Widths of every divisibility by 4 (fast pads all but 4, 132 and 200 to a float4; 132, 200, 260
  // and 261: partial blocks, fast's last column folded into rows of fewer lanes).
  const int sizes[][3] = {{1, 1, 1},
                          {7, 1, 5},
                          {9, 8, 7},
                          {33, 17, 40},
                          {70, 45, 37},
                          {4, 9, 9},
                          {132, 19, 23},
                          {260, 11, 41},
                          {261, 13, 19},
                          {200, 9, 21},
                          {383, 10, 13},
                          // fast's last column folded into rows of 1 lane (513, 4), 3 lanes (139), 9 (161),
                          // deeper than a block of warp rows: fewer block rows in that column; rows of 17
                          // and 10 lanes (65, 37 wide: one column) straddle warps
                          {513, 300, 9},
                          {4, 300, 6},
                          {139, 150, 6},
                          {161, 100, 5},
                          {65, 100, 6},
                          {37, 200, 7}};
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  const bool cube = GetParam() == Stencil3dStrategy::basic || GetParam() == Stencil3dStrategy::tiled;
  for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
    const StencilCoeffs c = make_named_stencil("random:" + std::to_string(k), k);
    for (int tile : cube ? std::vector<int>{4, 7, 8, 10} : std::vector<int>{8, 13, 16, 32})
      for (const auto& s : sizes) {
        Stencil3dParams p;
        p.strategy = GetParam(), p.order = k, p.tile = tile, p.width = s[0], p.height = s[1], p.depth = s[2];
        if (launch_problem(p, backend_->limits())) continue;  // e.g. tile 4 at order 2
        std::vector<float> in(std::size_t(p.cells())), out(in.size()), want(in.size());
        for (float& v : in) v = u(rng);
        engine_->apply(p, c, in.data(), out.data());
        stencil3d_cpu(c, in.data(), want.data(), p.width, p.height, p.depth);
        EXPECT_LE(max_abs_error(out.data(), want.data(), out.size()), stencil_tolerance(c, 1.0f))
            << "order " << k << " tile " << tile << " grid " << s[0] << "x" << s[1] << "x" << s[2];
      }
  }
}

TEST_P(Stencil3dCuda, PingPongAdvancesTheSimulationAsTheCpuDoes) {
  // 41 wide: fast's grid has padded rows (stencil_layout), the others' dense rows; every other
  // step runs fast, so the engine lays the grid out again between steps, sources injected between.
  Stencil3dParams p;
  p.order = 1, p.width = 41, p.height = 36, p.depth = 30;
  auto cpu = make_cpu_stencil3d_engine();
  const StencilCoeffs c = make_named_stencil("heat", 1);
  for (Stencil3dEngine* e : {engine_.get(), cpu.get()}) {
    e->reset(p.width, p.height, p.depth);
    for (int step = 0; step < 6; ++step) {
      p.strategy = step % 2 ? Stencil3dStrategy::fast : GetParam();
      p.tile = default_tile(p.strategy, 1);
      e->inject(heat_sources_at(p.width, p.height, p.depth, step * 0.5f));
      e->run(p, c);
      e->advance();
    }
  }
  std::vector<float> gpu_grid(std::size_t(p.cells())), cpu_grid(gpu_grid.size()), slice(std::size_t(41) * 36);
  engine_->read(GridBuffer::current, gpu_grid.data());
  cpu->read(GridBuffer::current, cpu_grid.data());
  for (std::size_t i = 0; i < gpu_grid.size(); ++i) ASSERT_NEAR(gpu_grid[i], cpu_grid[i], 1e-5) << i;
  engine_->read_slice(GridBuffer::current, 17, slice.data());
  for (std::size_t i = 0; i < slice.size(); ++i) ASSERT_EQ(slice[i], gpu_grid[17 * slice.size() + i]) << i;
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, Stencil3dCuda,
                         ::testing::Values(Stencil3dStrategy::basic, Stencil3dStrategy::tiled,
                                           Stencil3dStrategy::coarsened, Stencil3dStrategy::register_tiled,
                                           Stencil3dStrategy::fast),
                         [](const auto& info) { return std::string(strategy_info(info.param).name); });

// The chunk rule (fast_chunk_for) counts waves of fast_blocks_per_sm resident blocks: the occupancy
// the device reports at each order, on aligned and on padded rows.
TEST_F(Stencil3dCudaFast, ResidentBlocksAreTheOnesTheChunkRuleCounts) {
  for (int k = 1; k <= kMaxStencil3dRadius; ++k)
    for (int width : {512, 513}) {
      const Stencil3dParams p{Stencil3dStrategy::fast, k, fast_longest_chunk(k), width, 64, 64};
      EXPECT_EQ(engine_->blocks_per_sm(p), fast_blocks_per_sm(k)) << "k = " << k << ", width " << width;
    }
}

// fast on a flattened plane (fast_flat: grids of 2^24 cells and more whose rows a float4 pitch would
// pad by more than 1/16, or narrow ones it would pad by 2-3 cells): every width mod 4, grids too narrow for interior
// cells at higher orders, and chunks the rule picks and short ones, against the CPU reference; then fast's rows 128
// bytes apart on big planes (fast_row_pitch).
TEST_F(Stencil3dCudaFast, FlattenedPlanesAndLineRowsMatchTheCpuReference) {
  // 33 x 713, 9 x 2401 and 46 x 601: planes padded to a float4 (3, 3 and 2 cells).
  const int sizes[][3] = {{33, 712, 720},  {30, 760, 740}, {15, 1500, 750}, {9, 2400, 777}, {45, 600, 625},
                          {3, 5000, 1119}, {46, 600, 625}, {121, 400, 400}, {33, 713, 720}, {9, 2401, 777},
                          {46, 601, 625},  {1000, 600, 9}, {1001, 530, 12}, {1500, 400, 7}};
  std::mt19937 rng(12);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (const auto& s : sizes) {
    const std::size_t cells = std::size_t(s[0]) * s[1] * s[2];
    std::vector<float> in(cells), out(cells), want(cells);
    for (float& v : in) v = u(rng);
    for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
      const StencilCoeffs c = make_named_stencil("random:" + std::to_string(k), k);
      stencil3d_cpu(c, in.data(), want.data(), s[0], s[1], s[2]);
      Stencil3dParams p{Stencil3dStrategy::fast, k, 2 * k + 3, s[0], s[1], s[2]};
      for (int tile : {2 * k + 3, default_tile(p, backend_->limits())}) {
        p.tile = tile;
        ASSERT_TRUE(tiling_of(p).flat || tiling_of(p).pitch % kFastLineFloats == 0);
        ASSERT_FALSE(launch_problem(p, backend_->limits())) << *launch_problem(p, backend_->limits());
        engine_->apply(p, c, in.data(), out.data());
        EXPECT_LE(max_abs_error(out.data(), want.data(), out.size()), stencil_tolerance(c, 1.0f))
            << "order " << k << " tile " << tile << " grid " << s[0] << "x" << s[1] << "x" << s[2];
      }
    }
  }
}

// The engine lays a flattened grid (dense rows, planes padded to a float4) and one of rows 128 bytes
// apart out again when the strategy changes, and back, with heat sources injected between steps; a
// slice reads back from it.
class Stencil3dCudaLayouts : public Stencil3dCudaFast, public ::testing::WithParamInterface<std::array<int, 3>> {};

TEST_P(Stencil3dCudaLayouts, PingPongAsTheCpuDoes) {
  auto cpu = make_cpu_stencil3d_engine();
  const auto [width, height, depth] = GetParam();
  Stencil3dParams p{Stencil3dStrategy::fast, 1, 8, width, height, depth};
  const StencilCoeffs c = make_named_stencil("heat", 1);
  for (Stencil3dEngine* e : {engine_.get(), cpu.get()}) {
    e->reset(p.width, p.height, p.depth);
    for (int step = 0; step < 4; ++step) {
      p.strategy = step % 2 ? Stencil3dStrategy::register_tiled : Stencil3dStrategy::fast;
      p.tile = default_tile(p.strategy, 1);
      e->inject(heat_sources_at(p.width, p.height, p.depth, step * 0.5f));
      e->run(p, c);
      e->advance();
    }
    p.strategy = Stencil3dStrategy::fast;  // ends laid out as fast lays it
    p.tile = default_tile(p.strategy, 1);
    e->run(p, c);
    e->advance();
  }
  const Stencil3dTiling g = tiling_of(p);
  ASSERT_TRUE(g.flat || g.pitch % kFastLineFloats == 0);
  ASSERT_NE(g.plane, 1LL * width * height);
  std::vector<float> gpu_grid(std::size_t(p.cells())), cpu_grid(gpu_grid.size()), slice(std::size_t(width) * height);
  engine_->read(GridBuffer::current, gpu_grid.data());
  cpu->read(GridBuffer::current, cpu_grid.data());
  for (std::size_t i = 0; i < gpu_grid.size(); ++i) ASSERT_NEAR(gpu_grid[i], cpu_grid[i], 1e-5) << i;
  const int z = depth / 2;
  engine_->read_slice(GridBuffer::current, z, slice.data());
  for (std::size_t i = 0; i < slice.size(); ++i) ASSERT_EQ(slice[i], gpu_grid[z * slice.size() + i]) << i;
}

INSTANTIATE_TEST_SUITE_P(FlatAndLineRows, Stencil3dCudaLayouts,
                         ::testing::Values(std::array<int, 3>{33, 713, 720}, std::array<int, 3>{1000, 600, 9}),
                         [](const auto& info) { return "width" + std::to_string(info.param[0]); });
