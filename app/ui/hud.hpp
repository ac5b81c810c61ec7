#pragma once
// The lecture HUD: the numbers a lecture is about, over the top-left corner of the view (toggle
// h): the strategy and its book figure, OP/B as the book models it, as counted exactly and (CUDA)
// as measured from DRAM, the kernel's time, its effective bandwidth and the share of a copy of the
// same bytes it reaches.
// It is set in the app's font, so presentation mode makes it legible from the back of the room.
#include <algorithm>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "app/ui/copy_ceiling.hpp"
#include "app/ui/timing.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/counters.hpp"

namespace tilescope {

struct HudFigures {
  std::string strategy, book_ref;
  std::string id;       // the strategy's command-line name, e.g. "tiled_in" (a compare pane's compact HUD)
  std::string problem;  // why the parameters cannot run (then there are no figures)
  double opb_model = 0, opb_counted = 0;
  double flops = 0;  // counted, the whole launch
  int steps = 0;     // time steps one launch advances (time_steps); 0: the pattern does not step in time
  // The GPU's counters for one launch of this strategy at these parameters (app/ui/traffic_meter.hpp),
  // or why there are none.
  std::optional<MemoryCounters> measured;
  std::string measured_why;
  double kernel_ms = 0;  // one launch, or one time step of it (steps > 0); 0 until one was timed
  double gbs = 0;        // compulsory bytes (read + write the data once) / kernel_ms
  double gflops = 0;     // counted flops / the launch's time
  double copy_ms = 0;    // a copy of the compulsory bytes on the same backend
  std::string timed_by;  // how kernel_ms was taken (kernel_timed_by)
};

// The time steps one launch of p advances: p.steps where the pattern's parameters have them, else 0.
template <typename Params, typename = void>
struct TimeSteps {
  static int of(const Params&) { return 0; }
};
template <typename Params>
struct TimeSteps<Params, std::void_t<decltype(std::declval<Params>().steps)>> {
  static int of(const Params& p) { return p.steps; }
};
template <typename Params>
int time_steps(const Params& p) {
  return TimeSteps<Params>::of(p);
}

// The figures of the launch `p`, timed at launch_ms on `backend` (any pattern's Params): one run's time,
// or the median of `runs` runs.
template <typename Params>
HudFigures hud_figures(const Params& p, double launch_ms, const Backend& backend, int runs = 1) {
  const auto& info = strategy_info(p.strategy);
  HudFigures f;
  f.strategy = info.display_name;
  f.book_ref = info.book_ref;
  f.id = info.name;
  f.timed_by = kernel_timed_by(backend, runs);
  if (const auto why = launch_problem(p, backend.limits())) {
    f.problem = *why;
    return f;
  }
  const auto count = exact_traffic(p);
  f.opb_model = book_model(p).opb_model;
  f.opb_counted = count.opb();
  f.flops = double(count.flops);
  f.steps = time_steps(p);
  if (launch_ms > 0) {
    f.kernel_ms = launch_ms / std::max(f.steps, 1);
    f.gbs = compulsory_bytes(p) / f.kernel_ms * 1e-6;
    f.gflops = double(count.flops) / launch_ms * 1e-6;
    f.copy_ms = copy_ceiling_ms(backend, compulsory_bytes(p));
  }
  return f;
}

// The ladder's figures of `p` (app/ui/ladder.hpp): timed by one `launch()` (ms) when `time` is
// asked and p can run on `backend`, else the model's alone.
template <typename Params, typename Launch>
HudFigures ladder_figures(const Params& p, const Backend& backend, bool time, Launch&& launch) {
  const bool runs = time && !launch_problem(p, backend.limits());
  return hud_figures(p, runs ? launch() : 0.0, backend);
}

// Draws the HUD inside `view`, `below` screen pixels under its top edge (past a view's own title);
// `pane`: which compare pane's (each has its own window), whose HUD is compact: three lines as wide
// as the pane allows (the strategy by name and its figure; OP/B; time and share of a copy), so that
// in a 2 x 2 grid in presentation mode it leaves the pane's data in view. Returns the HUD's rectangle.
Rect draw_hud(const Rect& view, float below, const HudFigures& f, int pane = -1);
// The start of every HUD window's name (the pane's number follows).
inline constexpr const char* kHudWindowPrefix = "##hud";

// The height draw_hud gives f's HUD in `view` in the current style, its wrapped lines counted: a
// view that lays out its data below it keeps this much free under its title.
float hud_height(const Rect& view, const HudFigures& f);

}  // namespace tilescope
