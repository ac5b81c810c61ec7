#pragma once
// stencil3d as the app's shell sees it (app/shell/pattern_table.hpp): its settings, their fields in a
// state file, its view options for shot and record, the compare set `c` shows, and its view.
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "app/cli/view_options.hpp"
#include "app/stencil3d/cli.hpp"
#include "app/stencil3d/ui.hpp"
#include "app/ui/json_fields.hpp"
#include "app/ui/pattern_defaults.hpp"
#include "app/ui/pattern_json.hpp"
#include "app/ui/strategy_switch.hpp"

namespace tilescope {

struct FrameWork;

class PatternView;

struct Stencil3dApp : cli::Stencil3dCli, PatternDefaults {
  using Ui = Stencil3dUi;
  static const char* label() { return "3D stencil: heat diffusion (PMPP ch 8)"; }
  static void read(JsonFields& f, Ui& u, StateFile kind);
  static nlohmann::json json(const Ui& u, StateFile kind);
  static std::vector<cli::ViewFlag> view_flags();
  // The view options into `u`; throws InvalidInput (one line) before any context is opened.
  static void set_view(const cli::ViewOptions& o, Ui& u);
  static std::vector<std::string> default_compare() { return {"basic", "tiled", "coarsened", "register_tiled"}; }
  static bool broken_on_purpose(const Ui& u) { return u.bug != Break::none; }
  static Stepper* stepper(Ui& u) { return &u.stepper; }
  static std::unique_ptr<PatternView> make_view(CommonState& s, Ui& u);  // defined with the view (view.cpp)
  // What a frame of these settings asks of the machine (frame_work.cpp; app/ui/frame_cost.hpp).
  static FrameWork frame_work(const Ui& u);
};

}  // namespace tilescope
