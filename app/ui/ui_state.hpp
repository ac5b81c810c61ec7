#pragma once
// Everything the user can set, as one plain struct, plus the pure logic that changes it (keys,
// clamping). Panels are free functions of this state; nothing here touches a window.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/view/view_transform.hpp"
#include "kernels/conv1d/params.hpp"
#include "kernels/conv2d/broken_block.hpp"
#include "kernels/conv2d/demo_scene.hpp"
#include "kernels/conv2d/params.hpp"
#include "kernels/matmul/params.hpp"
#include "kernels/matmul/phases.hpp"
#include "kernels/matmul/steps.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

// The book's systems the app shows, one view each.
enum class Pattern { conv2d, stencil3d, conv1d, matmul };
inline constexpr int kPatternCount = 4;
// "2D convolution (PMPP ch 7)", ... in enum order, for the selector.
const char* const* pattern_labels();
const char* pattern_id(Pattern p);  // "conv2d": the command line's and the settings' name
const char* const* pattern_ids();   // every pattern_id, in enum order

enum class ViewMode { input, output, split, diff };
enum class SourceKind { demo, file };

struct Pixel {
  int x = 0, y = 0;
  bool operator==(const Pixel& o) const { return x == o.x && y == o.y; }
};

struct Overlays {
  bool tile_grid = true;
  bool block = true;            // hovered block: input tile, halo, ghost cells, load-only ring
  bool receptive_field = true;  // hovered pixel: its taps coloured by source
  bool thread_ids = true;       // threadIdx inside cells at high zoom
  bool legend = true;
  bool inspector = true;  // the focused cell's window (a scene may close it to keep the view clear)
  bool hud = true;        // the lecture HUD over the view's corner (app/ui/hud.hpp)
  bool caption = true;    // the scene's caption over the view's bottom (app/ui/caption.hpp)
};

// The step-through of the focused block (issue 18): the step shown, played or scrubbed.
struct Stepper {
  bool on = false;
  int step = 0;
  bool playing = false;
  float steps_per_second = 2.0f;
  double clock = 0;  // seconds the shown step has been on screen while playing
};
// A playing stepper moves on by dt seconds through `steps` steps and stops at the last; the step
// is kept within 0..steps-1 either way.
void advance_stepper(Stepper& s, double dt, int steps);
// t turns it on / off, < and > step back / forward (stopping play); returns whether ch was one.
bool apply_stepper_key(Stepper& s, unsigned int ch);

// The stencil3d view: a live heat-diffusion simulation on a cubic grid, shown one z slice at a time.
struct Stencil3dUi {
  Stencil3dParams params;  // width = height = depth = grid
  int grid = 0;            // side of the cubic grid; 0: the view picks 128 on a GPU, 64 on the CPU
  std::string coeffs = "heat";
  int iterations = 4;  // stencil steps per frame (K): heat spreads about sqrt(K) cells a frame
  int slice = -1;      // z shown; -1: the middle
  bool reset_requested = false;
  bool check_requested = true;
  Break bug = Break::none;  // break it: run a deliberately wrong kernel (scenes keep it, settings do not)
  Stepper stepper;          // steps through the focused block in the shown slice
  int sm_count = 0;         // the view's GPU (0: none, or not known yet): fast's z chunk follows it (not saved)
  long long l2_bytes = 0;   // and its L2 cache
};

// The conv1d view's settings: the live signal's length is params.length.
struct Conv1dUi {
  Conv1dParams params{Conv1dStrategy::tiled, 4, 64, 320};
  std::string filter = "gaussian";
  Break bug = Break::none;  // break it: run a deliberately wrong kernel (scenes keep it, settings do not)
  Stepper stepper;
};

// The matmul view's settings: small matrices, so that every element is a visible cell.
struct MatmulUi {
  MatmulParams params{MatmulStrategy::tiled, 4, 24, 20, 28};
  int phase = 0;  // the phase stepper: 0 .. phases - 1
  int step = 0;   // within the phase: 0 load, 1 barrier (RAW), 2 multiply, 3 barrier (WAR)
  MissingBarrier missing = MissingBarrier::none;
  unsigned seed = 1;  // of the random M and N
};
inline constexpr int kMatmulSteps = kMatmulStepsPerPhase;
const char* matmul_step_name(int step);
const char* const* missing_barrier_names();  // "none", "raw", "war": in MissingBarrier's order

// The conv2d view's settings: params.width/height follow the source image.
struct Conv2dUi {
  Conv2dParams params;
  std::string filter = "gaussian";
  Break bug = Break::none;  // break it: run a deliberately wrong kernel (scenes keep it, settings do not)
  Stepper stepper;
  int sm_count = 0;  // the view's GPU (0: none, or not known yet): sliding's strip follows it (not saved)
};

// Where a scene puts the view: `zoom` screen pixels per element (0: fit the data) around `centre`
// (in elements; none: the pinned or hovered cell).
struct ViewPose {
  float zoom = 0;
  std::optional<Vec2> centre;
};

// The app-wide settings (pattern, backend, presentation, pause) and each view's.
struct UiState {
  Pattern pattern = Pattern::conv2d;
  Conv2dUi conv2d;
  std::string backend = "auto";
  SourceKind source = SourceKind::demo;
  std::string file_path;
  DemoScene demo_scene = DemoScene::mixed;
  int demo_size = 1024;
  ViewMode view = ViewMode::split;
  Overlays overlays;
  bool paused = false;
  bool step_once = false;
  bool presentation = false;
  Stencil3dUi stencil;
  std::optional<Pixel> hover;   // pixel under the pointer
  std::optional<Pixel> pinned;  // clicked pixel: keeps the inspector on it
  bool screenshot_requested = false;
  bool record_toggle_requested = false;  // g / View > Record: start or stop recording the window (run_window)
  bool recording = false;                // run_window's: a recording is running
  Conv1dUi conv1d;
  MatmulUi matmul;
  std::map<std::string, bool> panels;  // the sidebar's panels by title: open or not (absent: open)
  std::string caption;                 // the open scene's: a few lines on what to look at (app/ui/scene.hpp)
  std::optional<ViewPose> pose;        // a scene's view: the App applies it at the next frame, then clears it
  std::vector<std::string> compare;    // the current pattern's strategies side by side (app/ui/compare.hpp); empty: one
  int measure_every = 60;              // frames between two launches measured with the GPU's counters; 0: none
};

// The pixel the overlays and inspector follow: the pinned one, else the hovered one.
std::optional<Pixel> focus_pixel(const UiState& s);

// Keys every view shares (as typed characters): space pause, . single step, f presentation mode,
// s screenshot, h HUD, n caption (notes), i inspector, p next pattern, c compare strategies. Returns
// whether it was one.
bool apply_common_key(UiState& s, unsigned int ch);
// The conv2d view's keys: + - radius, [ ] tile, 1-8 strategy, v cycle views, t step-through on /
// off, < > its step back / forward, and the common ones.
bool apply_key(UiState& s, unsigned int ch);

// The stencil3d view's keys: + - order, [ ] tile, 1-4 strategy, < > slice, r reset, t step-through on /
// off, and the common ones.
bool apply_stencil3d_key(UiState& s, unsigned int ch);
// Keeps order, tile, grid, iterations and slice inside what the kernels and the view support.
void clamp_stencil3d(Stencil3dUi& s);

// Keeps radius and tile inside what the kernels support (1..kMaxConv2dRadius, 1..32).
void clamp_params(UiState& s);
// A break the pattern's strategy cannot have (its break_problem) becomes none: conv2d's, conv1d's,
// stencil3d's.
void drop_breaks_that_cannot_run(UiState& s);
// Whether the current pattern runs a deliberately wrong kernel (its output must stay on screen).
bool broken_on_purpose(const UiState& s);
// Switches strategy; a strategy with another default tile (fast's 16 vs the book's 32) starts
// from its own, since the other's tile may not even fit its shared memory.
void select_strategy(UiState& s, Conv2dStrategy strategy);
// The stencil3d tile `strategy` takes on the view's grid and GPU (fast's z chunk: fast_chunk_for, as
// bench's); select_strategy switches to it with that tile.
int stencil3d_default_tile(const Stencil3dUi& st, Stencil3dStrategy strategy);
void select_strategy(UiState& s, Stencil3dStrategy strategy);
// After a frame that changed the parameters (order or radius, grid or image) or the GPU known, but
// not the strategy or the tile: a tile that was the default for `before` (bench's) becomes the
// default for the new parameters, as bench would choose; a tile set by hand stays.
void follow_default_tile(Stencil3dUi& st, const Stencil3dUi& before);
void follow_default_tile(Conv2dUi& c, const Conv2dUi& before);

// The conv1d view's keys: + - radius, [ ] block size, 1-5 strategy, t step-through on / off, < >
// its step back / forward, and the common ones.
bool apply_conv1d_key(UiState& s, unsigned int ch);
// The matmul view's keys: [ ] TILE_WIDTH, 1-3 strategy, < > step back / forward through the
// phases, b cycles the barrier left out, and the common ones.
bool apply_matmul_key(UiState& s, unsigned int ch);
// Keeps the conv1d and matmul settings inside what their kernels and views support.
void clamp_conv1d(Conv1dUi& c);
void clamp_matmul(MatmulUi& m);

const char* view_name(ViewMode v);
const char* const* view_names();        // every view_name, in ViewMode's order
const char* const* demo_scene_names();  // "mixed", "checker", ...: in DemoScene's order

}  // namespace tilescope
