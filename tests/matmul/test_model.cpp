// matmul: the book's numbers (0.25 OP/B naive, TILE_WIDTH x 0.25 tiled, the A100's 6220 GFLOP/s),
// exact counts against a brute-force emulation of every thread and phase, launch, validation,
// and the phase-by-phase emulation with and without the two barriers.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>

#include "kernels/common/error.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/phases.hpp"
#include "kernels/matmul/strategies.hpp"

using namespace tilescope;

namespace {

std::vector<float> test_values(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (float& x : v) x = u(rng);
  return v;
}

MatmulParams params(MatmulStrategy s, int tile, int rows = 1024, int inner = 1024, int cols = 1024) {
  return {s, tile, rows, inner, cols};
}

// fast, thread by thread in every slice of the split-K: its 16 x 8 outputs (the first slice's); in
// every phase of its slice its elements of M (8 at tile 128, 4 at 256) and its 2 float4s of N (rows of
// whole float4s) or 8 elements of N, counting those inside the matrices (the others are zeros written
// without a load).
MatmulCount brute_force_fast(const MatmulParams& p) {
  const MatmulTiling g = tiling_of(p);
  const LaunchGeometry l = launch_geometry(p);
  const bool vec = matmul_fast_float4_rows(p);
  MatmulCount c;
  for (int z = 0; z < g.slices; ++z)
    for (int by = 0; by < l.grid.y; ++by)
      for (int bx = 0; bx < l.grid.x; ++bx)
        for (int t = 0; t < l.block.x; ++t) {
          for (int i = 0; i < kMatmulFastOutputRows; ++i)
            for (int j = 0; j < kMatmulFastOutputCols; ++j)
              c.outputs += z == 0 && in_range(g.fast_row(by, t, i), p.rows) && in_range(g.fast_col(bx, t, j), p.cols);
          for (int ph = g.slice_first(z, p.inner); ph < g.slice_end(z, p.inner); ++ph) {
            for (int r = 0; r < g.tile_rows * g.depth / g.fast_threads(); ++r)
              c.m_loads +=
                  in_range(g.row_of(by, g.fast_m_row(t, r)), p.rows) && in_range(g.phase_k(ph, g.fast_m_k(t)), p.inner);
            for (int k = 0; k < 8; ++k) {  // vec: float4 k / 4 of the two, element k % 4 of it
              const int n_k = vec ? g.fast_n_k(t, k / 4) : g.fast_n_k_element(k);
              const int n_col = vec ? g.fast_n_col(t) + k % 4 : g.fast_n_col_element(t);
              c.n_loads += in_range(g.phase_k(ph, n_k), p.inner) && in_range(g.col_of(bx, n_col), p.cols);
            }
          }
        }
  c.flops = 2 * c.outputs * p.inner;
  c.global_load_bytes = 4 * (c.m_loads + c.n_loads);
  return c;
}

// Every thread of every block, as the kernels run: naive loads a row of M and a column of N if
// its P element exists; tiled loads Mds[ty][tx] and Nds[ty][tx] in every phase when inside.
MatmulCount brute_force(const MatmulParams& p) {
  if (p.strategy == MatmulStrategy::fast) return brute_force_fast(p);
  const MatmulTiling g = tiling_of(p);
  const LaunchGeometry l = launch_geometry(p);
  MatmulCount c;
  for (int by = 0; by < l.grid.y; ++by)
    for (int bx = 0; bx < l.grid.x; ++bx)
      for (int ty = 0; ty < p.tile; ++ty)
        for (int tx = 0; tx < p.tile; ++tx) {
          const int row = g.row_of(by, ty), col = g.col_of(bx, tx);
          const bool owns_p = in_range(row, p.rows) && in_range(col, p.cols);
          c.outputs += owns_p;
          if (p.strategy == MatmulStrategy::naive) {
            if (owns_p) c.m_loads += p.inner, c.n_loads += p.inner;
            continue;
          }
          for (int ph = 0; ph < g.phases(p.inner); ++ph) {
            c.m_loads += in_range(row, p.rows) && in_range(g.phase_k(ph, tx), p.inner);
            c.n_loads += in_range(g.phase_k(ph, ty), p.inner) && in_range(col, p.cols);
          }
        }
  c.flops = 2 * c.outputs * p.inner;
  c.global_load_bytes = 4 * (c.m_loads + c.n_loads);
  return c;
}

}  // namespace

TEST(MatmulBookModel, NaiveKernelIsQuarterOpPerByte) {
  EXPECT_DOUBLE_EQ(book_model(params(MatmulStrategy::naive, 16)).opb_model, 0.25);
  EXPECT_DOUBLE_EQ(exact_traffic(params(MatmulStrategy::naive, 16, 100, 37, 45)).opb(), 0.25);
}

TEST(MatmulBookModel, SixteenBySixteenTilesGiveFourOpsPerByte) {
  EXPECT_DOUBLE_EQ(book_model(params(MatmulStrategy::tiled, 16)).opb_model, 4.0);
  for (int tile = kMinMatmulTile; tile <= kMaxMatmulTile; ++tile)
    EXPECT_DOUBLE_EQ(book_model(params(MatmulStrategy::tiled, tile)).opb_model, tile * 0.25);
}

TEST(MatmulBookModel, TheA100BoundIsBandwidthTimesOpsPerByte) {
  EXPECT_DOUBLE_EQ(throughput_bound_gflops(kA100BandwidthGBs, book_model(params(MatmulStrategy::tiled, 16)).opb_model),
                   6220.0);
  EXPECT_DOUBLE_EQ(throughput_bound_gflops(kA100BandwidthGBs, 0.25), 388.75);  // the book's "389"
}

TEST(MatmulTraffic, SquareMatricesInWholeTilesCountExactlyTheModel) {
  for (int tile : {2, 8, 16, 32}) {
    const MatmulParams p = params(MatmulStrategy::tiled, tile, 256, 256, 256);
    EXPECT_DOUBLE_EQ(exact_traffic(p).opb(), book_model(p).opb_model) << tile;
    EXPECT_EQ(exact_traffic(p).m_loads, 256LL * 256 * (256 / tile));  // each M element once per column of blocks
  }
}

TEST(MatmulTraffic, PartialTilesLoadOnlyWhatIsInsideTheMatrices) {
  // 3x5 times 5x2 with TILE_WIDTH 4: grid 1x1, two phases; the second loads only k = 4.
  const MatmulCount c = exact_traffic(params(MatmulStrategy::tiled, 4, 3, 5, 2));
  EXPECT_EQ(c.m_loads, 15);
  EXPECT_EQ(c.n_loads, 10);
  EXPECT_EQ(c.flops, 2 * 3 * 5 * 2);
  EXPECT_EQ(c.global_load_bytes, 4 * 25);
}

TEST(MatmulTraffic, WholeGridCountEqualsBruteForceEmulation) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 150; ++trial) {
    // fast's 128 x 128 and 128 x 256 block tiles: sizes up to 600 so that the grid has several of them,
    // every other one with N's rows whole float4s (its other copy of N).
    const MatmulStrategy s = strategy_table<MatmulStrategy>()[trial % kMatmulStrategyCount].id;
    const bool fast = s == MatmulStrategy::fast;
    const int most = fast ? 600 : 70, align = fast && trial % 2 ? 4 : 1;
    auto size = [&] { return (1 + int(rng() % most) + align - 1) / align * align; };
    const int rows = size(), inner = 1 + int(rng() % most), cols = size();
    const int tile =
        fast ? (trial / 6 % 2 ? kMatmulFastWideTile : kMatmulFastNarrowTile) : kMinMatmulTile + int(rng() % 15);
    MatmulParams p = params(s, tile, rows, inner, cols);
    if (fast && tile == kMatmulFastNarrowTile) {  // split-K in 1..8 slices where none is empty
      p.slices = 1 + int(rng() % kMatmulFastMaxSlices);
      if (launch_problem(p)) p.slices = 1;
    }
    const MatmulCount a = exact_traffic(p), b = brute_force(p);
    const std::string what = std::string(strategy_info(p.strategy).name) + " tile=" + std::to_string(p.tile) +
                             " slices=" + std::to_string(p.slices) + " " + std::to_string(p.rows) + "x" +
                             std::to_string(p.inner) + "x" + std::to_string(p.cols);
    EXPECT_EQ(a.outputs, b.outputs) << what;
    EXPECT_EQ(a.m_loads, b.m_loads) << what;
    EXPECT_EQ(a.n_loads, b.n_loads) << what;
    EXPECT_EQ(a.flops, b.flops) << what;
    EXPECT_EQ(a.global_load_bytes, b.global_load_bytes) << what;
  }
}

TEST(MatmulTraffic, WholeGridIsTheSumOfItsBlocks) {
  for (MatmulStrategy s : {MatmulStrategy::naive, MatmulStrategy::tiled}) {
    const MatmulParams p = params(s, 8, 45, 29, 70);
    const LaunchGeometry l = launch_geometry(p);
    std::int64_t bytes = 0, flops = 0;
    for (int by = 0; by < l.grid.y; ++by)
      for (int bx = 0; bx < l.grid.x; ++bx)
        bytes += block_traffic(p, bx, by).global_load_bytes, flops += block_traffic(p, bx, by).flops;
    EXPECT_EQ(bytes, exact_traffic(p).global_load_bytes);
    EXPECT_EQ(flops, exact_traffic(p).flops);
  }
}

TEST(MatmulLaunch, GridCoversPWithTileByTileBlocks) {
  const LaunchGeometry l = launch_geometry(params(MatmulStrategy::tiled, 16, 100, 30, 50));
  EXPECT_EQ(l.grid.x, 4);  // ceil(50 / 16) columns of P
  EXPECT_EQ(l.grid.y, 7);  // ceil(100 / 16) rows of P
  EXPECT_EQ(l.threads_per_block, 256);
  EXPECT_EQ(l.shared_bytes, 2u * 16 * 16 * 4);  // Mds and Nds
  EXPECT_EQ(launch_geometry(params(MatmulStrategy::naive, 16)).shared_bytes, 0u);
  EXPECT_EQ(tiling_of(params(MatmulStrategy::tiled, 16, 100, 30, 50)).phases(30), 2);
}

TEST(MatmulGeometry, FastGivesEachElementOfItsBlockTileToOneThreadInsideItsWarpTile) {
  for (int tile : {kMatmulFastNarrowTile, kMatmulFastWideTile}) {
    const MatmulTiling g = tiling_of(params(MatmulStrategy::fast, tile));
    ASSERT_EQ(g.tile_rows, 128);
    ASSERT_EQ(g.tile_cols, tile);
    ASSERT_EQ(g.depth, 8);
    ASSERT_EQ(g.fast_threads(), tile);  // a thread per column: 4 or 8 warps of 64 x 64
    const int by = 3, bx = 2, r0 = 3 * 128, c0 = 2 * tile;
    std::vector<int> owners(128 * tile, 0);
    for (int t = 0; t < g.fast_threads(); ++t)
      for (int i = 0; i < kMatmulFastOutputRows; ++i)
        for (int j = 0; j < kMatmulFastOutputCols; ++j) {
          const int row = g.fast_row(by, t, i), col = g.fast_col(bx, t, j);
          ASSERT_TRUE(in_range(row - r0, 128) && in_range(col - c0, tile)) << t;
          ++owners[(row - r0) * tile + col - c0];
          EXPECT_EQ(g.fast_thread(row, col), t);
          EXPECT_EQ(g.fast_output_row(row), i);
          EXPECT_EQ(g.fast_output_col(col), j);
          // Inside its warp's 64 x 64 tile, which every lane of the warp shares.
          EXPECT_TRUE(in_range(row - g.fast_warp_row(by, t), 64) && in_range(col - g.fast_warp_col(bx, t), 64));
          EXPECT_EQ(g.fast_warp_row(by, t), g.fast_warp_row(by, t / 32 * 32));
          EXPECT_EQ(g.fast_warp_col(bx, t), g.fast_warp_col(bx, t / 32 * 32));
        }
    for (int n = 0; n < 128 * tile; ++n) ASSERT_EQ(owners[n], 1) << tile << " " << n;
    // Thread 37 is warp 1 (warp tile rows 0..63, columns 64..127), lane 5: rows 0..3, 16..19, 32..35,
    // 48..51 and columns 84..87, 116..119.
    EXPECT_EQ(g.fast_row(0, 37, 0), 0);
    EXPECT_EQ(g.fast_row(0, 37, 5), 17);
    EXPECT_EQ(g.fast_col(0, 37, 0), 84);
    EXPECT_EQ(g.fast_col(0, 37, 7), 119);
    // Warp 2: the second row of warp tiles at 128 wide, the third warp tile of the first row at 256.
    EXPECT_EQ(g.fast_warp_row(0, 64), tile == 128 ? 64 : 0);
    EXPECT_EQ(g.fast_warp_col(0, 64), tile == 128 ? 0 : 128);
  }
}

TEST(MatmulGeometry, FastCopiesEachTileCellOncePerPhaseAndItsWarpsReadWholeWavefronts) {
  for (int tile : {kMatmulFastNarrowTile, kMatmulFastWideTile}) {
    const MatmulTiling g = tiling_of(params(MatmulStrategy::fast, tile));
    // Per phase the threads copy the 128 x 8 tile of M (8 elements each at 128 threads, 4 at 256) and
    // the 8 x tile tile of N (2 float4s each, or 8 elements where rows are not whole float4s).
    const int copies_m = 128 * 8 / g.fast_threads();
    std::vector<int> m_cells(128 * 8, 0), n_vec(8 * tile, 0), n_elements(8 * tile, 0);
    for (int t = 0; t < g.fast_threads(); ++t) {
      for (int c = 0; c < copies_m; ++c) ++m_cells[g.fast_m_row(t, c) * 8 + g.fast_m_k(t)];
      for (int c = 0; c < 2; ++c)
        for (int q = 0; q < 4; ++q) ++n_vec[g.fast_n_k(t, c) * tile + g.fast_n_col(t) + q];
      for (int c = 0; c < 8; ++c) ++n_elements[g.fast_n_k_element(c) * tile + g.fast_n_col_element(t)];
    }
    for (int c : m_cells) EXPECT_EQ(c, 1);
    for (int c : n_vec) EXPECT_EQ(c, 1);
    for (int c : n_elements) EXPECT_EQ(c, 1);
    for (int w = 0; w < g.fast_threads() / 32; ++w) {
      // The transposing copies of a warp land in Ms[k][row] (rows padded by kMatmulFastPad) on 32
      // different banks of 4 bytes: no conflict.
      for (int c = 0; c < copies_m; ++c) {
        std::vector<int> banks(32, 0);
        for (int lane = 0; lane < 32; ++lane) {
          const int t = 32 * w + lane;
          ++banks[(g.fast_m_k(t) * (128 + kMatmulFastPad) + g.fast_m_row(t, c)) % 32];
        }
        for (int b : banks) EXPECT_EQ(b, 1) << w;
      }
      // For each k a warp's float4 reads of Ms hit 4 consecutive float4s (64 bytes) and of Ns 8
      // (128 bytes): one wavefront each.
      for (int i = 0; i < kMatmulFastOutputRows; i += 4) {
        std::set<int> rows;
        for (int lane = 0; lane < 32; ++lane) rows.insert(g.fast_row(0, 32 * w + lane, i));
        EXPECT_EQ(rows.size(), 4u);
        EXPECT_EQ(*rows.rbegin() - *rows.begin(), 12);
      }
      for (int j = 0; j < kMatmulFastOutputCols; j += 4) {
        std::set<int> cols;
        for (int lane = 0; lane < 32; ++lane) cols.insert(g.fast_col(0, 32 * w + lane, j));
        EXPECT_EQ(cols.size(), 8u);
        EXPECT_EQ(*cols.rbegin() - *cols.begin(), 28);
      }
    }
  }
}

TEST(MatmulLaunch, FastLaunchesAThreadPerColumnOfIts128RowBlockTile) {
  for (int tile : {kMatmulFastNarrowTile, kMatmulFastWideTile}) {
    const MatmulParams p = params(MatmulStrategy::fast, tile, 300, 70, 129);
    EXPECT_FALSE(launch_problem(p)) << tile;
    const LaunchGeometry l = launch_geometry(p);
    EXPECT_EQ(l.grid.x, tile == 128 ? 2 : 1);
    EXPECT_EQ(l.grid.y, 3);
    EXPECT_EQ(l.threads_per_block, tile);
    // 4 stages of Ms (padded rows) and Ns at 128, 3 at 256: both under a static allocation's 48 KB.
    EXPECT_EQ(l.shared_bytes, (tile == 128 ? 4u : 3u) * 8 * (128 + 4 + tile) * 4);
    EXPECT_LE(l.shared_bytes, 48u * 1024);
    // Threads whose first output is inside P. First rows in a tile: 0, 4, 8, 12 and 64 .. 76; blocks
    // 0 and 1 have all 8 inside, block 2 the 4 at 256..268 < 300. First columns: 0..28 and 64..92
    // (16), and 128 < 129 (in block 1 at 128 wide, in the third warp tile at 256).
    EXPECT_EQ(l.threads_computing, (8 + 8 + 4) * (16 + 1));
  }
  for (int tile : {1, 16, 32, 64, 1000}) {
    EXPECT_TRUE(launch_problem(params(MatmulStrategy::fast, tile))) << tile;
  }
  // 2 x 128 x C flops per (128 + C) x 4 bytes: 32 OP/B at 128 wide (TILE x 0.25 as the tiled
  // kernel's), 42.7 at 256.
  EXPECT_DOUBLE_EQ(book_model(params(MatmulStrategy::fast, 128)).opb_model, 32.0);
  EXPECT_DOUBLE_EQ(book_model(params(MatmulStrategy::fast, 256)).opb_model, 2.0 * 128 * 256 / (4 * 384));
  for (int tile : {kMatmulFastNarrowTile, kMatmulFastWideTile}) {
    const MatmulParams whole = params(MatmulStrategy::fast, tile, 512, 512, 512);
    EXPECT_DOUBLE_EQ(exact_traffic(whole).opb(), book_model(whole).opb_model) << tile;
  }
}

// Split-K: the slices run every phase once, in order, none empty; fast alone splits, in 1..8 slices.
TEST(MatmulSplitK, SlicesCoverEveryPhaseOnceAndOnlyFastSplits) {
  for (int inner : {1, 8, 9, 63, 64, 65, 1000})
    for (int slices = 1; slices <= kMatmulFastMaxSlices; ++slices) {
      const MatmulParams p{MatmulStrategy::fast, 128, 40, inner, 40, slices};
      const MatmulTiling g = tiling_of(p);
      if (!matmul_slices_fill(g, inner)) {
        EXPECT_NE(launch_problem(p).value_or("").find("leaves one without a phase"), std::string::npos);
        continue;
      }
      EXPECT_FALSE(launch_problem(p)) << inner << " " << slices;
      int next = 0;
      for (int z = 0; z < slices; ++z) {
        EXPECT_EQ(g.slice_first(z, inner), next);
        EXPECT_GT(g.slice_end(z, inner), next) << inner << " " << slices << " " << z;  // not empty
        next = g.slice_end(z, inner);
      }
      EXPECT_EQ(next, g.phases(inner));
      EXPECT_EQ(launch_geometry(p).threads_launched, 128LL * slices);
      // Thread by thread, the slices load what one block would (the exact count ignores slices).
      MatmulParams whole = p;
      whole.slices = 1;
      EXPECT_EQ(brute_force(p).global_load_bytes, brute_force(whole).global_load_bytes) << inner << " " << slices;
      EXPECT_EQ(brute_force(p).global_load_bytes, exact_traffic(p).global_load_bytes) << inner << " " << slices;
    }
  EXPECT_NE(launch_problem(MatmulParams{MatmulStrategy::tiled, 16, 64, 64, 64, 2}).value_or("").find("fast's alone"),
            std::string::npos);
  EXPECT_TRUE(launch_problem(MatmulParams{MatmulStrategy::fast, 128, 64, 640, 64, kMatmulFastMaxSlices + 1}));
  EXPECT_TRUE(launch_problem(MatmulParams{MatmulStrategy::fast, 128, 64, 640, 64, 0}));
}

// The shape rule at sizes timed on an H100 (132 SMs): the tiles without split-K
// (bench/results/2026-11-27-h100-matmul-fast-tiles.md) and the 128-wide tile at 1, 2, 3, 4, 6 and 8
// slices (bench/studies/2026-11-26-matmul-fast.md, split-K: 12 sizes, then 10 more). Each shape here ran
// fastest there or within 1.7% of it (512^3: 8 slices, 6 ran 1.7% faster; 2560^3: 3 slices, 4 and 6
// 1.3% faster; 4097^3: 2 slices, 4 1.1% faster; 5120^3: 2, 3 0.6% faster); 640x2048x640 at 5 slices,
// not swept, ran in bench faster than 4 and 8 did in the sweep (0.0627 against 0.0733 ms).
TEST(MatmulFastShape, TheRuleTakesAShapeThatRanFastestOnAnH100) {
  const int h100 = 132;
  constexpr int kTimed[][5] = {
      {4096, 4096, 4096, 256, 1}, {8192, 8192, 8192, 256, 1}, {2048, 2048, 2048, 256, 1}, {3000, 3000, 3000, 128, 2},
      {1024, 1024, 1024, 128, 2}, {1000, 1000, 1000, 128, 2}, {768, 768, 768, 128, 3},    {512, 512, 512, 128, 8},
      {1536, 1536, 1536, 128, 3}, {1920, 1080, 1080, 128, 3}, {2560, 2560, 2560, 128, 3}, {1024, 4096, 1024, 128, 4},
      {6000, 5000, 4000, 256, 1}, {3584, 3584, 3584, 256, 1}, {6144, 6144, 6144, 256, 1}, {4096, 4097, 4096, 256, 1},
      {1200, 1200, 1200, 128, 1}, {1280, 1280, 1280, 128, 1}, {1500, 700, 900, 128, 1},   {800, 600, 1000, 128, 2},
      {333, 4096, 777, 128, 6},   {2304, 2304, 2304, 128, 2}, {4097, 4097, 4097, 128, 2}, {5120, 5120, 5120, 128, 2},
      {640, 2048, 640, 128, 5}};
  for (const auto& t : kTimed) {
    const MatmulFastShape s = matmul_fast_shape_for(params(MatmulStrategy::fast, 128, t[0], t[1], t[2]), h100);
    EXPECT_EQ(s.tile, t[3]) << t[0] << "x" << t[1] << "x" << t[2];
    EXPECT_EQ(s.slices, t[4]) << t[0] << "x" << t[1] << "x" << t[2];
  }
  // N's rows not whole float4s: never 256 wide.
  EXPECT_EQ(matmul_fast_shape_for(params(MatmulStrategy::fast, 128, 4097, 4097, 4097), h100).tile, 128);
  // No GPU known: 128 wide, no split-K.
  const MatmulFastShape none = matmul_fast_shape_for(params(MatmulStrategy::fast, 128, 1024, 1024, 1024), 0);
  EXPECT_EQ(none.tile, 128);
  EXPECT_EQ(none.slices, 1);
  // Whatever the size and GPU, the shape runs: a tile fast has, slices that fill.
  std::mt19937 rng(11);
  for (int trial = 0; trial < 500; ++trial) {
    MatmulParams p =
        params(MatmulStrategy::fast, 128, 1 + int(rng() % 5000), 1 + int(rng() % 5000), 1 + int(rng() % 5000));
    const MatmulFastShape s = matmul_fast_shape_for(p, 1 + int(rng() % 200));
    p.tile = s.tile, p.slices = s.slices;
    EXPECT_FALSE(launch_problem(p)) << p.rows << "x" << p.inner << "x" << p.cols;
  }
}

TEST(MatmulValidate, RefusesWithAReasonThatNamesTheLimit) {
  auto why = [](MatmulParams p, DeviceLimits l = {}) { return launch_problem(p, l).value_or(""); };
  EXPECT_FALSE(launch_problem(params(MatmulStrategy::tiled, 2, 1, 1, 1)));
  EXPECT_FALSE(launch_problem(params(MatmulStrategy::tiled, 32, 3, 5, 7)));
  EXPECT_NE(why(params(MatmulStrategy::tiled, 1)).find("use 2..32"), std::string::npos);
  EXPECT_NE(why(params(MatmulStrategy::tiled, 33)).find("use 2..32"), std::string::npos);
  DeviceLimits small;
  small.max_threads_per_block = 512;
  EXPECT_NE(why(params(MatmulStrategy::naive, 32), small).find("1024 threads per block"), std::string::npos);
  small = {};
  small.max_shared_bytes_per_block = 4096;  // Mds + Nds at 32 need 8192 B
  EXPECT_NE(why(params(MatmulStrategy::tiled, 32), small).find("8192 bytes of shared memory"), std::string::npos);
  EXPECT_FALSE(launch_problem(params(MatmulStrategy::naive, 32), small));
  EXPECT_NE(why(params(MatmulStrategy::tiled, 16, 0, 4, 4)).find("at least 1"), std::string::npos);
  EXPECT_NE(why(params(MatmulStrategy::tiled, 16, 1 << 15, 1 << 14, 4)).find("more than"), std::string::npos);
  EXPECT_NE(why(params(MatmulStrategy::tiled, 2, 1 << 18, 1, 1)).find("grid"), std::string::npos);
  // fast's tiles are 128 rows high, so its refusal does not advise a larger one: 2^24 rows are 2^17
  // block rows.
  EXPECT_NE(why(params(MatmulStrategy::fast, 128, 1 << 24, 1, 1)).find("128 rows high"), std::string::npos);
  EXPECT_NE(why(params(MatmulStrategy::fast, 16)).find("use tile 128 or 256"), std::string::npos);
  EXPECT_THROW(validate_launch(params(MatmulStrategy::tiled, 0)), InvalidInput);
}

TEST(MatmulPhases, WithBothBarriersThePhasesSumToTheProduct) {
  const MatmulParams p = params(MatmulStrategy::tiled, 4, 9, 11, 7);
  const std::vector<float> M = test_values(9 * 11, 1), N = test_values(11 * 7, 2);
  const std::vector<float> P = tiled_product(p, M.data(), N.data(), false);
  for (int row = 0; row < 9; ++row)
    for (int col = 0; col < 7; ++col) {
      double ref = 0;
      for (int k = 0; k < 11; ++k) ref += double(M[row * 11 + k]) * N[k * 7 + col];
      EXPECT_NEAR(P[row * 7 + col], ref, 1e-5) << row << "," << col;
      EXPECT_EQ(tiled_pvalue(p, M.data(), N.data(), row, col, 0), 0.0f);
    }
  // After phase 0 a thread holds the products of k = 0..3 only.
  EXPECT_NEAR(tiled_pvalue(p, M.data(), N.data(), 2, 3, 1),
              M[2 * 11 + 0] * N[0 * 7 + 3] + M[2 * 11 + 1] * N[1 * 7 + 3] + M[2 * 11 + 2] * N[2 * 7 + 3] +
                  M[2 * 11 + 3] * N[3 * 7 + 3],
              1e-6);
  EXPECT_EQ(staged_m(p, M.data(), 2, 2, 3), 0.0f);  // k = 11 is past the end of M's row: a zero
  EXPECT_EQ(staged_n(p, N.data(), 2, 2, 3), N[10 * 7 + 3]);
}

TEST(MatmulPhases, WithoutEitherBarrierTheResultIsWrong) {
  // TILE_WIDTH 8: two warps a block, so the first barrier's race shows on the shared schedule
  // (kernels/matmul/broken_block.hpp: warp 0, rows 0..3 of a block, reads warp 1's Nds rows).
  const MatmulParams p = params(MatmulStrategy::tiled, 8, 16, 24, 16);
  const std::vector<float> M = test_values(16 * 24, 3), N = test_values(24 * 16, 4);
  const std::vector<float> good = tiled_product(p, M.data(), N.data(), false);
  const std::vector<float> war = tiled_product(p, M.data(), N.data(), true);
  std::vector<float> raw(good.size());
  matmul_broken_cpu(p, Break::no_barrier, M.data(), N.data(), raw.data());
  int wrong_war = 0, wrong_raw = 0;
  for (std::size_t i = 0; i < good.size(); ++i) {
    wrong_war += std::fabs(war[i] - good[i]) > 1e-4f;
    wrong_raw += !(std::fabs(raw[i] - good[i]) <= 1e-4f);
  }
  EXPECT_EQ(wrong_war, int(good.size()));
  EXPECT_EQ(wrong_raw, int(good.size()) / 2);
}

TEST(MatmulPhases, OnePhaseNeedsNoWriteAfterReadBarrier) {
  // Nothing overwrites the tiles after the last phase, so with K <= TILE_WIDTH the second
  // barrier is not needed; the first one still is.
  const MatmulParams p = params(MatmulStrategy::tiled, 8, 8, 8, 8);
  const std::vector<float> M = test_values(64, 5), N = test_values(64, 6);
  const std::vector<float> good = tiled_product(p, M.data(), N.data(), false);
  EXPECT_EQ(tiled_product(p, M.data(), N.data(), true), good);
  std::vector<float> raw(good.size());
  matmul_broken_cpu(p, Break::no_barrier, M.data(), N.data(), raw.data());
  EXPECT_NE(raw, good);
}
