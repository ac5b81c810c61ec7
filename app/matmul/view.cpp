#include "app/matmul/view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "app/matmul/app_pattern.hpp"
#include "app/matmul/cli.hpp"
#include "app/matmul/panels.hpp"
#include "app/ui/hud.hpp"
#include "app/ui/inspector.hpp"
#include "app/ui/memory_chart.hpp"
#include "app/ui/view_input.hpp"
#include "app/ui/widgets.hpp"
#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/pattern.hpp"
#include "kernels/matmul/phases.hpp"
#include "kernels/matmul/reference.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope {
namespace {
// The most of the view's width kept free at the right for the inspector and the legend.
constexpr float kMostRight = 0.45f;

// Grey scale: dark = most negative, light = most positive, so the coloured outlines stand out.
ImU32 grey(float v, float range) {
  if (std::isnan(v)) return IM_COL32(0, 0, 0, 255);  // a sum that read a slot nobody stored yet (no barrier)
  const int level = int(30 + 200 * std::clamp((v / range + 1) / 2, 0.0f, 1.0f));
  return IM_COL32(level, level, level, 255);
}

}  // namespace

MatmulView::MatmulView(CommonState& state, MatmulUi& ui)
    : PatternView(state), ui_(ui), compute_(state.backend, &MatmulPattern::make_engine) {}

void MatmulView::load_file(const std::string&) {
  stats_.status =
      "to multiply matrices from files: tilescope apply --pattern matmul --in A.npy --in2 B.npy --out C.npy";
}

MatmulView::Layout MatmulView::layout() const {
  const MatmulParams& p = ui_.params;
  Layout l;
  const float font = ImGui::GetFontSize();
  l.zoom = std::max(1, 8 / p.tile);
  l.shared = p.strategy == MatmulStrategy::tiled ? p.tile * l.zoom : 0;
  const int shared = l.shared, top = std::max(p.inner, shared);
  // The right side stays free for the inspector and the legend, which float there (the legend below P's
  // lower right corner); the top for the HUD.
  const float hud_h = state_.overlays.hud ? hud_height(view_, hud_measured()) : 0.0f;
  // (at most kMostRight of a small window's view: there the windows cover what they must)
  const float inspector = state_.overlays.inspector ? inspector_width() + 2 * kWindowInset : 0.0f;
  const float legend = state_.overlays.legend ? legend_width() + 2 * kWindowInset : 0.0f;
  const float free_right = std::clamp(std::max(inspector, legend), 0.26f * view_.w, kMostRight * view_.w);
  // Above the matrices: the phase title, the HUD (its top 2.5 em down) and N's label (1.3 em above N);
  // below them 1.5 em.
  const float above = 4 * font + hud_h, room = view_.h - above - 1.5f * font;
  auto fit = [&] {  // the cell size for the current gaps; returns the height in cells
    const int wide = p.inner + l.gap + p.cols + l.gap + shared, high = top + l.gap + std::max(p.rows, shared);
    l.cell = std::min((view_.w - free_right - font) / wide, room / high);
    return high;
  };
  fit();
  l.gap = std::max(2, int(std::ceil(1.6f * font / l.cell)));  // a gap holds a line of text
  const int high = fit();
  l.x0 = view_.x + font;
  l.y0 = view_.y + above + (room - high * l.cell) / 2;
  return l;
}

Vec2 MatmulView::point_at(Vec2 element, float) {
  const Layout l = layout();
  const MatmulParams& p = ui_.params;
  return l.at(p.inner + l.gap + element.x, std::max(p.inner, l.shared) + l.gap + element.y);
}

void MatmulView::step(const Rect& view, double) {
  view_ = view;
  clamp(ui_);
  handle_input();
  compute();
}

void MatmulView::handle_input() {
  if (!mouse_) return;
  ImGuiIO& io = ImGui::GetIO();
  const MatmulParams& p = ui_.params;
  const Layout l = layout();
  const Vec2 origin = point_at({0, 0}, 0);
  const int col = cell_of((io.MousePos.x - origin.x) / l.cell, p.cols),
            row = cell_of((io.MousePos.y - origin.y) / l.cell, p.rows);
  const bool on_p = !io.WantCaptureMouse && in_range(col, p.cols) && in_range(row, p.rows);
  state_.hover = hover_after(on_p ? std::optional<Pixel>(Pixel{col, row}) : std::nullopt, state_.hover);
  if (on_p && ImGui::IsMouseReleased(ImGuiMouseButton_Left))
    state_.pinned = state_.pinned ? std::nullopt : state_.hover;
}

void MatmulView::compute() {
  MatmulUi& m = ui_;
  if (follow_backend(compute_)) dirty_ = true;
  const bool matrices_changed = m.seed != last_seed_ || m.params.rows != last_params_.rows ||
                                m.params.inner != last_params_.inner || m.params.cols != last_params_.cols ||
                                run_.M.empty();
  if (matrices_changed) {
    std::mt19937 rng(m.seed);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    run_.M.resize(std::size_t(m.params.rows) * m.params.inner);
    run_.N.resize(std::size_t(m.params.inner) * m.params.cols);
    for (float& v : run_.M) v = uniform(rng);
    for (float& v : run_.N) v = uniform(rng);
    run_.reference.resize(std::size_t(m.params.rows) * m.params.cols);
    matmul_cpu(run_.M.data(), run_.N.data(), run_.reference.data(), m.params.rows, m.params.inner, m.params.cols);
    run_.tolerance = matmul_tolerance(m.params.inner, 1.0f, 1.0f);
  }
  const bool run = dirty_ || matrices_changed || !(m.params == last_params_) || m.missing != last_missing_ ||
                   !state_.paused || state_.step_once;
  state_.step_once = false;
  if (!run) return;
  dirty_ = false;
  new_launch(m.params, launched_);
  last_params_ = m.params, last_seed_ = m.seed, last_missing_ = m.missing;
  run_.problem = launch_problem(m.params, compute_.engine().limits()).value_or("");
  if (!run_.problem.empty()) return;
  run_.P.resize(run_.reference.size());
  const double ms = compute_.run(
      [&](MatmulEngine& e) { return e.matmul(m.params, run_.M.data(), run_.N.data(), run_.P.data()).front(); });
  stats_.add_kernel_ms(ms, backend().name());
  run_.max_abs_error = max_abs_error(run_.P.data(), run_.reference.data(), run_.P.size());
  run_.library_name = compute_.engine().library_name();
  run_.library_ms = compute_.run([&](MatmulEngine& e) { return e.run_library(); });
  run_.P_library.clear();
  if (run_.library_ms) {
    run_.P_library.resize(run_.P.size());
    compute_.engine().read_output(run_.P_library.data());
    run_.library_error = max_abs_error(run_.P_library.data(), run_.reference.data(), run_.P_library.size());
  }
  run_.P_missing.clear();
  run_.wrong_without_barrier = 0;
  if (m.missing != MissingBarrier::none && m.params.strategy == MatmulStrategy::tiled) {
    if (m.missing == MissingBarrier::read_after_write) {  // the broken kernel every pattern shares, on the backend
      run_.P_missing.resize(run_.P.size());
      compute_.run([&](MatmulEngine& e) {
        return e.matmul_broken(m.params, Break::no_barrier, run_.M.data(), run_.N.data(), run_.P_missing.data());
      });
    } else {
      run_.P_missing = tiled_product(m.params, run_.M.data(), run_.N.data(), true);
    }
    for (std::size_t i = 0; i < run_.P_missing.size(); ++i)
      run_.wrong_without_barrier += !(std::fabs(run_.P_missing[i] - run_.reference[i]) <= run_.tolerance);
  }
  stats_.transfer = "host upload and read-back (small matrices)";
}

void MatmulView::draw(float, float, float) {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const MatmulUi& m = ui_;
  const MatmulParams& p = m.params;
  const float font = ImGui::GetFontSize(), line = state_.presentation ? 3.5f : 2.5f;
  dl->PushClipRect({view_.x, view_.y}, {view_.x + view_.w, view_.y + view_.h}, true);
  if (!run_.problem.empty() || run_.P.size() != run_.reference.size()) {
    dl->AddText({view_.x + font, view_.y + font}, IM_COL32(255, 120, 90, 255), ("cannot run: " + run_.problem).c_str());
    dl->PopClipRect();
    return;
  }
  const Layout l = layout();
  const int shared = l.shared, top = std::max(p.inner, shared);
  // Cell-grid origins of the five arrays (x, y in cells); Mds and Nds are `l.zoom` times larger.
  const Vec2 at_N{float(p.inner + l.gap), float(top - p.inner)}, at_M{0, float(top + l.gap)};
  const Vec2 at_P{float(p.inner + l.gap), float(top + l.gap)};
  const Vec2 at_Nds{float(p.inner + p.cols + 2 * l.gap), float(top - shared)}, at_Mds{at_Nds.x, at_P.y};
  auto rect = [&](Vec2 at, float x0, float y0, float x1, float y1) {
    const float z = (at.x == at_Nds.x) ? float(l.zoom) : 1.0f;
    const Vec2 a = l.at(at.x + z * x0, at.y + z * y0), b = l.at(at.x + z * x1, at.y + z * y1);
    return std::pair<ImVec2, ImVec2>{{a.x, a.y}, {b.x, b.y}};
  };
  auto outline = [&](Vec2 at, float x0, float y0, float x1, float y1, ImU32 c, float w) {
    const auto [a, b] = rect(at, x0, y0, x1, y1);
    dl->AddRect(a, b, c, 0, 0, w);
  };
  auto heat = [&](Vec2 at, int w, int h, const float* v, float range) {
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const auto [a, b] = rect(at, x, y, x + 1, y + 1);
        dl->AddRectFilled(a, b, grey(v[y * w + x], range));
      }
  };
  auto label = [&](Vec2 at, const char* text) {
    const Vec2 s = l.at(at.x, at.y);
    dl->AddText({s.x, s.y - 1.3f * font}, IM_COL32(230, 230, 230, 255), text);
  };

  const bool missing = !run_.P_missing.empty();
  const std::vector<float>& shown = missing ? run_.P_missing : run_.P;
  float p_range = 1e-6f;
  for (float v : run_.reference) p_range = std::max(p_range, std::fabs(v));
  heat(at_M, p.inner, p.rows, run_.M.data(), 1.0f);
  heat(at_N, p.cols, p.inner, run_.N.data(), 1.0f);
  heat(at_P, p.cols, p.rows, shown.data(), p_range);
  label(at_M, "M");
  label(at_N, "N");
  label(at_P,
        missing ? (m.missing == MissingBarrier::read_after_write ? "P, no barrier 1" : "P, no barrier 2") : "P = M N");
  if (missing)  // the elements the race gets wrong, crossed
    for (int y = 0; y < p.rows; ++y)
      for (int x = 0; x < p.cols; ++x)
        if (!(std::fabs(run_.P_missing[y * p.cols + x] - run_.reference[y * p.cols + x]) <= run_.tolerance)) {
          const auto [a, b] = rect(at_P, x + 0.2f, y + 0.2f, x + 0.8f, y + 0.8f);
          for (const auto& [colour, width] :
               {std::pair{IM_COL32(0, 0, 0, 255), 3.5f}, {palette::kWrongElement.rgba, 1.5f}}) {
            dl->AddLine(a, b, colour, width);  // white on a black edge: visible on light and dark cells
            dl->AddLine({a.x, b.y}, {b.x, a.y}, colour, width);
          }
        }

  const auto focus = focus_pixel(state_);
  if (focus && in_range(focus->x, p.cols) && in_range(focus->y, p.rows)) {
    const MatmulTiling g = tiling_of(p);
    const int col = focus->x, row = focus->y, bx = g.block_col(col), by = g.block_row(row);
    const int r0 = g.row_of(by, 0), c0 = g.col_of(bx, 0);
    const int r1 = std::min(g.row_tile_end(row), p.rows), c1 = std::min(g.col_tile_end(col), p.cols);
    outline(at_M, 0, r0, p.inner, r1, palette::kStrip.rgba, line);  // the block's strips
    outline(at_N, c0, 0, c1, p.inner, palette::kStrip.rgba, line);
    outline(at_P, c0, r0, c1, r1, palette::kOutputTile.rgba, line + 1);
    if (p.strategy == MatmulStrategy::tiled) {
      const int k0 = g.phase_k(m.phase, 0);
      // This phase's tiles, the parts past the matrices' edges hatched (zeros, no load).
      auto tile = [&](Vec2 at, int x0, int y0, int w, int h, ImU32 c) {
        // Drawn up to just short of the gap beyond the matrix, so it never covers its neighbour.
        const float right = std::min(float(x0 + p.tile), w + l.gap - 0.5f);
        const float bottom = std::min(float(y0 + p.tile), h + l.gap - 0.5f);
        const auto [a, b] = rect(at, x0, y0, right, bottom);
        dl->AddRectFilled(a, b, with_alpha(c, 50));
        const auto [right_a, right_b] = rect(at, std::max(x0, w), y0, right, bottom);
        const auto [below_a, below_b] = rect(at, x0, std::max(y0, h), std::min(x0 + p.tile, w), bottom);
        hatch_screen(dl, right_a, right_b, palette::kTilePadding.rgba);
        hatch_screen(dl, below_a, below_b, palette::kTilePadding.rgba);
        dl->AddRect(a, b, c, 0, 0, line + 1);
      };
      tile(at_M, k0, r0, p.inner, p.rows, palette::kMdsTile.rgba);
      tile(at_N, c0, k0, p.cols, p.inner, palette::kNdsTile.rgba);
      // Mds and Nds themselves: what this block's shared memory holds in the phase.
      std::vector<float> mds(std::size_t(p.tile) * p.tile), nds(mds.size());
      for (int ty = 0; ty < p.tile; ++ty)
        for (int k = 0; k < p.tile; ++k) {
          mds[ty * p.tile + k] = staged_m(p, run_.M.data(), r0 + ty, m.phase, k);
          nds[k * p.tile + ty] = staged_n(p, run_.N.data(), m.phase, k, c0 + ty);
        }
      const bool loaded = m.step > 0;
      if (loaded) heat(at_Mds, p.tile, p.tile, mds.data(), 1.0f), heat(at_Nds, p.tile, p.tile, nds.data(), 1.0f);
      outline(at_Mds, 0, 0, p.tile, p.tile, palette::kMdsTile.rgba, line + 1);
      outline(at_Nds, 0, 0, p.tile, p.tile, palette::kNdsTile.rgba, line + 1);
      label(at_Mds, loaded ? "Mds" : "Mds: loading");
      label(at_Nds, loaded ? "Nds" : "Nds: loading");
      if (m.step == 2) {  // the hovered thread multiplies its row of Mds by its column of Nds
        const int ty = row - r0, tx = col - c0;
        outline(at_Mds, 0, ty, p.tile, ty + 1, palette::kThreadReads.rgba, line);
        outline(at_Nds, tx, 0, tx + 1, p.tile, palette::kThreadReads.rgba, line);
        outline(at_M, k0, row, k0 + p.tile, row + 1, palette::kThreadReads.rgba, line);
        outline(at_N, col, k0, col + 1, k0 + p.tile, palette::kThreadReads.rgba, line);
      }
      if (m.step == 1 || m.step == 3) {  // a barrier: every thread of the block waits around its tiles
        const Vec2 a = l.at(at_Nds.x - 0.5f, at_Nds.y - 0.5f),
                   b = l.at(at_Mds.x + shared + 0.5f, at_Mds.y + shared + 0.5f);
        dl->AddRect({a.x, a.y - 1.5f * font}, {b.x, b.y}, IM_COL32(255, 255, 255, 255), 0, 0, line + 1);
      }
    } else if (p.strategy == MatmulStrategy::fast) {
      // The hovered thread's warp tile, its 16 x 8 outputs (4 x 4 blocks: four rows of them 16
      // apart, two columns 32 apart), and the 16 rows of M and 8 columns of N that they need.
      const int t = g.fast_thread(row, col);
      const int wr = g.fast_warp_row(by, t), wc = g.fast_warp_col(bx, t), W = kMatmulFastWarpTile;
      outline(at_P, wc, wr, std::min(wc + W, p.cols), std::min(wr + W, p.rows), palette::kThreadWarpTile.rgba, line);
      for (int i = 0; i < kMatmulFastOutputRows; i += 4) {
        const int rq = g.fast_row(by, t, i);
        if (rq >= p.rows) continue;
        outline(at_M, 0, rq, p.inner, std::min(rq + 4, p.rows), palette::kThreadStrips.rgba, line);
        for (int j = 0; j < kMatmulFastOutputCols; j += 4) {
          const int cq = g.fast_col(bx, t, j);
          if (cq >= p.cols) continue;
          const auto [a, b] = rect(at_P, cq, rq, std::min(cq + 4, p.cols), std::min(rq + 4, p.rows));
          dl->AddRectFilled(a, b, with_alpha(palette::kThreadOutputs16x8.rgba, 70));
          dl->AddRect(a, b, palette::kThreadOutputs16x8.rgba, 0, 0, line + 1);
        }
      }
      for (int j = 0; j < kMatmulFastOutputCols; j += 4)
        if (const int cq = g.fast_col(bx, t, j); cq < p.cols)
          outline(at_N, cq, 0, std::min(cq + 4, p.cols), p.inner, palette::kThreadStrips.rgba, line);
    } else {  // naive: the thread walks its whole row of M and column of N in global memory
      outline(at_M, 0, row, p.inner, row + 1, palette::kThreadReadsGlobal.rgba, line);
      outline(at_N, col, 0, col + 1, p.inner, palette::kThreadReadsGlobal.rgba, line);
    }
    outline(at_P, col, row, col + 1, row + 1, palette::kHoveredElement.rgba, line);
  }
  char caption[160];
  std::snprintf(caption, sizeof caption, "tiled, phase %d (of 0..%d): %s", m.phase, tiling_of(p).phases(p.inner) - 1,
                matmul_step_name(m.step));
  if (p.strategy == MatmulStrategy::fast)
    std::snprintf(caption, sizeof caption, "fast: block tile %d x %d, warps %d x %d, %d x %d a thread",
                  kMatmulFastTileRows, p.tile, kMatmulFastWarpTile, kMatmulFastWarpTile, kMatmulFastOutputRows,
                  kMatmulFastOutputCols);
  if (p.strategy != MatmulStrategy::naive)
    dl->AddText({view_.x + font, view_.y + 0.5f * font}, IM_COL32(255, 255, 255, 255), caption);
  dl->PopClipRect();
}

void MatmulView::sidebar() {
  if (panel(state_.panels, "Controls")) matmul_controls_panel(state_, ui_, compute_.backend());
  if (!compute_.note().empty()) ImGui::TextWrapped("%s", compute_.note().c_str());
  if (panel(state_.panels, "Phases and barriers")) matmul_stepper_panel(state_, ui_, run_);
  if (panel(state_.panels, "OP/B")) {
    matmul_model_panel(ui_.params, compute_.backend());
    measured_traffic_section(hud_measured(), state_.measure_traffic, state_.measure_again);
  }
  if (panel(state_.panels, "Timing")) matmul_timing_panel(ui_.params, run_, compute_.backend(), stats_);
  if (panel(state_.panels, "Correctness")) matmul_correctness_panel(run_);
}

float MatmulView::hud_below() const { return 2 * ImGui::GetFontSize(); }

HudFigures MatmulView::hud() const {
  return hud_figures(ui_.params, stats_.steady_kernel_ms(), backend(), stats_.steady_runs());
}

void MatmulView::windows(const Rect& v) {
  // The legend first: the inspector ends above where it is this frame.
  if (state_.overlays.legend)
    matmul_legend_window(state_, ui_, run_, v.x + v.w - kWindowInset, v.y + v.h - kWindowInset,
                         kMostRight * v.w - 2 * kWindowInset);  // its lines wrap inside the strip kept free
  if (state_.overlays.inspector) matmul_inspector_window(state_, ui_, run_, v);
}

HudFigures MatmulView::ladder_launch(const std::string& strategy, bool time) {
  const MatmulUi as = with_strategy<MatmulApp>(ui_, strategy);
  const MatmulParams& p = as.params;
  return ladder_figures(p, backend(), time && launches(), [&] { return compute_.engine().run(p); });
}

bool MatmulView::launches() const { return !run_.P.empty(); }

std::function<CounterReading(GpuTurn)> MatmulView::measure_job(const std::string& strategy) const {
  const MatmulParams p = with_strategy<MatmulApp>(ui_, strategy).params;
  if (!launches()) return {};
  return [p](GpuTurn turn) { return cli::MatmulCli::measure(p, turn); };
}

std::unique_ptr<PatternView> MatmulApp::make_view(CommonState& s, Ui& m) { return std::make_unique<MatmulView>(s, m); }

}  // namespace tilescope
