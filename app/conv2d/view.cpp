#include "app/conv2d/view.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "app/conv2d/app_pattern.hpp"
#include "app/conv2d/cli.hpp"
#include "app/conv2d/overlays.hpp"
#include "app/conv2d/step_overlay.hpp"
#include "app/gl/gl.hpp"
#include "app/io/image_file.hpp"
#include "app/ui/default_tile.hpp"
#include "app/ui/frame_cost.hpp"
#include "app/ui/inspector.hpp"
#include "app/ui/memory_chart.hpp"
#include "app/ui/step_panel.hpp"
#include "app/ui/view_input.hpp"
#include "app/ui/widgets.hpp"
#include "app/view/step_draw.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/steps.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {
namespace {

constexpr float kSplitLabelPad = 6;  // screen pixels around the split's "input" and "output" labels

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// How to map output values to the screen: normalised smoothing filters keep [0, 1]; filters
// that sum to ~0 (edges) or are arbitrary are shown signed, scaled to their typical response.
// On the impulse scene the output is the filter itself, so its largest weight sets the scale.
OutputRange output_range(const Filter2d& f, bool impulses) {
  const double sum = std::accumulate(f.weights.begin(), f.weights.end(), 0.0);
  double sum_abs = 0, max_abs = 0;
  for (float w : f.weights) sum_abs += std::fabs(w), max_abs = std::max<double>(max_abs, std::fabs(w));
  if (impulses) return {-float(max_abs), float(max_abs)};
  if (std::fabs(sum - 1.0) < 1e-3) return {0.0f, 1.0f};
  return {-float(sum_abs / 4), float(sum_abs / 4)};
}

}  // namespace

Conv2dView::Conv2dView(CommonState& state, Conv2dUi& ui) : ImagePatternView(state), ui_(ui), pipeline_(state_.backend) {
  if (ui_.source == SourceKind::file && !ui_.file_path.empty()) load_file(ui_.file_path);
}

void Conv2dView::load_file(const std::string& path) {
  try {
    pipeline_.file_input(io::load_image(path));
    ui_.source = SourceKind::file;
    ui_.file_path = path;
    state_.pinned.reset();
    showing_demo_ = false;
    input_changed_ = true;
    stats_.status = "loaded " + path;
  } catch (const InvalidInput& e) {
    stats_.status = e.what();
    if (showing_demo_ || pipeline_.width() == 0) ui_.source = SourceKind::demo;
  }
}

void Conv2dView::step(const Rect& view, double dt) {
  view_.set_viewport(view);
  handle_input();
  update_source(dt);
  view_.set_image(pipeline_.width(), pipeline_.height());
  compute();
  if (const BlockTimeline* tl = timeline()) advance_stepper(ui_.stepper, dt, int(tl->steps.size()));
}

const BlockTimeline* Conv2dView::timeline() {
  const Conv2dParams& p = ui_.params;
  const auto focus = focus_pixel(state_);
  if (!ui_.stepper.on || !focus || !pipeline_.problem().empty() || conv2d_steps_problem(p.strategy)) return nullptr;
  const int bx = tiling_of(p, 0).block_of(focus->x), by = tiling_of(p, 1).block_of(focus->y);
  return &timeline_.get({p, bx, by}, [&] { return conv2d_timeline(p, bx, by); });
}

void Conv2dView::draw(float display_w, float display_h, float fb_scale) {
  // Until the output shown has its reference, the diff view shows the output and a break no damage.
  const ViewMode mode = ui_.view == ViewMode::diff && !reference_shown_ ? ViewMode::output : ui_.view;
  image_layer_.draw(view_, mode, output_range(filter_, showing_demo_ && ui_.demo_scene == DemoScene::impulses),
                    float(std::max(pipeline_.tolerance(), 1e-7)), display_w, display_h, fb_scale,
                    ui_.bug != Break::none && reference_shown_);
  draw_overlays();
}

bool Conv2dView::shows_reference() const { return ui_.view == ViewMode::diff || ui_.bug != Break::none; }

std::string Conv2dView::working() const {
  if (!pipeline_.checking()) return {};
  char text[160];
  std::snprintf(text, sizeof text, "checking against the CPU reference: %.0f%% (the demo waits)",
                100 * pipeline_.check_progress());
  return text;
}

void Conv2dView::continue_check() {
  if (!pipeline_.continue_check(state_.work_budget_ms)) return;
  show_held();
  image_layer_.upload(Layer::reference, pipeline_.reference());
  check_pending_ = false;
  reference_shown_ = true;
}

void Conv2dView::show_held() {
  if (!held_input_ && !held_output_) return;
  const auto t0 = std::chrono::steady_clock::now();
  if (held_input_) present(Layer::input);
  if (held_output_) present(Layer::output);
  stats_.upload_ms = ms_since(t0);
  held_input_ = held_output_ = false;
}

void Conv2dView::handle_input() {
  if (mouse_) handle_view_mouse(view_, state_, dragging_);
}

void Conv2dView::update_source(double dt) {
  if (ui_.source == SourceKind::file) {
    if (showing_demo_ || pipeline_.width() == 0) {
      if (ui_.file_path.empty())
        ui_.source = SourceKind::demo;
      else
        load_file(ui_.file_path);
    }
    if (ui_.source == SourceKind::file) return;
  }
  const bool advance = !state_.paused || state_.step_once;
  const bool changed =
      pipeline_.width() != ui_.demo_size || pipeline_.height() != ui_.demo_size || ui_.demo_scene != shown_scene_;
  if (!advance && !changed && showing_demo_) return;
  if (pipeline_.checking() && !changed) return;  // the check of the frame shown holds the demo until it is done
  if (advance) anim_time_ += state_.step_once ? 1.0 / 30 : dt;
  const auto t0 = std::chrono::steady_clock::now();
  pipeline_.demo_input(ui_.demo_scene, ui_.demo_size, ui_.demo_size, float(anim_time_));
  shown_scene_ = ui_.demo_scene;
  stats_.source_ms = ms_since(t0);
  showing_demo_ = true;
  input_changed_ = true;
}

void Conv2dView::compute() {
  ui_.params.width = pipeline_.width();
  ui_.params.height = pipeline_.height();
  ui_.sm_count = pipeline_.backend().limits().sm_count;
  if (shown_) follow_default_tile(ui_, *shown_);
  shown_ = ui_;
  if (follow_backend(pipeline_)) check_pending_ = true, input_changed_ = true;
  const std::string key = ui_.filter + "/" + std::to_string(ui_.params.filter_radius);
  if (key != filter_key_) {
    filter_ = make_named_filter(ui_.filter, ui_.params.filter_radius);
    filter_key_ = key;
  }
  const bool params_changed = new_launch(std::tuple(ui_.params, ui_.filter, ui_.bug), launched_);
  if (params_changed) check_pending_ = true;
  if (pipeline_.checking() && !params_changed) return continue_check();  // the view holds still until it is done
  const bool run = input_changed_ || params_changed || !state_.paused;
  state_.step_once = false;
  if (!run) return;
  if (pipeline_.run(ui_.params, filter_, ui_.bug)) {
    stats_.add_kernel_ms(pipeline_.kernel_ms(), backend().name());
    // The diff and a break's damage are drawn against the reference of this very frame: where the view
    // shows the reference, the frame's input and output wait for it (the last checked ones stay shown).
    held_input_ = held_input_ || input_changed_;
    held_output_ = true;
    if (!shows_reference()) {
      show_held();
      reference_shown_ = false;
    }
    if (check_pending_ || shows_reference()) {
      pipeline_.start_check(filter_);
      continue_check();
    }
  } else if (input_changed_) {
    present(Layer::input);  // nothing ran: still show the new input
  }
  input_changed_ = false;
}

void Conv2dView::present(Layer layer) {
  const Conv2dEngine& engine = pipeline_.engine();
  const float* device = layer == Layer::input ? engine.device_input() : engine.device_output();
  const int w = pipeline_.width(), h = pipeline_.height();
  if (device && interop_.copy(device, image_layer_.texture(layer, w, h), w, h, engine.row_pitch())) {
    stats_.transfer = "CUDA-GL interop (device to device)";
    return;
  }
  image_layer_.upload(layer, layer == Layer::input ? pipeline_.host_input() : pipeline_.host_output());
  stats_.transfer = device ? interop_.why() : "host upload (glTexSubImage2D)";
}

void Conv2dView::draw_overlays() {
  step_caption_top_ = 0, kept_block_ = {};
  if (!pipeline_.problem().empty()) return;  // nothing was launched: nothing to draw
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const Rect& vp = view_.viewport();
  dl->PushClipRect({vp.x, vp.y}, {vp.x + vp.w, vp.y + vp.h}, true);
  const OverlayStyle style{state_.presentation ? 2.5f : 1.5f};
  if (ui_.view == ViewMode::split) {  // the wipe: input to the left, output to the right
    const float x = vp.x + vp.w / 2, pad = kSplitLabelPad;
    dl->AddLine({x, vp.y}, {x, vp.y + vp.h}, IM_COL32(255, 255, 255, 230), 2 * style.line);
    const float y = vp.y + pad;  // at the top: the legend and inspector sit at the right
    const ImVec2 in_size = ImGui::CalcTextSize("input"), out_size = ImGui::CalcTextSize("output");
    dl->AddRectFilled({x - in_size.x - 3 * pad, y - pad}, {x - pad, y + in_size.y + pad}, IM_COL32(0, 0, 0, 190));
    dl->AddText({x - in_size.x - 2 * pad, y}, IM_COL32(255, 255, 255, 255), "input");
    dl->AddRectFilled({x + pad, y - pad}, {x + out_size.x + 3 * pad, y + out_size.y + pad}, IM_COL32(0, 0, 0, 190));
    dl->AddText({x + 2 * pad, y}, IM_COL32(255, 255, 255, 255), "output");
  }
  const Conv2dParams& p = ui_.params;
  if (state_.overlays.tile_grid) draw_tile_grid(dl, view_, p, style);
  const BlockTimeline* tl = timeline();
  if (const auto focus = focus_pixel(state_); focus && tl) {
    const int step = std::clamp(ui_.stepper.step, 0, int(tl->steps.size()) - 1);
    kept_block_ = clipped(draw_step(dl, view_, p, *tl, step, *focus, style), vp);
    step_caption_top_ = draw_step_caption(dl, vp, *tl, step, 0, {}, kept_block_);
  } else if (focus) {
    const int bx = tiling_of(p, 0).block_of(focus->x), by = tiling_of(p, 1).block_of(focus->y);
    if (state_.overlays.block) {
      const ScreenBox block = draw_block(dl, view_, p, bx, by, style);
      if (state_.pinned) kept_block_ = clipped(block, vp);  // a pinned cell's block is what the lecture is about
    }
    if (state_.overlays.receptive_field) {
      draw_receptive_field(dl, view_, p, *focus, style);
      draw_thread_patch(dl, view_, p, *focus, style);
    }
    if (state_.overlays.thread_ids) draw_thread_ids(dl, view_, p, bx, by);
  }
  dl->PopClipRect();
}

void Conv2dView::sidebar() {
  if (panel(state_.panels, "Controls")) conv2d_controls_panel(state_, ui_, pipeline_, filter_);
  if (panel(state_.panels, "OP/B")) {
    conv2d_opb_panel(ui_);
    measured_traffic_section(hud_measured(), state_.measure_traffic, state_.measure_again);
  }
  if (panel(state_.panels, "Launch")) conv2d_launch_panel(ui_, pipeline_);
  if (panel(state_.panels, "Step through")) step_panel(ui_.stepper, step_panel_input(ui_.params, timeline()));
  if (panel(state_.panels, "Timing")) conv2d_timing_panel(ui_, pipeline_, stats_);
  if (panel(state_.panels, "Correctness") && correctness_panel(pipeline_)) check_pending_ = true;
}

HudFigures Conv2dView::hud() const {
  const Conv2dParams& p = ui_.params;
  HudFigures f = hud_figures(p, stats_.steady_kernel_ms(), backend(), stats_.steady_runs());
  if (const auto why = filter_problem(p, filter_); why && f.problem.empty()) {  // the filter rules it out: no figures
    HudFigures named;
    named.strategy = f.strategy, named.book_ref = f.book_ref, named.id = f.id, named.timed_by = f.timed_by;
    named.problem = *why;
    return named;
  }
  return f;
}

// The split's labels sit at the view's top (draw_overlays): the HUD goes below them.
float Conv2dView::hud_below() const {
  return ui_.view == ViewMode::split ? ImGui::GetFontSize() + 2 * kSplitLabelPad : 0.0f;
}

void Conv2dView::windows(const Rect& v) {
  // The legend first: the inspector ends above where it is this frame. The legend goes below the
  // stepped or pinned block and the inspector above it, where they have room.
  const float right = v.x + v.w - kWindowInset,
              bottom = above_step_caption(v.y + v.h - kWindowInset, step_caption_top_);
  if (state_.overlays.legend)
    conv2d_legend_window(state_, ui_, right, bottom, v.w - 2 * kWindowInset,
                         legend_top_below(kept_block_, right, bottom));
  if (state_.overlays.inspector) conv2d_inspector_window(state_, ui_, inspector_area_above(v, kept_block_));
}

HudFigures Conv2dView::ladder_launch(const std::string& strategy, bool time) {
  const Conv2dUi as = with_strategy<Conv2dApp>(ui_, strategy);
  const Conv2dParams& p = as.params;
  // A strategy the filter rules out (separable with a filter not of rank 1) gets no time.
  return ladder_figures(p, backend(), time && launches(p), [&] { return pipeline_.launch_once(p, filter_); });
}

bool Conv2dView::launches(const Conv2dParams& p) const {
  return pipeline_.width() > 0 && !filter_problem(p, filter_) && !pipeline_.checking();
}

std::function<CounterReading(GpuTurn)> Conv2dView::measure_job(const std::string& strategy) const {
  const Conv2dParams p = with_strategy<Conv2dApp>(ui_, strategy).params;
  if (!launches(p)) return {};
  return [p](GpuTurn turn) { return cli::Conv2dCli::measure(p, turn); };
}

std::unique_ptr<PatternView> Conv2dApp::make_view(CommonState& s, Ui& c) { return std::make_unique<Conv2dView>(s, c); }

}  // namespace tilescope
