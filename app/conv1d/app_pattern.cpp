#include "app/conv1d/app_pattern.hpp"

#include "app/cli/params.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/filter.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/steps.hpp"

namespace tilescope {

void Conv1dApp::read(JsonFields& f, Ui& c, StateFile kind) {
  read_strategy(f, "conv1d", c.params.strategy);
  f.integer("radius", 1, kMaxConv1dRadius, c.params.filter_radius);
  f.integer("tile", kMinConv1dTile, kMaxConv1dTile, c.params.tile);
  f.integer("length", kMinSignal, kMaxSignal, c.params.length);
  read_filter(f, "filter", named_filter1d_help(), c.filter, [](const std::string& v) { make_named_filter1d(v, 1); });
  read_step_and_break(f, c, kind);
}

nlohmann::json Conv1dApp::json(const Ui& c, StateFile kind) {
  return stepped_pattern_json(
      c,
      {{"radius", c.params.filter_radius}, {"tile", c.params.tile}, {"length", c.params.length}, {"filter", c.filter}},
      kind);
}

std::vector<cli::ViewFlag> Conv1dApp::view_flags() {
  static const std::string help =
      "the signal's length N, " + std::to_string(kMinSignal) + ".." + std::to_string(kMaxSignal);
  return {{"--data", help.c_str()}};
}

void Conv1dApp::set_view(const cli::ViewOptions& o, Ui& c) {
  cli::PatternOptions options = o.pattern;
  options.size = o.text("--data", "");
  c.params = cli::params_of<Conv1dApp>(options, c.params);
  cli::check_range("--radius", o.pattern.radius, 1, kMaxConv1dRadius);
  cli::check_range("--tile", o.pattern.tile, kMinConv1dTile, kMaxConv1dTile);
  if (!options.size.empty()) cli::check_range("--data", c.params.length, kMinSignal, kMaxSignal);
  if (!o.pattern.filter.empty()) c.filter = o.pattern.filter;
  make_named_filter1d(c.filter, 1);  // refuse an unknown name before opening any context
  c.bug = cli::view_break(o, c.params.strategy);
  clamp(c);
  if (!o.step) return;
  // Every block has the same steps.
  const Conv1dParams& p = c.params;
  auto problem = conv1d_steps_problem(p.strategy);
  if (const auto why = launch_problem(p); why && !problem) problem = "these parameters cannot run: " + *why;
  cli::show_step(o, c.stepper, problem, problem ? 0 : int(conv1d_timeline(p, 0).steps.size()),
                 std::string(strategy_info(p.strategy).name) + " at radius " + std::to_string(p.filter_radius) +
                     ", block " + std::to_string(p.tile));
}

}  // namespace tilescope
