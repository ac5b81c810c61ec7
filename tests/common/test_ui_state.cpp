// UI state logic and view mapping, with no window.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "app/conv2d/legend.hpp"
#include "app/conv2d/pipeline.hpp"
#include "app/shell/app.hpp"
#include "app/shell/compare.hpp"
#include "app/shell/settings.hpp"
#include "app/shell/ui_state.hpp"
#include "app/ui/default_tile.hpp"
#include "app/ui/frame_stats.hpp"
#include "app/view/palette.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/strategies.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/strategies.hpp"

using namespace tilescope;

TEST(UiState, KeysChangeRadiusTileStrategyAndClampAtTheLimits) {
  UiState s;
  s.ui<Conv2dUi>().params.filter_radius = 2;
  EXPECT_TRUE(apply_key(s, '+'));
  EXPECT_EQ(s.ui<Conv2dUi>().params.filter_radius, 3);
  for (int i = 0; i < 20; ++i) apply_key(s, '+');
  EXPECT_EQ(s.ui<Conv2dUi>().params.filter_radius, kMaxConv2dRadius);
  for (int i = 0; i < 20; ++i) apply_key(s, '-');
  EXPECT_EQ(s.ui<Conv2dUi>().params.filter_radius, 1);
  s.ui<Conv2dUi>().params.tile = 16;
  apply_key(s, ']');
  EXPECT_EQ(s.ui<Conv2dUi>().params.tile, 32);
  apply_key(s, ']');
  EXPECT_EQ(s.ui<Conv2dUi>().params.tile, 32);
  apply_key(s, '[');
  apply_key(s, '[');
  EXPECT_EQ(s.ui<Conv2dUi>().params.tile, 8);
  apply_key(s, '[');
  EXPECT_EQ(s.ui<Conv2dUi>().params.tile, 7);
  apply_key(s, '5');
  EXPECT_EQ(s.ui<Conv2dUi>().params.strategy, Conv2dStrategy::cached_halo);
  apply_key(s, '1');
  EXPECT_EQ(s.ui<Conv2dUi>().params.strategy, Conv2dStrategy::basic);
  EXPECT_FALSE(apply_key(s, 'q'));
}

TEST(UiState, SpaceStepPresentationScreenshotHudAndViewKeys) {
  UiState s;
  apply_key(s, ' ');
  EXPECT_TRUE(s.paused);
  apply_key(s, '.');
  EXPECT_TRUE(s.step_once);
  apply_key(s, 'f');
  EXPECT_TRUE(s.presentation);
  apply_key(s, 's');
  EXPECT_TRUE(s.screenshot_requested);
  EXPECT_TRUE(s.overlays.hud);  // on by default: the numbers a lecture is about stay in view
  apply_key(s, 'h');
  EXPECT_FALSE(s.overlays.hud);
  s.ui<Conv2dUi>().view = ViewMode::diff;
  apply_key(s, 'v');
  EXPECT_EQ(s.ui<Conv2dUi>().view, ViewMode::input);
}

TEST(UiState, CTogglesThePatternsDefaultCompareSet) {
  UiState s;
  EXPECT_TRUE(apply_key(s, 'c'));
  EXPECT_EQ(s.compare, default_compare(pattern_index_of<Conv2dApp>()));
  EXPECT_FALSE(compare_problem(pattern_index_of<Conv2dApp>(), s.compare));
  apply_key(s, 'c');
  EXPECT_TRUE(s.compare.empty());
  for (int p : {pattern_index_of<Stencil3dApp>(), pattern_index_of<Conv1dApp>(), pattern_index_of<MatmulApp>()})
    EXPECT_FALSE(compare_problem(p, default_compare(p))) << pattern_ids()[p];
}

TEST(UiState, APanesStrategyKeepsTheTileItShares) {
  UiState s;
  s.ui<Conv2dUi>().params.tile = 16;
  s.ui<Conv2dUi>().bug = Break::no_halo;
  UiState pane = s;
  use_strategy(pane, "cached_halo");  // the book's strategies share their default tile: 16 stays
  EXPECT_EQ(strategy_name(pane), "cached_halo");
  EXPECT_EQ(pane.ui<Conv2dUi>().params.tile, 16);
  EXPECT_EQ(pane.ui<Conv2dUi>().bug, Break::none) << "cached_halo has no load-only ring to break";
  s.ui<Conv2dUi>().params.tile = 32;
  pane = s;
  use_strategy(pane, "fast");  // fast's tile is another quantity: its own default
  EXPECT_EQ(pane.ui<Conv2dUi>().params.tile, default_tile(Conv2dStrategy::fast, 2));
  s.pattern = pattern_index_of<Stencil3dApp>();
  s.ui<Stencil3dUi>().params = {Stencil3dStrategy::coarsened, 1, 32};
  use_strategy(s, "tiled");  // tiled's block is the whole T^3 input tile: T <= 10
  EXPECT_EQ(s.ui<Stencil3dUi>().params.tile, default_tile(Stencil3dStrategy::tiled, 1));
  s.ui<Stencil3dUi>().bug = Break::no_halo;
  pane = s;
  use_strategy(pane, "coarsened");
  EXPECT_EQ(pane.ui<Stencil3dUi>().bug, Break::none) << "only stencil3d's tiled is built broken";
}

TEST(UiState, PinnedPixelWinsOverHover) {
  UiState s;
  EXPECT_FALSE(focus_pixel(s));
  s.hover = Pixel{3, 4};
  EXPECT_EQ(*focus_pixel(s), (Pixel{3, 4}));
  s.pinned = Pixel{7, 8};
  EXPECT_EQ(*focus_pixel(s), (Pixel{7, 8}));
}

TEST(ViewTransform, FitsTheImageAndMapsBothWays) {
  ViewTransform v;
  v.set_viewport({400, 0, 1200, 900});
  v.set_image(1024, 512);
  EXPECT_NEAR(v.zoom(), 1200.0f / 1024 * 0.98f, 1e-5);
  const Vec2 s = v.to_screen({100, 200}), back = v.to_image(s);
  EXPECT_NEAR(back.x, 100, 1e-3);
  EXPECT_NEAR(back.y, 200, 1e-3);
  const Vec2 centre = v.to_screen({512, 256});
  EXPECT_NEAR(centre.x, 1000, 1e-3);
  EXPECT_NEAR(centre.y, 450, 1e-3);
  int x, y;
  EXPECT_TRUE(v.pixel_at(v.to_screen({10.5f, 20.5f}), x, y));
  EXPECT_EQ(x, 10);
  EXPECT_EQ(y, 20);
  EXPECT_FALSE(v.pixel_at({401, 1}, x, y));  // above the image
}

TEST(ViewTransform, ZoomKeepsThePointUnderThePointerAndStaysInRange) {
  ViewTransform v;
  v.set_viewport({0, 0, 800, 600});
  v.set_image(256, 256);
  const Vec2 pointer{300, 200};
  const Vec2 before = v.to_image(pointer);
  v.zoom_at(pointer, 3.0f);
  const Vec2 after = v.to_image(pointer);
  EXPECT_NEAR(before.x, after.x, 1e-3);
  EXPECT_NEAR(before.y, after.y, 1e-3);
  for (int i = 0; i < 50; ++i) v.zoom_at(pointer, 2.0f);
  EXPECT_EQ(v.zoom(), ViewTransform::kMaxZoom);
  for (int i = 0; i < 50; ++i) v.zoom_at(pointer, 0.5f);
  EXPECT_NEAR(v.zoom(), std::min(v.fit_zoom(), 1.0f), 1e-6);
  const Vec2 centre = v.to_image({400, 300});
  v.pan({100, 0});  // dragging right moves the image right: the centre shows a point further left
  EXPECT_NEAR(v.to_image({400, 300}).x, centre.x - 100 / v.zoom(), 1e-3);
}

TEST(Layout, SidebarOnTheLeftViewFillsTheRest) {
  const Layout l = layout_for(1600, 900, false);
  EXPECT_EQ(l.sidebar.x, 0);
  EXPECT_EQ(l.view.x, l.sidebar.w);
  EXPECT_EQ(l.view.x + l.view.w, 1600);
  EXPECT_GT(layout_for(1600, 900, true).sidebar.w, l.sidebar.w);  // presentation: larger type
}

TEST(Pipeline, RefusesCombinationsThatCannotRunAndKeepsTheReason) {
  Conv2dPipeline pipeline("cpu");
  pipeline.demo_input(DemoScene::mixed, 64, 48, 0.0f);
  const Filter2d f = make_named_filter("box", 8);
  EXPECT_FALSE(pipeline.run({Conv2dStrategy::tiled_in, 8, 16, 64, 48}, f));
  EXPECT_NE(pipeline.problem().find("tile >= 17"), std::string::npos) << pipeline.problem();
  EXPECT_TRUE(pipeline.run({Conv2dStrategy::tiled_in, 8, 17, 64, 48}, f));
  EXPECT_TRUE(pipeline.problem().empty());
  pipeline.start_check(f);
  EXPECT_TRUE(pipeline.continue_check(0));  // no budget: whole at once
  ASSERT_TRUE(pipeline.max_abs_error());
  EXPECT_LE(*pipeline.max_abs_error(), pipeline.tolerance());
}

// A check spread over frames (a budget a band at a time) ends with the whole check's reference and
// verdict; a new input or run drops a check under way, so none mixes two frames.
TEST(Pipeline, ACheckInBandsIsTheWholeCheckAndANewInputDropsIt) {
  const Filter2d f = make_named_filter("random:3", 8);
  const Conv2dParams p{Conv2dStrategy::tiled_in, 8, 32, 2000, 600};  // 0.58 M taps a row: bands of 8 rows
  Conv2dPipeline whole("cpu"), bands("cpu");
  for (Conv2dPipeline* pl : {&whole, &bands}) {
    pl->demo_input(DemoScene::mixed, p.width, p.height, 0.5f);
    ASSERT_TRUE(pl->run(p, f, Break::no_halo));  // a broken kernel: an error to find
    pl->start_check(f);
  }
  ASSERT_TRUE(whole.continue_check(0));
  int frames = 0;
  double progress = 0;
  while (!bands.continue_check(1e-9)) {  // each frame's budget spent after its first band
    ASSERT_TRUE(bands.checking());
    EXPECT_GT(bands.check_progress(), progress);
    progress = bands.check_progress(), ++frames;
  }
  EXPECT_GE(frames, 600 / 8 - 1);
  EXPECT_FALSE(bands.checking());
  EXPECT_EQ(bands.reference().pixels, whole.reference().pixels);
  ASSERT_TRUE(bands.max_abs_error() && whole.max_abs_error());
  EXPECT_EQ(*bands.max_abs_error(), *whole.max_abs_error());
  EXPECT_GT(*bands.max_abs_error(), bands.tolerance());
  EXPECT_EQ(bands.tolerance(), whole.tolerance());

  bands.start_check(f);
  EXPECT_FALSE(bands.continue_check(1e-9));
  bands.demo_input(DemoScene::mixed, p.width, p.height, 0.75f);
  EXPECT_FALSE(bands.checking());
  bands.start_check(f);
  ASSERT_TRUE(bands.run(p, f));
  EXPECT_FALSE(bands.checking());
}

TEST(Pipeline, ImpulseSceneHasOneBrightPixelPerCell) {
  // The impulse scene: one bright pixel per 48 x 48 cell, at (24, 24) at t = 0.
  Conv2dPipeline pipeline("cpu");
  pipeline.demo_input(DemoScene::impulses, 96, 96, 0.0f);
  const Image& in = pipeline.host_input();
  EXPECT_EQ(in.at(24, 24), 1.0f);
  EXPECT_EQ(in.at(72, 72), 1.0f);
  EXPECT_EQ(in.at(25, 24), 0.0f);
}

TEST(UiState, Conv1dKeysChangeRadiusBlockAndStrategyWithinTheKernelsLimits) {
  UiState s;
  s.ui<Conv1dUi>().params.tile = 1024;
  EXPECT_TRUE(apply_key(s.ui<Conv1dUi>(), ']'));
  EXPECT_EQ(s.ui<Conv1dUi>().params.tile, 1024);  // already the largest block
  for (int i = 0; i < 10; ++i) apply_key(s.ui<Conv1dUi>(), '[');
  EXPECT_EQ(s.ui<Conv1dUi>().params.tile, kMinConv1dTile);
  s.ui<Conv1dUi>().params.filter_radius = kMaxConv1dRadius;
  apply_key(s.ui<Conv1dUi>(), '+');
  EXPECT_EQ(s.ui<Conv1dUi>().params.filter_radius, kMaxConv1dRadius);
  apply_key(s.ui<Conv1dUi>(), '4');
  EXPECT_EQ(s.ui<Conv1dUi>().params.strategy, Conv1dStrategy::cached_halo);
  EXPECT_FALSE(apply_key(s.ui<Conv1dUi>(), 'x'));
}

TEST(UiState, MatmulStepperWalksEveryStepOfEveryPhaseAndStopsAtTheEnds) {
  UiState s;
  s.ui<MatmulUi>().params = {MatmulStrategy::tiled, 4, 8, 10, 8};  // K = 10: phases 0, 1, 2
  apply_key(s.ui<MatmulUi>(), '<');
  EXPECT_EQ(s.ui<MatmulUi>().phase, 0);
  EXPECT_EQ(s.ui<MatmulUi>().step, 0);
  for (int i = 0; i < 5; ++i) apply_key(s.ui<MatmulUi>(), '>');
  EXPECT_EQ(s.ui<MatmulUi>().phase, 1);  // 4 steps per phase
  EXPECT_EQ(s.ui<MatmulUi>().step, 1);
  for (int i = 0; i < 20; ++i) apply_key(s.ui<MatmulUi>(), '>');
  EXPECT_EQ(s.ui<MatmulUi>().phase, 2);
  EXPECT_EQ(s.ui<MatmulUi>().step, kMatmulSteps - 1);
  apply_key(s.ui<MatmulUi>(), ']');  // TILE_WIDTH 5: still 2 phases, so the stepper is clamped
  EXPECT_EQ(s.ui<MatmulUi>().phase, 1);
  apply_key(s.ui<MatmulUi>(), 'b');
  EXPECT_EQ(s.ui<MatmulUi>().missing, MissingBarrier::read_after_write);
  apply_key(s.ui<MatmulUi>(), 'b');
  EXPECT_EQ(s.ui<MatmulUi>().missing, MissingBarrier::write_after_read);
  apply_key(s.ui<MatmulUi>(), 'b');
  EXPECT_EQ(s.ui<MatmulUi>().missing, MissingBarrier::none);
}

TEST(UiStateKeys, StencilKeysPickStrategyTileOrderAndSliceWithinRange) {
  UiState s;
  s.pattern = pattern_index_of<Stencil3dApp>();
  s.ui<Stencil3dUi>().grid = 100;
  clamp(s.ui<Stencil3dUi>());
  EXPECT_EQ(s.ui<Stencil3dUi>().slice, s.ui<Stencil3dUi>().grid / 2);  // starts on the middle slice
  EXPECT_TRUE(apply_key(s, '4'));
  EXPECT_EQ(s.ui<Stencil3dUi>().params.strategy, Stencil3dStrategy::register_tiled);
  EXPECT_EQ(s.ui<Stencil3dUi>().params.tile, 32);  // each strategy starts at its own tile
  apply_key(s, ']');
  EXPECT_EQ(s.ui<Stencil3dUi>().params.tile, 32);  // T^2 <= 1024
  apply_key(s, '2');
  EXPECT_EQ(s.ui<Stencil3dUi>().params.tile, 8);
  for (int i = 0; i < 5; ++i) apply_key(s, '+');
  EXPECT_EQ(s.ui<Stencil3dUi>().params.order, kMaxStencil3dRadius);
  for (int i = 0; i < 5; ++i) apply_key(s, '[');
  EXPECT_EQ(s.ui<Stencil3dUi>().params.tile, 2 * kMaxStencil3dRadius + 1);  // the output tile keeps one cell
  EXPECT_TRUE(apply_key(s, '5'));
  EXPECT_EQ(s.ui<Stencil3dUi>().params.strategy, Stencil3dStrategy::fast);
  EXPECT_EQ(s.ui<Stencil3dUi>().params.tile, 18);  // the z tile: 12 output planes at order 3
  s.ui<Stencil3dUi>().slice = 0;
  apply_key(s, '<');
  EXPECT_EQ(s.ui<Stencil3dUi>().slice, 0);
  EXPECT_TRUE(apply_key(s, 'p'));
  EXPECT_EQ(s.pattern, pattern_index_of<Conv1dApp>());  // the next pattern
  EXPECT_FALSE(apply_key(s, 'q'));
}

// Settings files written before conv2d's settings moved into UiState::conv2d still load: the keys
// stayed "strategy", "radius", "tile" and "filter".
TEST(UiState, Conv2dSettingsKeepTheirKeys) {
  const std::string path = ::testing::TempDir() + "tilescope_settings_keys.json";
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs(R"({"strategy": "cached_halo", "radius": 3, "tile": 8, "filter": "box"})", f);
    std::fclose(f);
  }
  UiState s;
  load_settings(s, path);
  EXPECT_EQ(s.ui<Conv2dUi>().params.strategy, Conv2dStrategy::cached_halo);
  EXPECT_EQ(s.ui<Conv2dUi>().params.filter_radius, 3);
  EXPECT_EQ(s.ui<Conv2dUi>().params.tile, 8);
  EXPECT_EQ(s.ui<Conv2dUi>().filter, "box");
  save_settings(s, path);
  UiState again;
  load_settings(again, path);
  EXPECT_EQ(again.ui<Conv2dUi>().params, s.ui<Conv2dUi>().params);
  EXPECT_EQ(again.ui<Conv2dUi>().filter, "box");
  std::remove(path.c_str());
}

// The matmul stepper walks the phases the kernel runs: strips of TILE_WIDTH, or fast's strips of 8
// whatever the tile (it used to count TILE_WIDTH strips for fast too).
TEST(UiState, MatmulStepperCountsTheKernelsPhases) {
  MatmulUi m;
  m.params = MatmulParams{MatmulStrategy::tiled, 4, 24, 20, 28};
  m.phase = 99;
  clamp(m);
  EXPECT_EQ(m.phase, 4);  // 20 / 4 = 5 phases
  m.params.strategy = MatmulStrategy::fast;
  m.phase = 99;
  clamp(m);
  EXPECT_EQ(m.phase, 2);  // ceil(20 / 8) = 3 phases
}

// fast's tile is its block tile's width: switching to it from TILE_WIDTH 4 gives its default, 128;
// ] and [ choose its 256- and 128-wide tiles; switching back gives tiled its default TILE_WIDTH.
TEST(UiState, MatmulFastTakesItsBlockTilesAndGivesTiledItsTileWidthBack) {
  UiState s;
  s.pattern = pattern_index_of<MatmulApp>();
  s.ui<MatmulUi>().params = MatmulParams{MatmulStrategy::tiled, 4, 24, 20, 28};
  ASSERT_TRUE(apply_key(s.ui<MatmulUi>(), '3'));
  EXPECT_EQ(s.ui<MatmulUi>().params.strategy, MatmulStrategy::fast);
  EXPECT_EQ(s.ui<MatmulUi>().params.tile, kMatmulFastNarrowTile);
  apply_key(s.ui<MatmulUi>(), ']');
  EXPECT_EQ(s.ui<MatmulUi>().params.tile, kMatmulFastWideTile);
  apply_key(s.ui<MatmulUi>(), ']');
  EXPECT_EQ(s.ui<MatmulUi>().params.tile, kMatmulFastWideTile);
  EXPECT_FALSE(launch_problem(s.ui<MatmulUi>().params));
  apply_key(s.ui<MatmulUi>(), '[');
  EXPECT_EQ(s.ui<MatmulUi>().params.tile, kMatmulFastNarrowTile);
  apply_key(s.ui<MatmulUi>(), '2');
  EXPECT_EQ(s.ui<MatmulUi>().params.tile, default_tile(MatmulStrategy::tiled, 0));
  apply_key(s.ui<MatmulUi>(), ']');
  EXPECT_EQ(s.ui<MatmulUi>().params.tile, default_tile(MatmulStrategy::tiled, 0) + 1);
}

// Issue 17, item 5: the conv2d legend never shows two entries in one colour, whatever the strategy,
// radius, focused pixel (an image corner, with ghost cells, or inside) and break.
TEST(UiState, Conv2dLegendNeverShowsTwoEntriesInOneColour) {
  int checked = 0;
  for (int st = 0; st < kConv2dStrategyCount; ++st)
    for (int r = 1; r <= 3; ++r)
      for (const Pixel focus : {Pixel{0, 0}, Pixel{70, 70}, Pixel{255, 130}})
        for (const Break bug : {Break::none, Break::no_halo}) {
          UiState s;
          select_strategy(s.ui<Conv2dUi>(), Conv2dStrategy(st));
          s.ui<Conv2dUi>().params.filter_radius = r;
          s.ui<Conv2dUi>().params.tile = default_tile(Conv2dStrategy(st), r);
          s.ui<Conv2dUi>().params.width = s.ui<Conv2dUi>().params.height = 256;
          s.ui<Conv2dUi>().bug = bug;
          s.pinned = focus;
          const std::vector<LegendEntry> legend = conv2d_legend(s, s.ui<Conv2dUi>());
          for (std::size_t i = 0; i < legend.size(); ++i)
            for (std::size_t j = i + 1; j < legend.size(); ++j)
              EXPECT_NE(legend[i].rgba, legend[j].rgba)
                  << strategy_info(Conv2dStrategy(st)).name << " r=" << r << " at " << focus.x << "," << focus.y
                  << ": '" << legend[i].name << "' and '" << legend[j].name << "'";
          checked += legend.size() >= 5;
        }
  EXPECT_GT(checked, 50);  // most cases show the block and its taps
}

// Choosing sliding takes the strip bench takes on that GPU for the view's image (sliding_strip_for),
// so a small demo fills the GPU with warps; with no GPU known, the radius' default strip.
TEST(UiState, SlidingsStripFollowsTheImageAndTheGpu) {
  UiState s;
  s.ui<Conv2dUi>().params.width = s.ui<Conv2dUi>().params.height = 1024;
  select_strategy(s.ui<Conv2dUi>(), Conv2dStrategy::sliding);
  EXPECT_EQ(s.ui<Conv2dUi>().params.tile, sliding_default_strip(s.ui<Conv2dUi>().params.filter_radius));
  select_strategy(s.ui<Conv2dUi>(), Conv2dStrategy::tiled_in);
  s.ui<Conv2dUi>().sm_count = 132;
  select_strategy(s.ui<Conv2dUi>(), Conv2dStrategy::sliding);
  EXPECT_EQ(s.ui<Conv2dUi>().params.tile, sliding_strip_for(s.ui<Conv2dUi>().params.filter_radius, 1024, 1024, 132));
  EXPECT_LT(s.ui<Conv2dUi>().params.tile, sliding_default_strip(s.ui<Conv2dUi>().params.filter_radius))
      << "1024^2 cannot fill 132 SMs with 16-row strips";
}

// Choosing fast takes the z chunk bench takes on that GPU for the view's grid (fast_chunk_for): a
// 128^3 grid at order 3 leaves 132 SMs idle with 18-plane chunks; with no GPU known, the order's chunk.
TEST(UiState, FastsChunkFollowsTheGridAndTheGpu) {
  UiState s;
  Stencil3dParams& p = s.ui<Stencil3dUi>().params;
  p.order = 3, p.width = p.height = p.depth = 128;
  select_strategy(s.ui<Stencil3dUi>(), Stencil3dStrategy::fast);
  EXPECT_EQ(p.strategy, Stencil3dStrategy::fast);
  EXPECT_EQ(p.tile, fast_longest_chunk(3));
  select_strategy(s.ui<Stencil3dUi>(), Stencil3dStrategy::coarsened);
  EXPECT_EQ(p.tile, default_tile(Stencil3dStrategy::coarsened, 3));
  s.ui<Stencil3dUi>().sm_count = 132, s.ui<Stencil3dUi>().l2_bytes = 50LL << 20;
  select_strategy(s.ui<Stencil3dUi>(), Stencil3dStrategy::fast);
  EXPECT_EQ(p.tile, fast_chunk_for(3, 128, 128, 128, 132, 50LL << 20));
  EXPECT_LT(p.tile, fast_longest_chunk(3)) << "128^3 cannot fill 132 SMs with 18-plane chunks";
}

TEST(UiState, ADefaultChunkFollowsTheOrderAndTheGridButOneSetByHandStays) {
  UiState s;
  Stencil3dUi& st = s.ui<Stencil3dUi>();
  st.params.order = 1, st.params.width = st.params.height = st.params.depth = 128;
  st.sm_count = 132, st.l2_bytes = 50LL << 20;
  select_strategy(s.ui<Stencil3dUi>(), Stencil3dStrategy::fast);
  const auto chunk = [&](int k, int n) { return fast_chunk_for(k, n, n, n, 132, 50LL << 20); };
  ASSERT_EQ(st.params.tile, chunk(1, 128));
  ASSERT_NE(chunk(1, 128), chunk(3, 512)) << "the test needs a change of default";
  Stencil3dUi before = st;
  st.params.order = 3, st.params.width = st.params.height = st.params.depth = 512;
  follow_default_tile(st, before);
  EXPECT_EQ(st.params.tile, chunk(3, 512)) << "the default follows, as bench's would";
  // The GPU becoming known: the order's chunk (no GPU) follows to the grid's.
  before = st;
  before.sm_count = 0;
  before.params.tile = st.params.tile = fast_longest_chunk(3);
  st.params.width = st.params.height = st.params.depth = 128;
  before.params.width = before.params.height = before.params.depth = 128;
  follow_default_tile(st, before);
  EXPECT_EQ(st.params.tile, chunk(3, 128));
  // A tile set by hand (not the default) stays through an order change; so does one changed this frame.
  st.params.tile = chunk(3, 128) + 3;
  before = st;
  st.params.order = 2;
  follow_default_tile(st, before);
  EXPECT_EQ(st.params.tile, chunk(3, 128) + 3);
  before = st;
  before.params.tile = chunk(2, 128);
  st.params.tile = 20, st.params.order = 1;
  follow_default_tile(st, before);
  EXPECT_EQ(st.params.tile, 20);
  // conv2d: sliding's strip follows the image (a 720p frame after 8192^2) as bench's does.
  s.ui<Conv2dUi>().sm_count = 132;
  s.ui<Conv2dUi>().params.width = s.ui<Conv2dUi>().params.height = 8192;
  select_strategy(s.ui<Conv2dUi>(), Conv2dStrategy::sliding);
  DeviceLimits h100;
  h100.sm_count = 132;
  Conv2dUi frame = s.ui<Conv2dUi>();
  frame.params.width = 1280, frame.params.height = 720;
  ASSERT_NE(default_tile(frame.params, h100), s.ui<Conv2dUi>().params.tile) << "the test needs a change of default";
  follow_default_tile(frame, s.ui<Conv2dUi>());
  EXPECT_EQ(frame.params.tile, default_tile(frame.params, h100));
  // A book strategy's tile does not depend on the grid: it stays.
  select_strategy(s.ui<Stencil3dUi>(), Stencil3dStrategy::coarsened);
  const int book = st.params.tile;
  before = st;
  st.params.width = st.params.height = st.params.depth = 64;
  follow_default_tile(st, before);
  EXPECT_EQ(st.params.tile, book);
}

// separable runs rank-1 filters only: with sharpen (rank 2) nothing runs, so the legend names the
// grid alone, as for parameters that cannot launch; with box it shows the block, its passes and taps.
TEST(UiState, ASeparableViewWhoseFilterIsNotRankOneListsNoBlockInItsLegend) {
  UiState s;
  select_strategy(s.ui<Conv2dUi>(), Conv2dStrategy::separable);
  s.ui<Conv2dUi>().params.width = s.ui<Conv2dUi>().params.height = 256;
  s.pinned = Pixel{70, 70};
  s.ui<Conv2dUi>().filter = "box";
  EXPECT_TRUE(conv2d_runs(s.ui<Conv2dUi>()));
  EXPECT_GE(conv2d_legend(s, s.ui<Conv2dUi>()).size(), 5u);
  s.ui<Conv2dUi>().filter = "sharpen";
  EXPECT_FALSE(conv2d_runs(s.ui<Conv2dUi>()));
  const std::vector<LegendEntry> legend = conv2d_legend(s, s.ui<Conv2dUi>());
  ASSERT_EQ(legend.size(), 1u);
  EXPECT_EQ(legend[0].rgba, palette::kTileGrid.rgba);
}

TEST(UiState, PlayingStepperAdvancesAtItsRateAndStopsAtTheLastStep) {
  Stepper s;
  s.playing = true, s.steps_per_second = 2;
  advance_stepper(s, 1.2, 9);  // 2.4 periods: two steps on, 0.2 s into the third
  EXPECT_EQ(s.step, 2);
  EXPECT_NEAR(s.clock, 0.2, 1e-9);
  advance_stepper(s, 100, 9);
  EXPECT_EQ(s.step, 8);
  EXPECT_FALSE(s.playing);
  s.step = 40;  // a step past a shorter timeline (another strategy) comes back within it
  advance_stepper(s, 0, 5);
  EXPECT_EQ(s.step, 4);
}

TEST(UiState, StepThroughKeysToggleAndStepWithoutGoingBelowZero) {
  UiState s;
  EXPECT_TRUE(apply_key(s, 't'));
  EXPECT_TRUE(s.ui<Conv2dUi>().stepper.on);
  EXPECT_TRUE(s.overlays.caption);  // t is the step-through's; n the caption's
  EXPECT_TRUE(apply_key(s, 'n'));
  EXPECT_FALSE(s.overlays.caption);
  EXPECT_TRUE(s.ui<Conv2dUi>().stepper.on);
  apply_key(s, '>');
  apply_key(s, '>');
  EXPECT_EQ(s.ui<Conv2dUi>().stepper.step, 2);
  for (int i = 0; i < 4; ++i) apply_key(s, '<');
  EXPECT_EQ(s.ui<Conv2dUi>().stepper.step, 0);
}

TEST(History, TheRunMedianTakesTheRunsLastValuesOnly) {
  History<8> h;
  EXPECT_EQ(h.run_median(5), 0.0f);  // nothing timed yet
  for (float v : {100.0f, 200.0f}) h.push(v);
  h.start_run();  // the launch changed: the times before no longer count
  EXPECT_EQ(h.run_span(5), 0u);
  EXPECT_EQ(h.run_median(5), 0.0f);
  EXPECT_EQ(h.latest(), 200.0f);  // the plot keeps them
  for (float v : {3.0f, 1.0f, 2.0f}) h.push(v);
  EXPECT_EQ(h.run_span(5), 3u);
  EXPECT_EQ(h.run_median(5), 2.0f);
  h.push(9.0f);  // 3 1 2 9: the mean of the middle two
  EXPECT_EQ(h.run_median(5), 2.5f);
  EXPECT_EQ(h.run_median(2), 5.5f);                                          // the last two: 2 and 9
  for (float v : {50.0f, 50.0f, 50.0f, 50.0f, 7.0f, 7.0f, 7.0f}) h.push(v);  // past the ring's 8
  EXPECT_EQ(h.run_span(20), 8u);
  EXPECT_EQ(h.run_median(3), 7.0f);
  EXPECT_EQ(h.run_median(20), 29.5f);  // the ring holds 8: 9 50 50 50 50 7 7 7
}

TEST(History, OneSlowRunDoesNotMoveTheMedian) {
  FrameStats stats;
  for (int i = 0; i < 40; ++i) stats.kernel_ms.push(i == 20 ? 30.0f : 1.0f);  // one run held up 30x
  EXPECT_EQ(stats.steady_kernel_ms(), 1.0);
  EXPECT_EQ(stats.steady_runs(), int(kSteadyRuns));
}

TEST(History, ARunTakenOnAnotherBackendStartsANewOne) {
  FrameStats stats;
  for (int i = 0; i < 5; ++i) stats.add_kernel_ms(0.1, "cuda");
  stats.add_kernel_ms(3.0, "cpu");  // the device failed: the CPU's wall clock from here
  EXPECT_EQ(stats.steady_runs(), 1);
  EXPECT_EQ(stats.steady_kernel_ms(), 3.0);
  stats.add_kernel_ms(5.0, "cpu");
  EXPECT_EQ(stats.steady_runs(), 2);
  EXPECT_EQ(stats.steady_kernel_ms(), 4.0);
}
