#include "app/stencil3d/view.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "app/gl/gl.hpp"
#include "app/stencil3d/app_pattern.hpp"
#include "app/stencil3d/cli.hpp"
#include "app/stencil3d/panels.hpp"
#include "app/stencil3d/slice_overlays.hpp"
#include "app/stencil3d/step_overlay.hpp"
#include "app/ui/default_tile.hpp"
#include "app/ui/inspector.hpp"
#include "app/ui/memory_chart.hpp"
#include "app/ui/step_panel.hpp"
#include "app/ui/view_input.hpp"
#include "app/ui/widgets.hpp"
#include "app/view/step_draw.hpp"
#include "kernels/common/error.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/steps.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {

Stencil3dView::Stencil3dView(CommonState& state, Stencil3dUi& ui)
    : ImagePatternView(state), ui_(ui), sim_(state.backend) {}

void Stencil3dView::load_file(const std::string& path) {
  stats_.status = "the 3D stencil view simulates its own grid; open " + path + " in the 2D convolution view";
}

void Stencil3dView::step(const Rect& view, double dt) {
  view_.set_viewport(view);
  handle_input();
  Stencil3dUi& st = ui_;
  if (st.grid == 0) st.grid = sim_.backend().name() == "cuda" ? 128 : 64;  // not chosen (a scene's): both animate
  st.launch_steps = sim_.affordable_steps(state_.work_budget_ms);
  clamp(st);
  const Stencil3dUi given = st;  // as set before the GPU is known: its default tile follows the GPU once it is
  const DeviceLimits gpu = sim_.backend().limits();
  st.sm_count = gpu.sm_count, st.l2_bytes = gpu.l2_bytes;
  follow_default_tile(st, shown_ ? *shown_ : given);
  shown_ = st;
  view_.set_image(st.grid, st.grid);
  compute(dt);
  if (const BlockTimeline* tl = timeline()) advance_stepper(st.stepper, dt, int(tl->steps.size()));
}

const BlockTimeline* Stencil3dView::timeline() {
  const Stencil3dUi& st = ui_;
  const auto focus = focus_pixel(state_);
  if (!st.stepper.on || !focus || !sim_.problem().empty() || stencil3d_steps_problem(st.params.strategy))
    return nullptr;
  const StencilBlock b = stencil_step_block(st.params, *focus, st.slice);
  return &timeline_.get({st.params, b.bx, b.by, b.bz}, [&] { return stencil3d_timeline(st.params, b.bx, b.by, b.bz); });
}

void Stencil3dView::draw(float display_w, float display_h, float fb_scale) {
  image_layer_.draw_heat(view_, {0.0f, 1.0f}, display_w, display_h, fb_scale, damage_);
  const BlockTimeline* tl = timeline();
  step_caption_top_ = 0, kept_block_ = {};
  if (sim_.problem().empty()) {
    const ScreenBox block = draw_slice_overlays(view_, state_, ui_, tl == nullptr);
    if (state_.pinned) kept_block_ = clipped(block, view_.viewport());  // what the lecture is about
  }
  if (tl) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const Rect& vp = view_.viewport();
    dl->PushClipRect({vp.x, vp.y}, {vp.x + vp.w, vp.y + vp.h}, true);
    const Stencil3dUi& st = ui_;
    const int step = std::clamp(st.stepper.step, 0, int(tl->steps.size()) - 1);
    kept_block_ = clipped(draw_stencil_step(dl, view_, st.params, *tl, step, *focus_pixel(state_), st.slice,
                                            state_.presentation ? 2.5f : 1.5f),
                          vp);
    const int z = tl->steps[std::size_t(step)].z;  // the plane a marching step works on
    const std::string note =
        z >= 0 && z != st.slice ? step_text("(the view shows slice z = %d: < > move it)", st.slice) : "";
    step_caption_top_ =
        draw_step_caption(dl, vp, *tl, step, 4.5f * ImGui::GetFontSize(), note, kept_block_);  // above the colour bar
    dl->PopClipRect();
  }
  draw_colour_bar(view_, state_.presentation);
}

void Stencil3dView::handle_input() {
  if (mouse_) handle_view_mouse(view_, state_, dragging_);
}

void Stencil3dView::compute(double dt) {
  Stencil3dUi& st = ui_;
  if (follow_backend(sim_)) st.check_requested = true;
  const std::string key = st.coeffs + "/" + std::to_string(st.params.order);
  if (key != coeffs_key_) {
    coeffs_ = make_named_stencil(st.coeffs, st.params.order);
    coeffs_key_ = key;
    st.check_requested = true;
  }
  if (!(st.params == last_params_)) st.check_requested = true;
  new_launch(std::pair(st.params, st.iterations), launched_);
  if (st.reset_requested || sim_.width() != st.grid) {
    sim_.reset(st.grid, st.grid, st.grid);
    sim_time_ = 0;
    st.reset_requested = false;
  }
  const bool advance = !state_.paused || state_.step_once;
  state_.step_once = false;
  if (advance) {
    sim_time_ += state_.paused ? 1.0 / 30 : dt;
    if (sim_.step(st.params, coeffs_, st.iterations, float(sim_time_), state_.work_budget_ms) && sim_.frame_steps() > 0)
      stats_.add_kernel_ms(sim_.kernel_ms() / sim_.frame_steps() * st.params.steps, backend().name());  // a launch's
  }
  if (st.check_requested && sim_.problem().empty()) {
    sim_.check(st.params, coeffs_);
    st.check_requested = false;
  }
  last_params_ = st.params;
  const auto t0 = std::chrono::steady_clock::now();
  damage_ = st.bug == Break::none ? std::nullopt : present_broken();
  if (!damage_) present();
  stats_.upload_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

void Stencil3dView::present() {
  const int w = sim_.width(), h = sim_.height(), z = ui_.slice;
  const Stencil3dEngine& engine = sim_.engine();
  const float* device = engine.device_grid(GridBuffer::current);
  const StencilGridLayout layout = engine.layout();
  if (device && interop_.copy(device + z * layout.plane, image_layer_.texture(Layer::output, w, h), w, h, layout.row)) {
    stats_.transfer = "CUDA-GL interop (device to device)";
    return;
  }
  if (slice_.width != w || slice_.height != h) slice_ = Image(w, h);  // allocated once per grid size
  sim_.read_slice(z, slice_.pixels.data());
  image_layer_.upload(Layer::output, slice_);
  stats_.transfer = device ? interop_.why() : "host upload (glTexSubImage2D)";
}

std::optional<float> Stencil3dView::present_broken() {
  const Stencil3dUi& st = ui_;
  const int w = sim_.width(), h = sim_.height();
  if (slice_.width != w || slice_.height != h) slice_ = Image(w, h);
  if (reference_slice_.width != w || reference_slice_.height != h) reference_slice_ = Image(w, h);
  const auto tolerance =
      sim_.broken_step(st.params, coeffs_, st.bug, st.slice, slice_.pixels.data(), reference_slice_.pixels.data());
  if (!tolerance) return std::nullopt;
  image_layer_.upload(Layer::output, slice_);
  image_layer_.upload(Layer::reference, reference_slice_);
  stats_.transfer = "host upload (glTexSubImage2D): the broken step read back beside its reference";
  return float(*tolerance);
}

void Stencil3dView::sidebar() {
  if (panel(state_.panels, "Controls")) stencil3d_controls_panel(state_, ui_, sim_);
  if (panel(state_.panels, "The tile in 3D")) stencil3d_tile_panel(ui_);
  if (panel(state_.panels, "OP/B")) {
    stencil3d_opb_panel(ui_);
    measured_traffic_section(hud_measured(), state_.measure_traffic, state_.measure_again);
  }
  if (panel(state_.panels, "Launch")) stencil3d_launch_panel(ui_, sim_);
  if (panel(state_.panels, "Step through")) step_panel(ui_.stepper, step_panel_input(ui_.params, timeline()));
  if (panel(state_.panels, "Timing")) stencil3d_timing_panel(ui_, sim_, stats_);
  if (panel(state_.panels, "Correctness")) stencil3d_correctness_panel(ui_, sim_);
}

HudFigures Stencil3dView::hud() const {  // one launch: params.steps steps
  return hud_figures(ui_.params, stats_.steady_kernel_ms(), backend(), stats_.steady_runs());
}

void Stencil3dView::windows(const Rect& v) {
  // The legend first: the inspector ends above where it is this frame.
  const float bottom = v.y + v.h - kWindowInset;
  // It wraps short of the colour bar in the view's bottom-left corner, where that is inside v (not in
  // compare's empty cell, right of the view).
  const float right = v.x + v.w - kWindowInset,
              left = std::max(v.x, view_.viewport().x + colour_bar_width(state_.presentation)) + kWindowInset;
  const float legend_bottom = above_step_caption(bottom, step_caption_top_);
  if (state_.overlays.legend)  // below the stepped or pinned block, the inspector above it, where they have room
    stencil3d_legend_window(state_, ui_, right, legend_bottom, right - left,
                            legend_top_below(kept_block_, right, legend_bottom));
  if (state_.overlays.inspector) stencil3d_inspector_window(state_, ui_, inspector_area_above(v, kept_block_));
}

HudFigures Stencil3dView::ladder_launch(const std::string& strategy, bool time) {
  const Stencil3dUi as = with_strategy<Stencil3dApp>(ui_, strategy);
  const Stencil3dParams& p = as.params;
  return ladder_figures(p, backend(), time && launches(), [&] { return sim_.launch_once(p, coeffs_); });
}

bool Stencil3dView::launches() const { return sim_.width() > 0; }

std::function<CounterReading(GpuTurn)> Stencil3dView::measure_job(const std::string& strategy) const {
  const Stencil3dParams p = with_strategy<Stencil3dApp>(ui_, strategy).params;
  if (!launches()) return {};
  return [p](GpuTurn turn) { return cli::Stencil3dCli::measure(p, turn); };
}

std::unique_ptr<PatternView> Stencil3dApp::make_view(CommonState& s, Ui& st) {
  return std::make_unique<Stencil3dView>(s, st);
}

}  // namespace tilescope
