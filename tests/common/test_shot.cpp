// Headless shots (Mesa's surfaceless EGL in CI, NVIDIA's EGL device on a GPU machine), checked
// pixel by pixel at places computed from the launch geometry: tile lines, the hovered block's
// output tile and halo, hatched ghost cells, and the taps of the hovered pixel. Every shot runs
// with GL errors reported (KHR_debug) and fails if one was. Also: the headless context and the
// ImGui session release what they made when they throw.
#include <EGL/egl.h>
#include <gtest/gtest.h>
#include <stb_image.h>

#include <array>
#include <cstdlib>
#include <stdexcept>

#include "app/conv1d/view.hpp"
#include "app/conv2d/figures.hpp"
#include "app/gl/debug.hpp"
#include "app/io/image_file.hpp"
#include "app/platform/headless_egl.hpp"
#include "app/platform/imgui_session.hpp"
#include "app/platform/run.hpp"
#include "app/shell/app.hpp"
#include "app/shell/compare_panes.hpp"
#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/steps.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/steps.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/steps.hpp"
#include "tests/common/scratch_dir.hpp"
#include "tests/conv2d/break_damage.hpp"
#include "tests/stencil3d/break_damage.hpp"

using namespace tilescope;

namespace {

// A shot with GL errors reported (TILESCOPE_GL_DEBUG=1): fails on any the shot made.
void shot_without_gl_errors(const UiState& s, const ShotOptions& o) {
  setenv("TILESCOPE_GL_DEBUG", "1", 1);
  const int errors_before = gl::debug_error_count();
  ASSERT_EQ(run_shot(s, o), 0);
  EXPECT_EQ(gl::debug_error_count(), errors_before) << "GL reported errors during the shot (see stderr)";
}

struct Rgb {
  int r, g, b;
};

// The overlay palette's hues, each told by how far its strong channels stand above its weak ones.
testing::AssertionResult shows(Rgb c, const char* hue, bool it_does) {
  if (it_does) return testing::AssertionSuccess();
  return testing::AssertionFailure() << "rgb(" << c.r << ", " << c.g << ", " << c.b << ") is not " << hue;
}
testing::AssertionResult blue(Rgb c, int by) { return shows(c, "blue", c.b > c.r + by); }
testing::AssertionResult sky_blue(Rgb c) { return shows(c, "sky blue", c.b > c.r + 40 && c.b > c.g); }
testing::AssertionResult orange(Rgb c, int by) { return shows(c, "orange", c.r > c.b + by && c.g > c.b + by / 2); }
testing::AssertionResult green(Rgb c) { return shows(c, "green", c.g > c.r + 40); }
testing::AssertionResult yellow(Rgb c) { return shows(c, "yellow", c.r > c.b + 60 && c.g > c.b + 60); }
testing::AssertionResult vermillion(Rgb c) { return shows(c, "vermillion", c.r > c.g + 30 && c.r > c.b + 60); }

// Pixels along a row of a hatched band: how many are pink, and the spread of their brightness.
struct RowLook {
  int pink = 0, spread = 0;
};
template <typename ColourAt>
RowLook look_along(ColourAt colour_at, float from, float to, float step) {
  RowLook look;
  int brightest = 0, darkest = 999;
  for (float x = from; x < to; x += step) {
    const Rgb c = colour_at(x);
    look.pink += c.r > c.g && c.b > c.g;
    brightest = std::max(brightest, c.r + c.g + c.b);
    darkest = std::min(darkest, c.r + c.g + c.b);
  }
  look.spread = brightest - darkest;
  return look;
}

// A window drawn headless at 1200 x 800 into the test's scratch folder, read back as RGB pixels.
class ShotPixels : public test::ScratchDirTest {
 protected:
  explicit ShotPixels(std::string prefix) : ScratchDirTest(std::move(prefix)) {}
  // What every shot here starts from: the CPU backend, paused, no legend, the HUD on or off.
  static UiState still_state(bool hud) {
    UiState s;
    s.backend = "cpu";
    s.paused = true;
    s.overlays.legend = false;
    s.overlays.hud = hud;
    return s;
  }
  void take(const UiState& s, std::optional<Pixel> hover, float zoom) {
    ShotOptions o;
    o.out = path("shot.png");
    o.width = 1200, o.height = 800;
    o.hover = hover;
    o.zoom = zoom;
    shot_without_gl_errors(s, o);
    if (HasFatalFailure()) return;
    int n = 0;
    if (pixels_) stbi_image_free(pixels_);
    pixels_ = stbi_load(o.out.c_str(), &w_, &h_, &n, 3);
    ASSERT_NE(pixels_, nullptr);
  }
  Rgb at_screen(float x, float y) const {
    const unsigned char* p = pixels_ + (std::size_t(y) * w_ + std::size_t(x)) * 3;
    return {p[0], p[1], p[2]};
  }
  // Bright (text) pixels in r.
  int bright_in(const Rect& r) const {
    int bright = 0;
    for (float y = r.y; y < r.y + r.h; ++y)
      for (float x = r.x; x < r.x + r.w; ++x) {
        const Rgb c = at_screen(x, y);
        bright += c.r + c.g + c.b > 540;
      }
    return bright;
  }
  // Bright pixels in each of `areas` in shots of s with the overlay `shown` off, then on (the pointer
  // on `hover`, at `zoom`, as take's).
  std::array<std::vector<int>, 2> bright_off_and_on(UiState s, bool Overlays::*shown, const std::vector<Rect>& areas,
                                                    std::optional<Pixel> hover = std::nullopt, float zoom = 0) {
    std::array<std::vector<int>, 2> bright;
    for (const bool on : {false, true}) {
      s.overlays.*shown = on;
      take(s, hover, zoom);
      if (HasFatalFailure()) return {};
      for (const Rect& a : areas) bright[on].push_back(bright_in(a));
    }
    return bright;
  }
  ~ShotPixels() override {
    if (pixels_) stbi_image_free(pixels_);
  }

  unsigned char* pixels_ = nullptr;
  int w_ = 0, h_ = 0;
};

class Shot : public ShotPixels {
 protected:
  Shot() : ShotPixels("tilescope_shot_") {}
  void SetUp() override {
    ScratchDirTest::SetUp();
    // A black 256 x 256 image makes every overlay colour readable as it was drawn.
    io::save_image(path("black.npy"), Image(256, 256, 0.0f));
  }

  // The window for these parameters: the input view of the black image (still_state).
  UiState black_image(Conv2dParams p) const {
    UiState s = still_state(false);
    s.ui<Conv2dUi>().params = p;
    s.ui<Conv2dUi>().filter = "box";
    s.ui<Conv2dUi>().view = ViewMode::input;
    s.ui<Conv2dUi>().source = SourceKind::file;
    s.ui<Conv2dUi>().file_path = path("black.npy");
    s.ui<Conv2dUi>().stepper = stepper_;
    return s;
  }
  // Renders the window for these parameters (black_image) and loads the PNG.
  void shoot(Conv2dParams p, std::optional<Pixel> hover, float zoom) {
    take(black_image(p), hover, zoom);
    if (HasFatalFailure()) return;
    view_ = mapping(layout_for(float(w_), float(h_), false).view, hover, zoom);
  }
  // The mapping the app used in `viewport` (the view, or a compare pane): the image size, the
  // zoom centred on the hover.
  static ViewTransform mapping(const Rect& viewport, std::optional<Pixel> hover, float zoom) {
    ViewTransform view;
    view.set_viewport(viewport);
    view.set_image(256, 256);
    if (hover && zoom > 0) view.look_at({hover->x + 0.5f, hover->y + 0.5f}, zoom);
    return view;
  }
  // Each compare pane's mapping: the panes share the zoom and the point at their centre.
  std::vector<ViewTransform> pane_mappings(int n, std::optional<Pixel> hover, float zoom) const {
    std::vector<ViewTransform> panes;
    for (const Rect& cell : compare_cells(layout_for(float(w_), float(h_), false).view, n))
      panes.push_back(mapping(cell, hover, zoom));
    return panes;
  }
  Rgb at_image(const ViewTransform& view, float x, float y) const {
    const Vec2 s = view.to_screen({x, y});
    return at_screen(s.x, s.y);
  }
  // Renders the stencil view of a cold (all-zero, black) 64^3 grid on the CPU, order 1, slice 32,
  // zoomed 16x on `hover`, and loads the PNG.
  void shoot_stencil(const Stencil3dParams& p, Pixel hover) {
    UiState s = still_state(false);  // paused: nothing runs, the grid stays at zero (black under the heat map)
    s.pattern = pattern_index_of<Stencil3dApp>();
    s.ui<Stencil3dUi>().params = p;
    s.ui<Stencil3dUi>().grid = 64;
    s.ui<Stencil3dUi>().slice = 32;
    s.ui<Stencil3dUi>().stepper = stepper_;
    take(s, hover, 16);
    if (HasFatalFailure()) return;
    view_.set_viewport(layout_for(float(w_), float(h_), false).view);
    view_.set_image(64, 64);
    view_.look_at({hover.x + 0.5f, hover.y + 0.5f}, 16);
  }
  Rgb at_image(float x, float y) const { return at_image(view_, x, y); }
  // The corner a HUD takes: 40% of the view's width, its top 120 rows.
  static Rect hud_corner(const Rect& v) { return {v.x, v.y, 0.4f * v.w, 120}; }
  ViewTransform view_;
  Stepper stepper_;  // the step-through, off but in the tests about it
};

}  // namespace

TEST_F(Shot, TileGridLinesLieOnOutputTileBoundaries) {
  const Conv2dParams p{Conv2dStrategy::tiled_in, 2, 16, 256, 256};  // output tiles of 12
  shoot(p, std::nullopt, 0);
  const Conv2dTiling g = tiling_of(p, 0);  // x and y tile alike
  for (int b = 1; b < 5; ++b) {
    const Vec2 line = view_.to_screen({float(g.out_origin(b)), 100.5f});
    const Rgb on = at_screen(line.x, line.y);
    EXPECT_GT(on.r + on.g + on.b, 90) << "no grid line at the start of block " << b;
    const Vec2 mid = view_.to_screen({g.out_origin(b) + g.out_tile_dim() / 2.0f, 100.5f});
    const Rgb off = at_screen(mid.x, mid.y);
    EXPECT_LT(off.r + off.g + off.b, 30) << "inside block " << b << " should be the black image";
  }
}

TEST_F(Shot, HudPutsTheLaunchsNumbersInTheViewsTopLeftCorner) {
  const auto [without, with] = bright_off_and_on(black_image({Conv2dStrategy::tiled_in, 2, 32, 256, 256}),
                                                 &Overlays::hud, {hud_corner(layout_for(1200, 800, false).view)});
  if (HasFatalFailure()) return;
  EXPECT_GT(with[0], without[0] + 300) << "no HUD text in the view's corner";
}

TEST_F(Shot, HoveredBlockShowsOutputTileHaloAndHatchedGhostCells) {
  // cached_halo, tile 16, r = 3: block (0, 1) has a 3-cell ghost band left of the image.
  const Conv2dParams p{Conv2dStrategy::cached_halo, 3, 16, 256, 256};
  const Pixel hover{5, 20};
  shoot(p, hover, 14);
  const Conv2dTiling g = tiling_of(p, 0);  // x and y tile alike
  // Output tile: blue over black.
  const Rgb out = at_image(g.out_origin(0) + 12.5f, g.out_origin(1) + 12.5f);
  EXPECT_TRUE(blue(out, 20)) << "output tile";
  // Halo below the output tile, inside the image: orange.
  const Rgb halo = at_image(8.5f, g.out_origin(1) + g.out_tile_dim() + 1.5f);
  EXPECT_TRUE(orange(halo, 40)) << "halo";
  // Ghost band (x in [-3, 0)): pinkish fill with hatch lines, so it varies along a row.
  const Vec2 a = view_.to_screen({float(g.in_origin(0)), g.out_origin(1) + 10.0f});
  const Vec2 b = view_.to_screen({0.0f, g.out_origin(1) + 10.0f});
  const RowLook ghost = look_along([&](float x) { return at_screen(x, a.y); }, a.x + 2, b.x - 2, 1);
  EXPECT_GT(ghost.pink, 10) << "ghost cells not tinted";
  EXPECT_GT(ghost.spread, 120) << "ghost cells not hatched";
}

// The legend goes below the stepped or pinned block and the inspector above it where they have room:
// in presentation at 18 pixels a cell (30 for a pinned cell), the block's input tile (and at the
// barrier the label under it) is the same with either on.
enum class KeptBlock { load_step, barrier_step, pinned };
class KeptBlockShot : public Shot, public ::testing::WithParamInterface<KeptBlock> {};
TEST_P(KeptBlockShot, InPresentationTheWindowsKeepTheBlockInSight) {
  const Conv2dParams p{Conv2dStrategy::tiled_out, 2, 8, 256, 256};
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const BlockTimeline tl = conv2d_timeline(p, gx.block_of(100), gy.block_of(100));
  const bool barrier = GetParam() == KeptBlock::barrier_step;
  stepper_.on = GetParam() != KeptBlock::pinned, stepper_.step = barrier ? tl.barrier : 0;
  ASSERT_EQ(tl.steps[std::size_t(stepper_.step)].kind, barrier ? StepKind::barrier : StepKind::load);
  UiState s = black_image(p);
  if (GetParam() == KeptBlock::pinned) {  // the demo image: loading a file releases a pinned cell
    s.ui<Conv2dUi>().source = SourceKind::demo, s.ui<Conv2dUi>().demo_size = 256;
    s.pinned = Pixel{100, 100};
  }
  s.presentation = true;
  s.overlays.inspector = false;
  const Pixel hover{100, 100};
  const float zoom = GetParam() == KeptBlock::pinned ? 30 : 18;  // without a step the legend is short
  ViewTransform view;
  view.set_viewport(layout_for(1200, 800, true).view);
  view.set_image(256, 256);
  view.look_at({100.5f, 100.5f}, zoom);
  const CellRect in = conv2d_block_rects(p, gx.block_of(100), gy.block_of(100)).in;
  const Vec2 a = view.to_screen({float(in.x0), float(in.y0)}), b = view.to_screen({float(in.x1), float(in.y1)});
  const Rect block{a.x, a.y, b.x - a.x, b.y - a.y};
  // The barrier's label runs right from the block's bottom-left corner: presentation type (<= 27 px)
  // and its box, to the view's right edge.
  const Rect label{a.x, b.y, view.viewport().x + view.viewport().w - a.x, barrier ? 27 + 14 : 0};
  const auto [without_legend, with_legend] = bright_off_and_on(s, &Overlays::legend, {block, label}, hover, zoom);
  if (HasFatalFailure()) return;
  ASSERT_GT(without_legend[0], 300) << "no threads, slots or thread ids drawn in the block";
  if (barrier) ASSERT_GT(without_legend[1], 100) << "no barrier label under the block";
  EXPECT_EQ(with_legend, without_legend) << "the legend covers the block or its label";
  s.overlays.legend = true;
  const auto [without_inspector, with_inspector] =
      bright_off_and_on(s, &Overlays::inspector, {block, label}, hover, zoom);
  if (HasFatalFailure()) return;
  EXPECT_EQ(with_inspector, without_inspector) << "the inspector covers the block or its label";
}
INSTANTIATE_TEST_SUITE_P(StepsAndPin, KeptBlockShot,
                         ::testing::Values(KeptBlock::load_step, KeptBlock::barrier_step, KeptBlock::pinned));

TEST_F(Shot, StepOneOfTiledOutShowsTheSlotsItsFirstLoadPassStored) {
  // tiled_out, tile 8, r = 2: 64 threads fill the 12 x 12 shared tile in three passes. After
  // the first (step 0) slots 0..63 are stored (green); slots 64.. (from row 5, column 4 on) not.
  const Conv2dParams p{Conv2dStrategy::tiled_out, 2, 8, 256, 256};
  stepper_.on = true, stepper_.step = 0;
  const Pixel hover{12, 12};
  shoot(p, hover, 14);
  const Conv2dTiling g = tiling_of(p, 0);  // x and y tile alike
  const int b = g.block_of(hover.x), s = g.shared_dim(), threads = g.block_dim() * g.block_dim();
  for (int i = 0; i < s * s; ++i) {
    const Rgb c = at_image(g.shared_origin(b) + i % s + 0.5f, g.shared_origin(b) + i / s + 0.5f);
    EXPECT_EQ(green(c), i < threads) << "slot " << i << ": rgb(" << c.r << ", " << c.g << ", " << c.b << ")";
  }
}

TEST_F(Shot, TiledInsComputeStepGreysTheLoadOnlyRing) {
  // tiled_in, tile 16, r = 2, step 2 (load, barrier, then the first filter row): every slot is
  // stored; the inner 12 x 12 threads compute, the ring of 2 around them is idle (greyed).
  const Conv2dParams p{Conv2dStrategy::tiled_in, 2, 16, 256, 256};
  stepper_.on = true, stepper_.step = 2;
  const Pixel hover{20, 20};
  shoot(p, hover, 14);
  const Conv2dTiling g = tiling_of(p, 0);
  const int b = g.block_of(hover.x), o = g.shared_origin(b);
  for (int t = 0; t < g.block_dim(); t += 3) {  // down the block's middle column: ring, inside, ring
    const Rgb c = at_image(o + 7.5f, o + t + 0.5f);
    EXPECT_EQ(green(c), g.computes(t)) << "thread row " << t << " (a stored slot, greyed if idle)";
  }
}

TEST_F(Shot, BreakPaintsExactlyTheDamagedOutputsMagenta) {
  // no_halo on the black image: a damaged output reads a NaN slot, an intact one is 0 like the
  // reference. Output tiles of 12; grid, legend and HUD are off so nothing but the damage is drawn.
  const Conv2dParams p{Conv2dStrategy::tiled_in, 2, 16, 256, 256};
  UiState s = still_state(false);
  s.ui<Conv2dUi>().params = p;
  s.ui<Conv2dUi>().filter = "box";
  s.ui<Conv2dUi>().bug = Break::no_halo;
  s.ui<Conv2dUi>().view = ViewMode::output;
  s.ui<Conv2dUi>().source = SourceKind::file;
  s.ui<Conv2dUi>().file_path = path("black.npy");
  s.overlays.tile_grid = false;
  take(s, std::nullopt, 0);
  if (HasFatalFailure()) return;
  view_ = mapping(layout_for(float(w_), float(h_), false).view, std::nullopt, 0);
  const std::vector<char> damaged = test::predicted_damage(p, Break::no_halo);
  for (int y = 30; y < 60; ++y)
    for (int x = 20; x < 50; ++x) {
      const Rgb c = at_image(x + 0.5f, y + 0.5f);
      const bool magenta = c.r > 200 && c.b > 200 && c.g < 60;
      EXPECT_EQ(magenta, bool(damaged[std::size_t(y) * 256 + x]))
          << "(" << x << ", " << y << "): rgb(" << c.r << ", " << c.g << ", " << c.b << ")";
    }
}

TEST_F(Shot, Stencil3dBreakPaintsExactlyTheDamagedCellsOfTheSliceMagenta) {
  // no_halo, k = 1, T = 8 (output tiles of 6) on a 64^3 grid, slice 32: a cell within 1 of its
  // output tile's edge reads a NaN slot, the others equal the reference step. Grid, legend and HUD
  // are off, and no cell is hovered, so nothing but the damage is drawn over the heat map.
  const Stencil3dParams p{Stencil3dStrategy::tiled, 1, 8, 64, 64, 64};
  UiState s = still_state(false);
  s.pattern = pattern_index_of<Stencil3dApp>();
  s.ui<Stencil3dUi>().params = p;
  s.ui<Stencil3dUi>().grid = 64, s.ui<Stencil3dUi>().slice = 32;
  s.ui<Stencil3dUi>().bug = Break::no_halo;
  s.overlays.tile_grid = false;
  take(s, std::nullopt, 0);
  if (HasFatalFailure()) return;
  view_.set_viewport(layout_for(float(w_), float(h_), false).view);
  view_.set_image(64, 64);
  const std::vector<char> damaged = test::predicted_damage(p, Break::no_halo);
  for (int y = 4; y < 56; ++y)  // above the colour bar
    for (int x = 4; x < 60; ++x) {
      const Rgb c = at_image(x + 0.5f, y + 0.5f);
      const bool magenta = c.r > 200 && c.b > 200 && c.g < 60;
      EXPECT_EQ(magenta, bool(damaged[(std::size_t(32) * 64 + y) * 64 + x]))
          << "(" << x << ", " << y << "): rgb(" << c.r << ", " << c.g << ", " << c.b << ")";
    }
}

TEST_F(Shot, TapsAreColouredByWhereTheKernelReadsThem) {
  // cached_halo, tile 16, r = 2, pixel (17, 40): block (1, 2) holds x 16..31 in shared memory,
  // so the taps at x = 15 are halo reads from global memory and x = 17 reads shared memory.
  const Conv2dParams p{Conv2dStrategy::cached_halo, 2, 16, 256, 256};
  shoot(p, Pixel{17, 40}, 30);
  const Rgb shared = at_image(17.5f, 41.5f), global = at_image(15.5f, 41.5f);
  EXPECT_TRUE(green(shared)) << "shared tap";
  EXPECT_TRUE(vermillion(global)) << "global tap";
}

TEST_F(Shot, SeparableDashesItsRowPassAndFramesTheColumnPassTaps) {
  // separable, r = 2, tile 4 (16 x 16 outputs): block (1, 1)'s row pass fills x 16..31 on the rows
  // from 14 to 33 (r above and below), dashed in bright yellow along its top edge; the hovered
  // output (20, 20) sums the intermediate at x = 20, y 18..22, framed in the same yellow.
  const Conv2dParams p{Conv2dStrategy::separable, 2, 4, 256, 256};
  shoot(p, Pixel{20, 20}, 14);
  auto bright_yellow = [](Rgb c) { return c.r > 200 && c.g > 200 && c.b < 140; };
  const Vec2 edge_from = view_.to_screen({16.0f, 14.0f}), edge_to = view_.to_screen({32.0f, 14.0f});
  int dashes = 0;
  for (float x = edge_from.x + 2; x < edge_to.x - 2; ++x) dashes += bright_yellow(at_screen(x, edge_from.y));
  EXPECT_GT(dashes, (edge_to.x - edge_from.x) / 8) << "the row pass's top edge is not dashed in yellow";
  const Vec2 frame = view_.to_screen({20.0f, 18.5f});
  int framed = 0;
  for (float dx = -2; dx <= 2; ++dx) framed += bright_yellow(at_screen(frame.x + dx, frame.y));
  EXPECT_GT(framed, 0) << "the column pass's taps are not framed";
}

TEST_F(Shot, SeparableWithAFilterOfAnotherRankRunsNothingAndDrawsNoBlock) {
  // sharpen has rank 2: the view shows why it cannot run (the controls) instead of failing, and
  // draws no block for a launch that did not happen.
  UiState s = black_image({Conv2dStrategy::separable, 2, 4, 256, 256});
  s.ui<Conv2dUi>().filter = "sharpen";
  take(s, Pixel{20, 20}, 14);
  if (HasFatalFailure()) return;
  view_ = mapping(layout_for(float(w_), float(h_), false).view, Pixel{20, 20}, 14);
  EXPECT_FALSE(blue(at_image(24.5f, 24.5f), 20)) << "an output tile was drawn for a launch that did not run";
}

// ---- compare: strategies side by side (issue 17, item 2) ----------------------------------------

TEST_F(Shot, CompareDrawsEachPanesOwnTileGrid) {
  // r = 2, tile 16: basic's output tiles are 16 wide (lines at 32, 48), tiled_in's 12 (36, 48).
  UiState s = black_image({Conv2dStrategy::tiled_in, 2, 16, 256, 256});
  s.compare = {"basic", "tiled_in"};
  s.overlays.block = s.overlays.receptive_field = s.overlays.thread_ids = false;
  const Pixel hover{40, 40};
  take(s, hover, 8);
  if (HasFatalFailure()) return;
  const std::vector<ViewTransform> panes = pane_mappings(2, hover, 8);
  const Conv2dStrategy strategies[] = {Conv2dStrategy::basic, Conv2dStrategy::tiled_in};
  for (int i = 0; i < 2; ++i) {
    const Conv2dTiling g = tiling_of(Conv2dParams{strategies[i], 2, 16, 256, 256}, 0);
    for (int b = g.block_of(30) + 1; b <= g.block_of(50); ++b) {
      const Rgb on = at_image(panes[std::size_t(i)], float(g.out_origin(b)), 44.5f);
      EXPECT_GT(on.r + on.g + on.b, 90) << "pane " << i << ": no grid line at the start of block " << b;
      const Rgb off = at_image(panes[std::size_t(i)], g.out_origin(b) + g.out_tile_dim() / 2.0f, 44.5f);
      EXPECT_LT(off.r + off.g + off.b, 30) << "pane " << i << ": inside block " << b << " should be black";
    }
  }
}

TEST_F(Shot, FourComparePanesOutlineTheHoveredBlockOfTheirOwnStrategy) {
  // r = 2, tile 16, pixel (40, 40): basic, tiled_out and cached_halo's block computes x 32..47,
  // tiled_in's 36..47 (its output tiles are 12 wide).
  UiState s = black_image({Conv2dStrategy::tiled_in, 2, 16, 256, 256});
  s.compare = {"basic", "tiled_in", "tiled_out", "cached_halo"};
  s.overlays.receptive_field = s.overlays.thread_ids = false;
  const Pixel hover{40, 40};
  take(s, hover, 8);
  if (HasFatalFailure()) return;
  const std::vector<ViewTransform> panes = pane_mappings(4, hover, 8);
  const Conv2dStrategy strategies[] = {Conv2dStrategy::basic, Conv2dStrategy::tiled_in, Conv2dStrategy::tiled_out,
                                       Conv2dStrategy::cached_halo};
  for (int i = 0; i < 4; ++i) {
    const Conv2dTiling g = tiling_of(Conv2dParams{strategies[i], 2, 16, 256, 256}, 0);
    const int first = g.out_origin(g.block_of(hover.x)), last = first + g.out_tile_dim() - 1;
    const ViewTransform& pane = panes[std::size_t(i)];
    EXPECT_TRUE(blue(at_image(pane, first + 0.5f, 44.5f), 20)) << "pane " << i << ": output tile from x " << first;
    EXPECT_TRUE(blue(at_image(pane, last + 0.5f, 44.5f), 20)) << "pane " << i << ": output tile to x " << last;
    EXPECT_FALSE(blue(at_image(pane, first - 1.5f, 44.5f), 20)) << "pane " << i << ": output tile before x " << first;
  }
}

TEST_F(Shot, ComparePanesShowTheHoveredPixelsTapsWhereTheirKernelReadsThem) {
  // The pointer rests on pixel (40, 40) in the first pane; the second shows the same pixel's taps:
  // basic reads them from global memory (vermillion), tiled_in from shared memory (green).
  UiState s = black_image({Conv2dStrategy::tiled_in, 2, 16, 256, 256});
  s.compare = {"basic", "tiled_in"};
  const Pixel hover{40, 40};
  take(s, hover, 30);
  if (HasFatalFailure()) return;
  const std::vector<ViewTransform> panes = pane_mappings(2, hover, 30);
  EXPECT_TRUE(vermillion(at_image(panes[0], 40.5f, 42.5f))) << "basic: a global tap";
  EXPECT_TRUE(green(at_image(panes[1], 40.5f, 42.5f))) << "tiled_in: a shared tap";
  for (const ViewTransform& pane : panes) {  // three rows down: outside the 5 x 5 window
    const Rgb outside = at_image(pane, 40.5f, 43.5f);
    EXPECT_FALSE(vermillion(outside) || green(outside)) << "a tap outside the window";
  }
}

TEST_F(Shot, EveryComparePaneHasItsHud) {
  UiState s = black_image({Conv2dStrategy::tiled_in, 2, 16, 256, 256});
  s.compare = {"basic", "tiled_in", "tiled_out", "cached_halo"};
  std::vector<Rect> corners;
  for (const Rect& cell : compare_cells(layout_for(1200, 800, false).view, 4)) corners.push_back(hud_corner(cell));
  const auto [without, with] = bright_off_and_on(s, &Overlays::hud, corners);
  if (HasFatalFailure()) return;
  for (std::size_t i = 0; i < corners.size(); ++i) EXPECT_GT(with[i], without[i] + 300) << "no HUD text in pane " << i;
}

// Three panes leave the 2 x 2 grid's fourth cell empty: the legend goes there, not over a pane.
TEST_F(Shot, ThreeComparePanesPutTheLegendInTheEmptyCell) {
  UiState s = black_image({Conv2dStrategy::tiled_in, 2, 16, 256, 256});
  s.compare = {"basic", "tiled_in", "tiled_out"};
  const auto [without, with] =
      bright_off_and_on(s, &Overlays::legend, compare_cells(layout_for(1200, 800, false).view, 4));
  if (HasFatalFailure()) return;
  EXPECT_GT(with[3], without[3] + 300) << "no legend text in the empty cell";
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(with[i], without[i]) << "the legend covers pane " << i;
}

TEST_F(Shot, Stencil3dAndMatmulCompareTwoStrategies) {
  UiState s = still_state(false);
  s.pattern = pattern_index_of<Stencil3dApp>();
  s.ui<Stencil3dUi>().grid = 32;
  s.compare = {"basic", "coarsened"};
  take(s, Pixel{10, 10}, 8);
  if (HasFatalFailure()) return;
  s.pattern = pattern_index_of<MatmulApp>();
  s.compare = {"naive", "tiled"};
  take(s, Pixel{3, 3}, 0);
}

TEST_F(Shot, SlidingColoursTheLanesOwnTapsAndTheShuffledOne) {
  // sliding, r = 1, strips of 17 rows: pixel (128, 40) is column 0 of lane 0 of warp tile 1
  // (columns 128..131), strip 2 (rows 34..50). Taps x = 128, 129 are in the lane's own float4 (sky
  // blue); x = 127 lies left of the warp and arrives by shuffle from lane 31's extra float4 (yellow).
  const Conv2dParams p{Conv2dStrategy::sliding, 1, 16, 256, 256};
  shoot(p, Pixel{128, 40}, 30);
  const Conv2dTiling gx = tiling_of(p, 0);
  ASSERT_EQ(gx.out_origin(1), 128);
  const Rgb own = at_image(129.5f, 39.5f);
  EXPECT_TRUE(sky_blue(own)) << "own-lane tap";
  const Rgb shuffled = at_image(127.5f, 39.5f);
  EXPECT_TRUE(yellow(shuffled)) << "shuffled tap";
}

TEST_F(Shot, StencilSliceShowsTheHoveredBlocksTilesAndRegisterNeighbours) {
  // register_tiled, order 1, tile 16 (output tiles of 14) on a cold 64^3 grid, slice 32, cell
  // (33, 20): block (2, 1) computes x 28..41, loads x 27..42; z neighbours are in registers,
  // x and y neighbours in shared memory.
  const Stencil3dParams p{Stencil3dStrategy::register_tiled, 1, 16};
  shoot_stencil(p, Pixel{33, 20});
  const StencilAxisTiling a = tiling_of(p).axis(0);
  ASSERT_EQ(a.out_origin(2), 28);
  const Rgb out = at_image(30.5f, 25.5f);  // inside the output tile, away from the neighbours
  EXPECT_TRUE(blue(out, 20)) << "output tile";
  const Rgb halo = at_image(float(a.in_origin(2)) + 0.5f, 25.5f);  // the loaded ring at x = 27
  EXPECT_TRUE(orange(halo, 40)) << "halo";
  const Rgb shared = at_image(34.5f, 20.5f);  // x neighbour: shared memory, green
  EXPECT_TRUE(green(shared)) << "shared neighbour";
  const Rgb cell = at_image(33.5f, 20.5f);  // the cell itself: its own value is in a register, sky blue
  EXPECT_TRUE(blue(cell, 40)) << "register neighbour";
}

TEST_F(Shot, CoarsenedStencilsSliceAppearsInSharedMemoryAtTheStepThatLoadsIt) {
  // coarsened, k = 1, T = 8: the block marching through slice 32 stores that plane into its ring
  // at one load step; one step earlier the slice holds nothing of the block's shared memory.
  const Stencil3dParams p{Stencil3dStrategy::coarsened, 1, 8, 64, 64, 64};
  const Pixel hover{10, 10};
  const StencilAxisTiling a = tiling_of(p).axis(0);
  const BlockTimeline tl = stencil3d_timeline(p, a.block_of(hover.x), a.block_of(hover.y), a.block_of(32));
  int load = 0;
  while (!(tl.steps[std::size_t(load)].kind == StepKind::load && tl.steps[std::size_t(load)].z == 32)) ++load;
  const int x0 = a.in_origin(a.block_of(hover.x)), y0 = a.in_origin(a.block_of(hover.y));
  for (int step : {load - 1, load}) {
    stepper_.on = true, stepper_.step = step;
    shoot_stencil(p, hover);
    for (int y = hover.y - 2; y < y0 + a.tile; y += 2)  // the rows below the inspector window
      for (int x = x0; x < x0 + a.tile; x += 2)
        EXPECT_EQ(green(at_image(x + 0.5f, y + 0.5f)), step == load) << "step " << step << ", cell " << x << "," << y;
  }
}

TEST_F(Shot, StencilFastShowsItsL1HaloAndShuffledNeighbours) {
  // fast, order 1, T = 18 on a cold 64^3 grid: float4 rows, so block (0, 2) computes x 0..127 (the
  // whole width), y 16..23. Cell (32, 20) is component 0 of lane 8: x - 1 comes from lane 7 by a
  // shuffle, x + 1 is its own register, y +- 1 are global loads; rows 15 and 24 are the L1 halo.
  const Stencil3dParams p{Stencil3dStrategy::fast, 1, 18};
  shoot_stencil(p, Pixel{32, 20});
  const StencilAxisTiling ay = tiling_of(p).axis(1);
  ASSERT_EQ(ay.out_origin(2), 16);
  const Rgb out = at_image(38.5f, 22.5f);
  EXPECT_TRUE(blue(out, 20)) << "output tile";
  const Rgb halo = at_image(38.5f, 15.5f);  // the row above the tile, read through L1
  EXPECT_TRUE(orange(halo, 40)) << "L1 halo";
  const Rgb shuffled = at_image(31.5f, 20.5f);
  EXPECT_TRUE(yellow(shuffled)) << "shuffled neighbour";
  const Rgb own = at_image(33.5f, 20.5f);
  EXPECT_TRUE(sky_blue(own)) << "own-register neighbour";
  const Rgb global = at_image(32.5f, 19.5f);
  EXPECT_TRUE(vermillion(global)) << "y neighbour (global)";
}

namespace {

// The conv1d view rendered headless (CPU backend), as pixels; and where element i is on screen.
class Conv1dShot : public ShotPixels {
 protected:
  Conv1dShot() : ShotPixels("tilescope_conv1d_shot_") {}
  void shoot(Conv1dParams p, Pixel hover, float zoom) {
    UiState s = still_state(false);
    s.pattern = pattern_index_of<Conv1dApp>();
    s.ui<Conv1dUi>().params = p;
    s.ui<Conv1dUi>().stepper = stepper_;
    take(s, hover, zoom);
    if (HasFatalFailure()) return;
    view_ = layout_for(float(w_), float(h_), false).view;
    zoom_ = zoom;
    centre_ = hover.x + 0.5f + kConv1dFocusLeftOfCentre * view_.w / zoom;
  }
  // The colour in the middle of element i's cell, at height y.
  Rgb at(float i, float y) const { return at_screen(view_.x + view_.w / 2 + (i + 0.5f - centre_) * zoom_, y); }
  Rect view_;
  float zoom_ = 1, centre_ = 0;
  Stepper stepper_;  // the step-through, off but in the test about it
};

}  // namespace

TEST_F(Conv1dShot, SharedMemoryLaneShowsOwnSlotsHaloSlotsAndGhostZeros) {
  // tiled, 32 threads, n = 3, hovering element 30 of block 0: its shared memory holds the ghost
  // zeros of elements -3..-1 (hatched pink), its own elements 0..31 (blue) and the right halo
  // 32..34 (orange, loaded by threads 0..2).
  shoot({Conv1dStrategy::tiled, 3, 32, 320}, Pixel{30, 0}, 6);
  const Conv1dLanes lanes = conv1d_lanes(view_);
  const float y = (lanes.sh0 + lanes.sh1) / 2 - 6;  // above the slot numbers
  const Rgb own = at(10, y), halo = at(33, y), past_halo = at(36, y);
  EXPECT_TRUE(blue(own, 60)) << "own slot";
  EXPECT_TRUE(orange(halo, 80)) << "halo slot";
  EXPECT_LT(past_halo.r + past_halo.g + past_halo.b, 120) << "the block's shared memory ends at element 34";
  const RowLook ghost = look_along([&](float i) { return at(i, y); }, -3, -0.1f, 0.1f);
  EXPECT_GT(ghost.pink, 10) << "ghost slots not tinted";
  EXPECT_GT(ghost.spread, 100) << "ghost slots not hatched";
}

// The legend sits above the "block N" labels under the output lane: with it on, the labels' row
// is unchanged.
TEST_F(Conv1dShot, TheLegendLeavesTheBlockLabelsInSight) {
  UiState s = still_state(false);
  s.pattern = pattern_index_of<Conv1dApp>();
  s.ui<Conv1dUi>().params = {Conv1dStrategy::tiled, 2, 64, 320};
  const Rect v = layout_for(1200, 800, false).view;
  const float axis = conv1d_lanes(v).axis;
  const auto [without, with] = bright_off_and_on(s, &Overlays::legend, {{v.x, axis, v.w, 20}});
  if (HasFatalFailure()) return;
  ASSERT_GT(without[0], 100) << "no block labels under the output lane";
  EXPECT_EQ(with[0], without[0]) << "the legend covers block labels";
}

// In step-through the legend goes below the step lane and the inspector above its title, each
// scrolling where large type leaves it too little room, the inspector giving way where the HUD leaves
// it none: at the barrier, with either on, the lane and the barrier's label under it are unchanged,
// with the HUD off and on.
class Conv1dStepShot : public Conv1dShot, public ::testing::WithParamInterface<bool> {};
TEST_P(Conv1dStepShot, StepThroughInPresentationKeepsTheStepLaneInSight) {
  UiState s = still_state(GetParam());
  s.presentation = true;
  s.pattern = pattern_index_of<Conv1dApp>();
  s.ui<Conv1dUi>().params = {Conv1dStrategy::tiled, 4, 64, 320};
  s.ui<Conv1dUi>().stepper.on = true,
  s.ui<Conv1dUi>().stepper.step = conv1d_timeline(s.ui<Conv1dUi>().params, 4).barrier;
  s.pinned = Pixel{300, 0};  // block 4, the last: before, the legend covered its lane
  s.overlays.inspector = false;
  const Rect v = layout_for(1200, 800, true).view;
  const Conv1dLanes lanes = conv1d_lanes(v);
  const float title = lanes.sh0 - kConv1dLaneTitleEms * 27;  // the title's top in presentation type (<= 27 px)
  const float label = 27 + 14;                               // the barrier's label and its box
  const Rect lane{v.x, title, v.w, lanes.sh1 + label - title};
  const auto [without_legend, with_legend] = bright_off_and_on(s, &Overlays::legend, {lane});
  if (HasFatalFailure()) return;
  ASSERT_GT(without_legend[0], 300) << "no step lane title or slots";
  EXPECT_EQ(with_legend[0], without_legend[0]) << "the legend covers the step lane";
  s.overlays.legend = true;
  const auto [without_inspector, with_inspector] = bright_off_and_on(s, &Overlays::inspector, {lane});
  if (HasFatalFailure()) return;
  EXPECT_EQ(with_inspector[0], without_inspector[0]) << "the inspector covers the step lane";
}
INSTANTIATE_TEST_SUITE_P(WithoutAndWithHud, Conv1dStepShot, ::testing::Bool());

TEST_F(Conv1dShot, TiledsFirstStepStoresOnlyTheLeftHalo) {
  // tiled, 32 threads, n = 3, block 1 (elements 32..63): step 0 is the left halo, elements
  // 29..31, stored by threads 29..31; the block's own slots are still empty.
  const Conv1dParams p{Conv1dStrategy::tiled, 3, 32, 320};
  stepper_.on = true, stepper_.step = 0;
  shoot(p, Pixel{40, 0}, 20);
  const Conv1dLanes lanes = conv1d_lanes(view_);
  const float y = lanes.sh0 + 0.1f * (lanes.sh1 - lanes.sh0);  // above the writers' numbers
  const Conv1dTiling g = tiling_of(p);
  for (int s = 0; s < g.shared_dim(); ++s) {
    const int i = g.shared_coord(1, s);
    if (i >= 40 - 4 && i <= 40 + 4) continue;  // the hovered output's tap lines cross the lane there
    EXPECT_EQ(green(at(float(i), y)), g.left_halo_slot(g.loader_of_slot(s)) == s) << "slot " << s;
  }
}

TEST_F(Conv1dShot, FastStagesAFloat4RoundedHaloAndMarksTheThreadsEightOutputs) {
  // fast, tile 32 (4 threads of 8 outputs), n = 3 staged as 4 halo cells a side: block 1 holds
  // elements 28..67. Hovering element 41: thread 2, whose outputs are 40..43 and 56..59.
  shoot({Conv1dStrategy::fast, 3, 32, 320}, Pixel{41, 0}, 4);
  const Conv1dLanes lanes = conv1d_lanes(view_);
  const float y = (lanes.sh0 + lanes.sh1) / 2 - 6;
  const Rgb halo_left = at(29, y), own = at(50, y), halo_right = at(66, y), before = at(27, y), after = at(68, y);
  EXPECT_TRUE(orange(halo_left, 80)) << "the rounded-up halo slots 28..31";
  EXPECT_TRUE(orange(halo_right, 80)) << "the rounded-up halo slots 64..67";
  EXPECT_TRUE(blue(own, 60)) << "own slot";
  EXPECT_LT(before.r + before.g + before.b, 120) << "the staged halo starts at element 28";
  EXPECT_LT(after.r + after.g + after.b, 120) << "the staged halo ends at element 67";
  const float top = lanes.out0 + 8;  // above the waveform
  for (int i : {56, 57, 58, 59}) {   // the thread's second group, away from the hovered taps
    const Rgb c = at(float(i), top);
    EXPECT_GT(c.r, c.b + 25) << "output " << i << " of the hovered thread not marked";
    EXPECT_GT(c.g, c.b + 25) << "output " << i << " of the hovered thread not marked";
  }
  for (int i : {36, 48, 52, 61}) {
    const Rgb c = at(float(i), top);
    EXPECT_LT(c.r - c.b, 15) << "output " << i << " is another thread's";
  }
}

TEST_F(Conv1dShot, CachedHaloKeepsOnlyTheTileInSharedMemory) {
  shoot({Conv1dStrategy::cached_halo, 3, 32, 320}, Pixel{40, 0}, 12);
  const Conv1dLanes lanes = conv1d_lanes(view_);
  const float y = (lanes.sh0 + lanes.sh1) / 2 - 6;
  const Rgb own = at(45, y), before = at(31, y), after = at(64, y);
  EXPECT_TRUE(blue(own, 60)) << "own slot";
  EXPECT_LT(before.r + before.g + before.b, 120) << "no halo slots in cached_halo";
  EXPECT_LT(after.r + after.g + after.b, 120);
}

TEST(GlDebug, CountsAnInvalidCallOnTheHeadlessContext) {
  setenv("TILESCOPE_GL_DEBUG", "1", 1);
  HeadlessGl gl(64, 64);
  if (!GLAD_GL_KHR_debug) GTEST_SKIP() << "this context has no KHR_debug";
  const int before = gl::debug_error_count();
  glEnable(0x7fff);  // not a capability: GL_INVALID_ENUM
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(gl::debug_error_count(), before + 1);
}

TEST(HeadlessGl, ReleasesItsContextAndDisplayWhenItThrowsPartWay) {
  setenv("TILESCOPE_GL_DEBUG", "1", 1);
  EGLDisplay display = EGL_NO_DISPLAY;
  {
    HeadlessGl gl(64, 64);
    display = eglGetCurrentDisplay();  // EGL gives the same handle again for the same device or platform
  }
  ASSERT_NE(display, EGL_NO_DISPLAY);
  // A renderbuffer wider than any GL allows: GL_INVALID_VALUE, then an incomplete framebuffer,
  // thrown after the display was initialised and the context made current.
  const int errors_before = gl::debug_error_count();
  try {
    HeadlessGl too_wide(1 << 20, 16);
    FAIL() << "a 2^20-wide framebuffer was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("incomplete"), std::string::npos) << e.what();
  }
  EXPECT_GT(gl::debug_error_count(), errors_before) << "the invalid renderbuffer size was not reported";
  EXPECT_EQ(eglGetCurrentContext(), EGL_NO_CONTEXT) << "the context outlived the throw";
  EXPECT_EQ(eglQueryString(display, EGL_VENDOR), nullptr) << "the display is still initialised";
  EXPECT_EQ(eglGetError(), EGL_NOT_INITIALIZED);
  HeadlessGl again(64, 64);  // and nothing left behind stands in the way of the next one
  EXPECT_NE(eglGetCurrentContext(), EGL_NO_CONTEXT);
}

TEST(ImGuiSession, ShutsDownWhenTheFrameLoopThrows) {
  HeadlessGl gl(64, 64);
  try {
    ImGuiSession imgui;
    ASSERT_NE(ImGui::GetCurrentContext(), nullptr);
    ImGui::GetIO().DisplaySize = {64, 64};
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    throw std::runtime_error("a frame failed");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(ImGui::GetCurrentContext(), nullptr) << "the ImGui context outlived the exception";
  ImGuiSession again;  // the renderer backend was shut down: it initialises again
  EXPECT_NE(ImGui::GetCurrentContext(), nullptr);
}
