#pragma once
// conv1d as the app's shell sees it (app/shell/pattern_table.hpp): its settings, their fields in a
// state file, its view options for shot and record, the compare set `c` shows, and its view.
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "app/cli/view_options.hpp"
#include "app/conv1d/cli.hpp"
#include "app/conv1d/ui.hpp"
#include "app/ui/json_fields.hpp"
#include "app/ui/pattern_defaults.hpp"
#include "app/ui/pattern_json.hpp"
#include "app/ui/strategy_switch.hpp"

namespace tilescope {

struct FrameWork;

class PatternView;

struct Conv1dApp : cli::Conv1dCli, PatternDefaults {
  using Ui = Conv1dUi;
  static const char* label() { return "1D convolution (PMPP ch 7)"; }
  static void read(JsonFields& f, Ui& u, StateFile kind);
  static nlohmann::json json(const Ui& u, StateFile kind);
  static std::vector<cli::ViewFlag> view_flags();
  // The view options into `u`; throws InvalidInput (one line) before any context is opened.
  static void set_view(const cli::ViewOptions& o, Ui& u);
  static std::vector<std::string> default_compare() { return {"basic", "const_mem", "tiled", "cached_halo"}; }
  static bool broken_on_purpose(const Ui& u) { return u.bug != Break::none; }
  static Stepper* stepper(Ui& u) { return &u.stepper; }
  static std::unique_ptr<PatternView> make_view(CommonState& s, Ui& u);  // defined with the view (view.cpp)
  // What a frame of these settings asks of the machine (frame_work.cpp; app/ui/frame_cost.hpp).
  static FrameWork frame_work(const Ui& u);
};

}  // namespace tilescope
