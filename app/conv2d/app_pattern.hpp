#pragma once
// conv2d as the app's shell sees it (app/shell/pattern_table.hpp): its settings, their fields in a
// state file, its view options for shot and record, the compare set `c` shows, and its view.
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "app/cli/view_options.hpp"
#include "app/conv2d/cli.hpp"
#include "app/conv2d/ui.hpp"
#include "app/ui/json_fields.hpp"
#include "app/ui/pattern_defaults.hpp"
#include "app/ui/pattern_json.hpp"
#include "app/ui/strategy_switch.hpp"

namespace tilescope {

struct FrameWork;

class PatternView;

struct Conv2dApp : cli::Conv2dCli, PatternDefaults {
  using Ui = Conv2dUi;
  static const char* label() { return "2D convolution (PMPP ch 7)"; }
  static constexpr bool kFlatBeforeVersion1 = true;  // settings.json before version 1: strategy, radius, ... at the top
  static void read(JsonFields& f, Ui& c, StateFile kind);
  static nlohmann::json json(const Ui& c, StateFile kind);
  // "view", "demo" and "demo_size" stay at the top of the file, where they were before the patterns.
  static void read_top_level(JsonFields& f, Ui& c);
  static void top_level_json(const Ui& c, nlohmann::json& j);
  static std::vector<cli::ViewFlag> view_flags();
  // The view options into `c`; throws InvalidInput (one line) before any context is opened.
  static void set_view(const cli::ViewOptions& o, Ui& c);
  static std::vector<std::string> default_compare() { return {"basic", "tiled_in", "tiled_out", "cached_halo"}; }
  static bool broken_on_purpose(const Ui& c) { return c.bug != Break::none; }
  static Stepper* stepper(Ui& c) { return &c.stepper; }
  // The app's FILE and a dropped file: an image to show instead of the demo (the view loads it).
  static constexpr bool kOpensFiles = true;
  static void open_file(Ui& c, const std::string& path) { c.source = SourceKind::file, c.file_path = path; }
  static std::unique_ptr<PatternView> make_view(CommonState& s, Ui& c);  // defined with the view (view.cpp)
  // What a frame of these settings asks of the machine (frame_work.cpp; app/ui/frame_cost.hpp).
  static FrameWork frame_work(const Ui& u);
};

}  // namespace tilescope
