#include "app/matmul/app_pattern.hpp"

#include "app/cli/params.hpp"

#include <climits>

#include "kernels/matmul/broken.hpp"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"

namespace tilescope {

void MatmulApp::read(JsonFields& f, Ui& m, StateFile) {
  read_strategy(f, "matmul", m.params.strategy);
  const bool fast = m.params.strategy == MatmulStrategy::fast;  // its tile: its block tile's width, 128 or 256
  f.integer("tile", fast ? kMatmulFastNarrowTile : kMinMatmulTile, fast ? kMatmulFastWideTile : kMaxMatmulTile,
            m.params.tile);
  f.integer("rows", 1, kMaxViewSide, m.params.rows);
  f.integer("inner", 1, kMaxViewSide, m.params.inner);
  f.integer("cols", 1, kMaxViewSide, m.params.cols);
  f.integer("phase", 0, kMaxViewSide - 1, m.phase);
  f.integer("step", 0, kMatmulSteps - 1, m.step);
  int missing = int(m.missing);
  f.choice("without", missing_barrier_names(), 3, missing);
  m.missing = MissingBarrier(missing);
  int seed = int(m.seed);
  f.integer("seed", 0, INT_MAX, seed);
  m.seed = unsigned(seed);
}

nlohmann::json MatmulApp::json(const Ui& m, StateFile) {
  return {{"strategy", strategy_info(m.params.strategy).name},
          {"tile", m.params.tile},
          {"rows", m.params.rows},
          {"inner", m.params.inner},
          {"cols", m.params.cols},
          {"phase", m.phase},
          {"step", m.step},
          {"without", missing_barrier_names()[int(m.missing)]},
          {"seed", m.seed}};
}

std::vector<cli::ViewFlag> MatmulApp::view_flags() {
  return {{"--data", "MxKxN (M is MxK, N is KxN), each side 1..96"},
          {"--phase", "the phase the stepper shows (default 0)"},
          {"--without", "the barrier left out: none, raw or war (default none)"}};
}

void MatmulApp::set_view(const cli::ViewOptions& o, Ui& m) {
  cli::PatternOptions options = o.pattern;
  options.size = o.text("--data", "");
  m.params = cli::params_of<MatmulApp>(options, m.params);
  if (!options.size.empty())
    for (const int side : {m.params.rows, m.params.inner, m.params.cols})
      cli::check_range("--data's sides", side, 1, kMaxViewSide);
  if (options.tile)  // a --tile the strategy does not have is refused, not clamped
    if (auto problem = tile_problem(m.params)) throw InvalidInput(*problem);
  m.missing = MissingBarrier(o.choice("--without", missing_barrier_names(), 3, int(m.missing)));
  const int step = o.step.value_or(0);
  if (step < 0 || step >= kMatmulSteps) throw InvalidInput("--step takes 0 (load) .. 3 (barrier 2)");
  if (const Break bug = cli::view_break(o, m.params.strategy); bug != Break::none) {  // barrier 1 left out
    if (bug != Break::no_barrier)
      throw InvalidInput("--break " + o.pattern.bug +
                         ": the matmul view shows no_barrier; apply --break writes the others");
    m.missing = MissingBarrier::read_after_write;
  }
  m.phase = o.integer("--phase", 0, tiling_of(m.params).phases(m.params.inner) - 1, 0), m.step = step;
  clamp(m);
}

}  // namespace tilescope
