#include "app/conv2d/app_pattern.hpp"

#include "app/cli/params.hpp"

#include "app/io/image_file.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/steps.hpp"

namespace tilescope {
namespace {

// --step N: step N of the block under --hover; every block has the same steps.
void show_step(const cli::ViewOptions& o, Conv2dUi& c) {
  const Conv2dParams& p = c.params;
  auto problem = conv2d_steps_problem(p.strategy);
  if (const auto why = launch_problem(p); why && !problem) problem = "these parameters cannot run: " + *why;
  cli::show_step(o, c.stepper, problem, problem ? 0 : int(conv2d_timeline(p, 0, 0).steps.size()),
                 std::string(strategy_info(p.strategy).name) + " at radius " + std::to_string(p.filter_radius) +
                     ", tile " + std::to_string(p.tile));
}

}  // namespace

void Conv2dApp::read(JsonFields& f, Ui& c, StateFile kind) {
  read_strategy(f, "conv2d", c.params.strategy);
  f.integer("radius", 1, kMaxConv2dRadius, c.params.filter_radius);
  f.integer("tile", 1, max_tile(c.params.strategy), c.params.tile);
  read_filter(f, "filter", named_filter_help(), c.filter, [](const std::string& v) { make_named_filter(v, 1); });
  read_step_and_break(f, c, kind);
}

nlohmann::json Conv2dApp::json(const Ui& c, StateFile kind) {
  return stepped_pattern_json(c, {{"radius", c.params.filter_radius}, {"tile", c.params.tile}, {"filter", c.filter}},
                              kind);
}

void Conv2dApp::read_top_level(JsonFields& f, Ui& c) {
  int view = int(c.view), demo = int(c.demo_scene);
  f.choice("view", view_names(), 4, view);
  c.view = ViewMode(view);
  f.choice("demo", demo_scene_names(), kDemoSceneCount, demo);
  c.demo_scene = DemoScene(demo);
  f.integer("demo_size", 64, 8192, c.demo_size);
}

void Conv2dApp::top_level_json(const Ui& c, nlohmann::json& j) {
  j["view"] = view_name(c.view);
  j["demo"] = demo_scene_names()[int(c.demo_scene)];
  j["demo_size"] = c.demo_size;
}

std::vector<cli::ViewFlag> Conv2dApp::view_flags() {
  return {{"--view", "input, output, split or diff (default split)"},
          {"--demo", "demo image: mixed, checker, rings or impulses (default mixed)"},
          {"--demo-size", "side of the square demo image (default 1024)"},
          {"file", "image to show instead of the built-in demo"}};
}

void Conv2dApp::set_view(const cli::ViewOptions& o, Ui& c) {
  c.params = cli::params_of<Conv2dApp>(o.pattern);
  cli::check_range("--radius", o.pattern.radius, 1, kMaxConv2dRadius);
  cli::check_range("--tile", o.pattern.tile, 1, max_tile(c.params.strategy));
  if (!o.pattern.filter.empty()) c.filter = o.pattern.filter;
  make_named_filter(c.filter, 1);  // refuse an unknown name before opening any context
  c.bug = cli::view_break(o, c.params.strategy);
  if (o.step) show_step(o, c);
  c.view = ViewMode(o.choice("--view", view_names(), 4, int(c.view)));
  if (const std::string file = o.text("file", ""); !file.empty()) {
    io::load_image(file);  // a missing, unreadable or corrupt FILE stops the shot (exit 2), nothing written
    open_file(c, file);
  }
  c.demo_size = o.integer("--demo-size", 16, cli::kMaxShotDemoSize, c.demo_size);
  c.demo_scene = DemoScene(o.choice("--demo", demo_scene_names(), kDemoSceneCount, int(c.demo_scene)));
}

}  // namespace tilescope
