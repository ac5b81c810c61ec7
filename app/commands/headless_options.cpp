#include "app/commands/headless_options.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "app/cli/patterns.hpp"
#include "app/io/atomic_file.hpp"
#include "app/shell/compare.hpp"
#include "app/shell/exercise_panel.hpp"
#include "app/shell/scene.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {
namespace {

// Every pattern's view options by name, each with the patterns that have it and their help texts.
struct PatternFlag {
  std::string help;              // "stencil3d: side of the cubic grid ...; ..."
  std::set<std::string> owners;  // the patterns that have it
};
std::map<std::string, PatternFlag> pattern_flags() {
  std::map<std::string, PatternFlag> flags;
  for_each_pattern([&](auto app) {
    const std::string id = pattern_id<decltype(app)>();
    for (const ViewFlag& f : decltype(app)::view_flags()) {
      PatternFlag& flag = flags[f.name];
      flag.help += (flag.help.empty() ? "" : "; ") + id + ": " + f.help;
      flag.owners.insert(id);
    }
  });
  return flags;
}

// The options' state of pattern `index`: its trait sets its settings from the options.
UiState options_state(const HeadlessCli& o, int index) {
  UiState s;
  s.pattern = index;
  s.backend = o.view.pattern.backend;
  s.presentation = o.presentation;
  s.paused = !o.live;  // by default a shot shows one deterministic frame of the demo
  for (const auto& [name, value] : o.view.flags)
    if (!pattern_flags()[name].owners.count(o.view.pattern.pattern))
      throw InvalidInput((name == "file" ? std::string("FILE") : name) + ": the " + o.view.pattern.pattern +
                         " view has no such option");
  ViewOptions view = o.view;
  view.hovered = !o.hover.empty();
  s.with_shown([&](auto app, auto& u) { decltype(app)::set_view(view, u); });
  return s;
}

// --scene FILE: the scene `file` sets the pattern, its parameters, the data, the view and the
// pointer; the command's own options say only how to render it (and --backend, where it runs).
UiState scene_state(const HeadlessCli& o, const CLI::App& cmd, const std::string& file) {
  std::vector<std::string> sets = {"--pattern", "--strategy", "--radius", "--tile", "--filter",
                                   "--break",   "--hover",    "--zoom",   "--step", "--compare"};
  for (const auto& [name, flag] : pattern_flags()) sets.push_back(name);
  for (const std::string& name : sets) {
    const CLI::Option* option = cmd.get_option_no_throw(name);
    if (option && option->count() > 0)
      throw InvalidInput("--scene sets what " + name + " would; give one or the other");
  }
  UiState s = load_scene(file);
  if (cmd.get_option("--backend")->count() > 0) s.backend = o.view.pattern.backend;
  s.presentation = s.presentation || o.presentation;
  if (o.live) s.paused = false;
  return s;
}

// --compare S1,S2[,S3,S4]: 2-4 strategies of the pattern by name, checked before any context is
// opened; the first is the strategy the options set (and the sidebar shows).
UiState options_state_compared(const HeadlessCli& o, int index) {
  if (o.compare.empty()) return options_state(o, index);
  if (!o.view.pattern.strategy.empty())
    throw InvalidInput("--compare names every strategy shown: give it or --strategy");
  std::vector<std::string> names;
  std::stringstream list(o.compare);
  for (std::string name; std::getline(list, name, ',');) names.push_back(name);
  if (const auto why = compare_problem(index, names)) throw InvalidInput("--compare: " + *why);
  HeadlessCli first = o;
  first.view.pattern.strategy = names.front();
  UiState s = options_state(first, index);
  s.compare = names;
  return s;
}

}  // namespace

void add_headless_options(CLI::App* cmd, HeadlessCli& o) {
  add_pattern_options(cmd, o.view.pattern, Need::radius | Need::filter | Need::backend);
  add_break_option(cmd, o.view.pattern);
  cmd->add_option("--size", o.window_size, "window size WxH")->capture_default_str();
  cmd->add_option("--hover", o.hover, "place the pointer over image pixel X,Y");
  cmd->add_option("--zoom", o.zoom, "screen pixels per image pixel, centred on --hover (default: fit)");
  cmd->add_flag("--presentation", o.presentation, "presentation mode (large type, high contrast)");
  cmd->add_flag("--yes", o.yes, "run even where the settings and frames are estimated to take minutes");
  cmd->add_option("--scene", o.scene, "a scene file (assets/scenes/): the pattern, parameters, data and view");
  // --step's meaning in each pattern's view, the patterns that mean the same thing by it together.
  std::vector<std::pair<std::string, std::string>> steps;  // (patterns, what step N is)
  for_each_pattern([&](auto app) {
    using App = decltype(app);
    const auto same =
        std::find_if(steps.begin(), steps.end(), [](const auto& s) { return s.second == App::kStepHelp; });
    if (same == steps.end())
      steps.emplace_back(pattern_id<App>(), App::kStepHelp);
    else
      same->first += ", " + pattern_id<App>();
  });
  std::string step_help;
  for (const auto& [patterns, help] : steps) step_help += (step_help.empty() ? "" : "; ") + patterns + ": " + help;
  cmd->add_option("--step", o.view.step, step_help);
  cmd->add_option("--compare", o.compare, "S1,S2[,S3,S4]: 2 to 4 strategies of the pattern side by side");
  cmd->add_option("--exercise", o.exercise,
                  "an exercise's id (tilescope exercise list): its question's view, the answer hidden; with --answer, "
                  "the view after the check");
  cmd->add_option("--seed", o.seed, "--exercise: the seed its parameters are drawn from")->capture_default_str();
  cmd->add_option("--answer", o.answer, "--exercise: check this answer (the panel then shows the truth)");
  for (const auto& [name, flag] : pattern_flags()) cmd->add_option(name, o.view.flags[name], flag.help);
}

void headless_window(const HeadlessCli& o, ShotOptions& window) {
  if (!(o.zoom == 0 || (std::isfinite(o.zoom) && o.zoom >= kMinShotZoom && o.zoom <= kMaxShotZoom)))
    throw InvalidInput("--zoom must be 0 (fit) or a number of screen pixels per image pixel within 1/" +
                       std::to_string(int(1 / kMinShotZoom)) + ".." + std::to_string(int(kMaxShotZoom)));
  window.zoom = o.zoom;
  window.live = o.live;
  window.yes = o.yes;
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
  io::refuse_output_equal_to_input(window.out, {o.view.text("file", ""), o.scene});
}

UiState headless_state(const HeadlessCli& o, const CLI::App& cmd, ShotOptions& window, bool tours) {
  if (cmd.get_option("--scene")->count() > 0 && o.scene.empty()) throw InvalidInput("--scene names a scene file");
  UiState state;
  if (!o.exercise.empty()) {
    if (!o.scene.empty()) throw InvalidInput("--exercise sets the view as a scene would; give one or the other");
    state.backend = o.view.pattern.backend;
    state.presentation = o.presentation;
    const std::vector<Exercise> bank = load_exercise_bank(default_exercise_dir());
    start_exercise(state, bank, o.exercise, o.seed);
    if (!o.answer.empty()) check_exercise(state, bank, o.answer);
    if (state.hover) window.hover = state.hover;
    return state;
  }
  if (!o.answer.empty()) throw InvalidInput("--answer checks an --exercise's answer");
  if (o.scene.empty()) {
    const int index = pattern_index(o.view.pattern.pattern);
    if (index < 0)
      throw InvalidInput("the app shows " + std::string(pattern_names()) + "; '" + o.view.pattern.pattern +
                         "' is not in it");
    HeadlessCli given = o;  // the patterns' own options that were given, alone
    for (auto it = given.view.flags.begin(); it != given.view.flags.end();)
      it = cmd.get_option(it->first)->count() > 0 ? std::next(it) : given.view.flags.erase(it);
    state = options_state_compared(given, index);
  } else if (std::error_code ec; tours && std::filesystem::is_directory(o.scene, ec)) {
    window.tour = tour_files(o.scene);
    state = scene_state(o, cmd, window.tour.front());
    for (std::size_t i = 1; i < window.tour.size(); ++i) load_scene(window.tour[i]);  // each refused before any context
    return state;  // no pointer: the tour pins each scene's cell
  } else {
    state = scene_state(o, cmd, o.scene);
  }
  if (state.hover) window.hover = state.hover;  // a scene's hovered cell: the pointer rests on it
  return state;
}

}  // namespace tilescope::cli
