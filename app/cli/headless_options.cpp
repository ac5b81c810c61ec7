#include "app/cli/headless_options.hpp"

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>

#include "app/cli/params.hpp"
#include "app/conv1d/cli.hpp"
#include "app/conv2d/cli.hpp"
#include "app/io/atomic_file.hpp"
#include "app/io/image_file.hpp"
#include "app/matmul/cli.hpp"
#include "app/stencil3d/cli.hpp"
#include "app/ui/compare.hpp"
#include "app/ui/scene.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/steps.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/steps.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/steps.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope::cli {
namespace {

// --break NAME for `strategy`, refused with the reason where it cannot have it (none: no --break).
template <typename Strategy>
Break shot_break(const HeadlessCli& o, Strategy strategy) {
  if (o.conv.bug.empty()) return Break::none;
  const Break bug = parse_break(o.conv.bug);
  if (const auto why = break_problem(strategy, bug)) throw InvalidInput("--break " + o.conv.bug + ": " + *why);
  return bug;
}

// The conv1d view: strategy, radius, block size, filter and the signal's length (--data N).
void conv1d_state(const HeadlessCli& o, UiState& s) {
  s.pattern = Pattern::conv1d;
  PatternOptions c = o.conv;
  c.size = o.data_size;
  s.conv1d.params = params_of<Conv1dCli>(c, s.conv1d.params);
  if (!c.filter.empty()) s.conv1d.filter = c.filter;
  make_named_filter1d(s.conv1d.filter, 1);  // refuse an unknown name before opening any context
  s.conv1d.bug = shot_break(o, s.conv1d.params.strategy);
  clamp_conv1d(s.conv1d);
}

// The matmul view: strategy, TILE_WIDTH, sizes (--data MxKxN) and the phase stepper.
void matmul_state(const HeadlessCli& o, UiState& s) {
  s.pattern = Pattern::matmul;
  PatternOptions c = o.conv;
  c.size = o.data_size;
  s.matmul.params = params_of<MatmulCli>(c, s.matmul.params);
  if (c.tile)  // --data is clamped to the view's 96, but a --tile the strategy does not have is refused
    if (auto problem = tile_problem(s.matmul.params)) throw InvalidInput(*problem);
  const char* names[] = {"none", "raw", "war"};
  const auto it = std::find(std::begin(names), std::end(names), o.without);
  if (it == std::end(names)) throw InvalidInput("unknown --without '" + o.without + "': use none, raw or war");
  if (o.step < 0 || o.step >= kMatmulSteps) throw InvalidInput("--step takes 0 (load) .. 3 (barrier 2)");
  s.matmul.missing = MissingBarrier(it - std::begin(names));
  if (const Break bug = shot_break(o, s.matmul.params.strategy); bug != Break::none) {  // barrier 1 left out
    if (bug != Break::no_barrier)
      throw InvalidInput("--break " + o.conv.bug +
                         ": the matmul view shows no_barrier; apply --break writes the others");
    s.matmul.missing = MissingBarrier::read_after_write;
  }
  s.matmul.phase = o.phase, s.matmul.step = o.step;
  clamp_matmul(s.matmul);
}

// The stencil3d view: its strategy, order, tile and coefficients, the grid and the slice.
void stencil3d_state(const HeadlessCli& o, UiState& s) {
  s.pattern = Pattern::stencil3d;
  Stencil3dUi& st = s.stencil;
  st.params = params_of<Stencil3dCli>(o.conv);
  if (!o.conv.filter.empty()) st.coeffs = o.conv.filter;
  make_named_stencil(st.coeffs, st.params.order);  // refuse an unknown name before opening any context
  if (o.grid != 0 && (o.grid < 16 || o.grid > 512)) throw InvalidInput("--grid must be within 16..512");
  st.grid = o.grid, st.slice = o.slice, st.iterations = o.steps;
  st.bug = shot_break(o, st.params.strategy);
  if (o.steps < 1 || o.steps > 64) throw InvalidInput("--steps must be within 1..64");
  clamp_stencil3d(st);
  validate_launch(st.params);
}

// --step N: step N of the block under --hover. `problem`: why these parameters have no
// step-through; `steps`: how many steps the block has; `setting`: the parameters, for the message.
void show_step(const HeadlessCli& o, Stepper& s, const std::optional<std::string>& problem, int steps,
               const std::string& setting) {
  if (problem) throw InvalidInput("--step: " + *problem);
  if (o.hover.empty()) throw InvalidInput("--step N shows step N of the block under --hover X,Y: give one");
  if (o.step < 0 || o.step >= steps)
    throw InvalidInput("--step must be within 0.." + std::to_string(steps - 1) + " for " + setting);
  s.on = true, s.step = o.step;
}

// conv2d: every block has the same steps.
void conv2d_step(const HeadlessCli& o, UiState& s) {
  const Conv2dParams& p = s.conv2d.params;
  auto problem = conv2d_steps_problem(p.strategy);
  if (const auto why = launch_problem(p); why && !problem) problem = "these parameters cannot run: " + *why;
  show_step(o, s.conv2d.stepper, problem, problem ? 0 : int(conv2d_timeline(p, 0, 0).steps.size()),
            std::string(strategy_info(p.strategy).name) + " at radius " + std::to_string(p.filter_radius) + ", tile " +
                std::to_string(p.tile));
}

// conv1d: every block has the same steps.
void conv1d_step(const HeadlessCli& o, UiState& s) {
  const Conv1dParams& p = s.conv1d.params;
  auto problem = conv1d_steps_problem(p.strategy);
  if (const auto why = launch_problem(p); why && !problem) problem = "these parameters cannot run: " + *why;
  show_step(o, s.conv1d.stepper, problem, problem ? 0 : int(conv1d_timeline(p, 0).steps.size()),
            std::string(strategy_info(p.strategy).name) + " at radius " + std::to_string(p.filter_radius) + ", block " +
                std::to_string(p.tile));
}

// stencil3d: the bound is an interior block's steps; a block at the grid's far z edge, whose
// march stops early, shows its last step for a larger N.
void stencil3d_step(const HeadlessCli& o, UiState& s) {
  const Stencil3dParams& p = s.stencil.params;  // launch-checked by stencil3d_state
  const auto problem = stencil3d_steps_problem(p.strategy);
  show_step(o, s.stencil.stepper, problem, problem ? 0 : int(stencil3d_timeline(p, 0, 0, 0).steps.size()),
            std::string(strategy_info(p.strategy).name) + " at order " + std::to_string(p.order) + ", tile " +
                std::to_string(p.tile));
}

UiState options_state(const HeadlessCli& o) {
  const bool stepped = o.step_option && o.step_option->count() > 0;
  if (!o.file.empty() && o.conv.pattern != "conv2d")
    throw InvalidInput("FILE is shown by the conv2d view only; '" + o.conv.pattern + "' shows its own data");
  UiState s;
  s.backend = o.conv.backend;
  s.presentation = o.presentation;
  s.paused = !o.live;  // by default a shot shows one deterministic frame of the demo
  if (o.conv.pattern == "stencil3d") {
    stencil3d_state(o, s);
    if (stepped) stencil3d_step(o, s);
    return s;
  }
  if (o.conv.pattern == "conv1d" || o.conv.pattern == "matmul") {
    (o.conv.pattern == "conv1d" ? conv1d_state : matmul_state)(o, s);
    if (stepped && o.conv.pattern == "conv1d") conv1d_step(o, s);
    return s;
  }
  if (o.conv.pattern != "conv2d")
    throw InvalidInput("the app shows conv2d, stencil3d, conv1d and matmul; '" + o.conv.pattern + "' is not in it");
  s.conv2d.params = params_of<Conv2dCli>(o.conv);
  if (!o.conv.filter.empty()) s.conv2d.filter = o.conv.filter;
  make_named_filter(s.conv2d.filter, 1);  // refuse an unknown name before opening any context
  s.conv2d.bug = shot_break(o, s.conv2d.params.strategy);
  if (stepped) conv2d_step(o, s);
  const ViewMode views[] = {ViewMode::input, ViewMode::output, ViewMode::split, ViewMode::diff};
  bool known = false;
  for (ViewMode v : views)
    if (o.view == view_name(v)) s.view = v, known = true;
  if (!known) throw InvalidInput("unknown view '" + o.view + "': use input, output, split or diff");
  if (!o.file.empty()) {
    io::load_image(o.file);  // a missing, unreadable or corrupt FILE stops the shot (exit 2), nothing written
    s.source = SourceKind::file;
    s.file_path = o.file;
  }
  if (o.demo_size < 16 || o.demo_size > kMaxShotDemoSize)
    throw InvalidInput("--demo-size must be within 16.." + std::to_string(kMaxShotDemoSize));
  s.demo_size = o.demo_size;
  const char* const* demos = demo_scene_names();
  const auto it = std::find(demos, demos + kDemoSceneCount, o.demo);
  if (it == demos + kDemoSceneCount)
    throw InvalidInput("unknown --demo '" + o.demo + "': use mixed, checker, rings or impulses");
  s.demo_scene = DemoScene(it - demos);
  return s;
}

// --scene FILE: the scene sets the pattern, its parameters, the data, the view and the pointer;
// the command's own options say only how to render it (and --backend, where it runs).
UiState scene_state(const HeadlessCli& o, const CLI::App& cmd) {
  for (const char* name : {"--pattern", "--strategy", "--radius", "--tile",      "--filter",  "--break", "--hover",
                           "--zoom",    "--view",     "--demo",   "--demo-size", "--data",    "--phase", "--step",
                           "--without", "--grid",     "--slice",  "--steps",     "--compare", "file"}) {
    const CLI::Option* option = cmd.get_option_no_throw(name);
    if (option && option->count() > 0)
      throw InvalidInput(std::string("--scene sets what ") + name + " would; give one or the other");
  }
  UiState s = load_scene(o.scene);
  if (cmd.get_option("--backend")->count() > 0) s.backend = o.conv.backend;
  s.presentation = s.presentation || o.presentation;
  if (o.live) s.paused = false;
  return s;
}

// --compare S1,S2[,S3,S4]: 2-4 strategies of the pattern by name, checked before any context is
// opened; the first is the strategy the options set (and the sidebar shows).
std::vector<std::string> compare_set(const HeadlessCli& o) {
  if (!o.conv.strategy.empty()) throw InvalidInput("--compare names every strategy shown: give it or --strategy");
  std::vector<std::string> names;
  std::stringstream list(o.compare);
  for (std::string name; std::getline(list, name, ',');) names.push_back(name);
  const char* const* ids = pattern_ids();
  const auto pattern = std::find(ids, ids + kPatternCount, o.conv.pattern);
  if (pattern == ids + kPatternCount) return names;  // options_state says which patterns there are
  if (const auto why = compare_problem(Pattern(pattern - ids), names)) throw InvalidInput("--compare: " + *why);
  return names;
}

UiState options_state_compared(const HeadlessCli& o) {
  if (o.compare.empty()) return options_state(o);
  const std::vector<std::string> names = compare_set(o);
  HeadlessCli first = o;
  first.conv.strategy = names.front();
  UiState s = options_state(first);
  s.compare = names;
  return s;
}

}  // namespace

void add_headless_options(CLI::App* cmd, HeadlessCli& o) {
  add_pattern_options(cmd, o.conv, Need::radius | Need::filter | Need::backend);
  add_break_option(cmd, o.conv);
  cmd->add_option("--size", o.window_size, "window size WxH")->capture_default_str();
  cmd->add_option("--hover", o.hover, "place the pointer over image pixel X,Y");
  cmd->add_option("--zoom", o.zoom, "screen pixels per image pixel, centred on --hover (default: fit)");
  cmd->add_option("--view", o.view, "input, output, split or diff")->capture_default_str();
  cmd->add_flag("--presentation", o.presentation, "presentation mode (large type, high contrast)");
  cmd->add_option("--scene", o.scene, "a scene file (assets/scenes/): the pattern, parameters, data and view");
  cmd->add_option("--demo", o.demo, "demo image: mixed, checker, rings or impulses")->capture_default_str();
  cmd->add_option("--demo-size", o.demo_size, "side of the square demo image")->capture_default_str();
  cmd->add_option("--data", o.data_size, "conv1d: the signal's length N; matmul: MxKxN (M is MxK, N is KxN)");
  cmd->add_option("--phase", o.phase, "matmul: the phase the stepper shows")->capture_default_str();
  o.step_option =
      cmd->add_option("--step", o.step,
                      "conv1d, conv2d, stencil3d: step N of the block under --hover (load, barrier, compute, "
                      "store); matmul: 0 load, 1 barrier 1, 2 multiply, 3 barrier 2");
  cmd->add_option("--without", o.without, "matmul: the barrier left out: none, raw or war")->capture_default_str();
  cmd->add_option("--grid", o.grid,
                  "stencil3d: side of the cubic grid, 16..512 (default: 128 on a GPU, 64 on the CPU)");
  cmd->add_option("--slice", o.slice, "stencil3d: the z slice shown (default: the middle)");
  cmd->add_option("--steps", o.steps, "stencil3d: stencil steps per frame (K)")->capture_default_str();
  cmd->add_option("--compare", o.compare, "S1,S2[,S3,S4]: 2 to 4 strategies of the pattern side by side");
  cmd->add_option("file", o.file, "image to show instead of the built-in demo");
}

void headless_window(const HeadlessCli& o, ShotOptions& window) {
  if (!(o.zoom == 0 || (std::isfinite(o.zoom) && o.zoom > 0 && o.zoom <= kMaxShotZoom)))
    throw InvalidInput("--zoom must be 0 (fit) or a number of screen pixels per image pixel in (0, " +
                       std::to_string(int(kMaxShotZoom)) + "]");
  window.zoom = o.zoom;
  const auto size = parse_dims(o.window_size, 2, "WxH");
  window.width = size[0];
  window.height = size[1];
  if (window.width < 320 || window.height < 240 || window.width > 8192 || window.height > 8192)
    throw InvalidInput("window size " + o.window_size + " is outside 320x240 .. 8192x8192");
  if (!o.hover.empty()) {
    std::smatch m;
    if (!std::regex_match(o.hover, m, std::regex(R"((\d{1,6}),(\d{1,6}))")))
      throw InvalidInput("--hover takes X,Y (an image pixel), not '" + o.hover + "'");
    window.hover = Pixel{std::stoi(m[1]), std::stoi(m[2])};
  }
  io::refuse_output_equal_to_input(window.out, {o.file, o.scene});
}

UiState headless_state(const HeadlessCli& o, const CLI::App& cmd, ShotOptions& window) {
  UiState state = o.scene.empty() ? options_state_compared(o) : scene_state(o, cmd);
  if (state.hover) window.hover = state.hover;  // a scene's hovered cell: the pointer rests on it
  return state;
}

}  // namespace tilescope::cli
