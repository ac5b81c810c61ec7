#pragma once
// matmul as the app's shell sees it (app/shell/pattern_table.hpp): its settings, their fields in a
// state file, its view options for shot and record, the compare set `c` shows, and its view.
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "app/cli/view_options.hpp"
#include "app/matmul/cli.hpp"
#include "app/matmul/ui.hpp"
#include "app/ui/json_fields.hpp"
#include "app/ui/pattern_defaults.hpp"
#include "app/ui/pattern_json.hpp"
#include "app/ui/strategy_switch.hpp"

namespace tilescope {

struct FrameWork;

class PatternView;

struct MatmulApp : cli::MatmulCli, PatternDefaults {
  using Ui = MatmulUi;
  static const char* label() { return "Tiled matrix multiplication (PMPP ch 5)"; }
  static void read(JsonFields& f, Ui& u, StateFile kind);
  static nlohmann::json json(const Ui& u, StateFile kind);
  static constexpr const char* kStepHelp = "the phase stepper's step: 0 load, 1 barrier 1, 2 multiply, 3 barrier 2";
  static std::vector<cli::ViewFlag> view_flags();
  // The view options into `u`; throws InvalidInput (one line) before any context is opened.
  static void set_view(const cli::ViewOptions& o, Ui& u);
  static std::vector<std::string> default_compare() { return {"naive", "tiled"}; }
  // Leaving a barrier out is shown as the kernel would compute it, not run: nothing to keep on screen.
  static bool broken_on_purpose(const Ui&) { return false; }
  static Stepper* stepper(Ui&) { return nullptr; }                       // the phase stepper instead: > steps it
  static std::unique_ptr<PatternView> make_view(CommonState& s, Ui& u);  // defined with the view (view.cpp)
  // What a frame of these settings asks of the machine (frame_work.cpp; app/ui/frame_cost.hpp).
  static FrameWork frame_work(const Ui& u);
};

}  // namespace tilescope
