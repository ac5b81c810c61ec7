#include "app/stencil3d/app_pattern.hpp"

#include "app/cli/params.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/steps.hpp"

namespace tilescope {

void Stencil3dApp::read(JsonFields& f, Ui& st, StateFile kind) {
  read_strategy(f, "stencil3d", st.params.strategy);
  f.integer("order", 1, kMaxStencil3dRadius, st.params.order);
  f.integer("tile", 1, tile_range({Stencil3dStrategy::temporal}).second, st.params.tile);  // then clamp's range
  read_filter(f, "coeffs", named_stencil_help(), st.coeffs, [](const std::string& v) { make_named_stencil(v, 1); });
  int grid = st.grid;
  f.integer("grid", 0, kMaxStencil3dGrid, grid);
  if (grid != 0 && grid < kMinStencil3dGrid)
    f.warn("grid", "0 (the backend's choice) or " + std::to_string(kMinStencil3dGrid) + ".." +
                       std::to_string(kMaxStencil3dGrid));
  else
    st.grid = grid;
  f.integer("slice", -1, kMaxStencil3dGrid - 1, st.slice);
  f.integer("steps", 1, kMaxStepsPerFrame, st.iterations);
  read_step_and_break(f, st, kind);
}

nlohmann::json Stencil3dApp::json(const Ui& st, StateFile kind) {
  return stepped_pattern_json(st,
                              {{"order", st.params.order},
                               {"tile", st.params.tile},
                               {"coeffs", st.coeffs},
                               {"grid", st.grid},
                               {"slice", st.slice},
                               {"steps", st.iterations}},
                              kind);
}

std::vector<cli::ViewFlag> Stencil3dApp::view_flags() {
  return {{"--grid", "side of the cubic grid, 16..512 (default: 128 on a GPU, 64 on the CPU)"},
          {"--slice", "the z slice shown, 0..grid-1 (default: the middle)"},
          {"--steps", "stencil steps per frame, 1..64 (default 4), in launches of up to 8 (temporal fuses each)"}};
}

void Stencil3dApp::set_view(const cli::ViewOptions& o, Ui& st) {
  st.params = cli::params_of<Stencil3dApp>(o.pattern);
  cli::check_range("--radius", o.pattern.radius, 1, kMaxStencil3dRadius);
  const auto [lo, hi] = tile_range(st.params);
  cli::check_range("--tile", o.pattern.tile, lo, hi);
  if (!o.pattern.filter.empty()) st.coeffs = o.pattern.filter;
  make_named_stencil(st.coeffs, st.params.order);  // refuse an unknown name before opening any context
  st.grid = o.integer("--grid", kMinStencil3dGrid, kMaxStencil3dGrid, 0);
  st.slice = o.integer("--slice", 0, (st.grid ? st.grid : kMaxStencil3dGrid) - 1, -1);
  st.iterations = o.integer("--steps", 1, kMaxStepsPerFrame, st.iterations);
  st.bug = cli::view_break(o, st.params.strategy);
  clamp(st);
  validate_launch(st.params);
  if (!o.step) return;
  // The bound is an interior block's steps; a block at the grid's far z edge, whose march stops
  // early, shows its last step for a larger N.
  const Stencil3dParams& p = st.params;
  const auto problem = stencil3d_steps_problem(p.strategy);
  cli::show_step(o, st.stepper, problem, problem ? 0 : int(stencil3d_timeline(p, 0, 0, 0).steps.size()),
                 std::string(strategy_info(p.strategy).name) + " at order " + std::to_string(p.order) + ", tile " +
                     std::to_string(p.tile));
}

}  // namespace tilescope
