#include "app/conv1d/view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "app/conv1d/app_pattern.hpp"
#include "app/conv1d/cli.hpp"
#include "app/conv1d/figures.hpp"
#include "app/conv1d/panels.hpp"
#include "app/conv1d/signal.hpp"
#include "app/conv1d/step_overlay.hpp"
#include "app/io/npy.hpp"
#include "app/ui/inspector.hpp"
#include "app/ui/memory_chart.hpp"
#include "app/ui/step_panel.hpp"
#include "app/ui/view_input.hpp"
#include "app/ui/widgets.hpp"
#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"
#include "app/view/step_draw.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/pattern.hpp"
#include "kernels/conv1d/reference.hpp"
#include "kernels/conv1d/steps.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {
Conv1dLanes conv1d_lanes(const Rect& v) {
  const float top = v.y + 0.045f * v.h, bottom = v.y + 0.945f * v.h, h = bottom - top;
  return {top, top + 0.38f * h, top + 0.45f * h, top + 0.55f * h, top + 0.62f * h, bottom, bottom + 0.01f * v.h};
}

Conv1dView::Conv1dView(CommonState& state, Conv1dUi& ui)
    : PatternView(state), ui_(ui), compute_(state.backend, &Conv1dPattern::make_engine) {}

float Conv1dView::fit_zoom() const {
  const Conv1dParams& p = ui_.params;
  return std::max(view_.w * 0.98f / float(p.length + 2 * p.filter_radius + 2), 1e-3f);
}

void Conv1dView::fit() {
  const Conv1dParams& p = ui_.params;
  zoom_ = fit_zoom();
  center_ = p.length / 2.0f;
  fitted_length_ = p.length, fitted_radius_ = p.filter_radius;
}

Vec2 Conv1dView::point_at(Vec2 element, float zoom) {
  if (zoom > 0) zoom_ = zoom, center_ = element.x + kConv1dFocusLeftOfCentre * view_.w / zoom_;
  const Conv1dLanes l = conv1d_lanes(view_);
  return {sx(element.x), (l.out0 + l.out1) / 2};
}

ViewPose Conv1dView::pose() const {
  if (std::abs(zoom_ - fit_zoom()) < 1e-4f * fit_zoom()) return {};
  return {zoom_, Vec2{center_ - kConv1dFocusLeftOfCentre * view_.w / zoom_, 0}};
}

void Conv1dView::load_file(const std::string& path) {
  try {
    const io::NpyArray a = io::read_npy(path);
    if (a.shape.size() != 1) throw InvalidInput("'" + path + "': the 1D convolution needs a 1-D .npy");
    run_.input = a.data;
    ui_.params.length = int(a.shape[0]);
    from_file_ = true;
    input_changed_ = true;
    stats_.status = "loaded " + path;
  } catch (const InvalidInput& e) {
    stats_.status = e.what();
  }
}

void Conv1dView::step(const Rect& view, double dt) {
  view_ = view;
  clamp(ui_);
  const Conv1dParams& p = ui_.params;
  if (p.length != fitted_length_ || p.filter_radius != fitted_radius_) fit();
  handle_input();
  update_input(dt);
  compute();
  if (const BlockTimeline* tl = timeline()) advance_stepper(ui_.stepper, dt, int(tl->steps.size()));
}

const BlockTimeline* Conv1dView::timeline() {
  const Conv1dParams& p = ui_.params;
  const auto focus = focus_pixel(state_);
  if (!ui_.stepper.on || !focus || focus->x >= p.length || !run_.problem.empty() || conv1d_steps_problem(p.strategy))
    return nullptr;
  const int b = tiling_of(p).block_of(focus->x);
  return &timeline_.get({p, b}, [&] { return conv1d_timeline(p, b); });
}

void Conv1dView::handle_input() {
  if (!mouse_) return;
  ImGuiIO& io = ImGui::GetIO();
  const Vec2 mouse{io.MousePos.x, io.MousePos.y};
  const bool over = !io.WantCaptureMouse && view_.contains(mouse);
  if (over && io.MouseWheel != 0) {  // zoom about the element under the pointer
    const float before = index_at(mouse.x);
    zoom_ = std::clamp(zoom_ * std::pow(1.25f, io.MouseWheel), 1e-3f, 80.0f);
    center_ += before - index_at(mouse.x);
  }
  if (over && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f)) dragging_ = true;
  if (dragging_) center_ -= io.MouseDelta.x / zoom_;
  const int i = cell_of(index_at(mouse.x), ui_.params.length);
  const bool on_signal = over && i >= 0 && i < ui_.params.length;
  state_.hover = hover_after(on_signal ? std::optional<Pixel>(Pixel{i, 0}) : std::nullopt, state_.hover);
  if (ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    if (!dragging_ && on_signal) state_.pinned = state_.pinned ? std::nullopt : state_.hover;
    dragging_ = false;
  }
  if (over && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) fit();
}

void Conv1dView::update_input(double dt) {
  const int length = ui_.params.length;
  if (from_file_ && int(run_.input.size()) == length) return;
  from_file_ = false;
  const bool advance = !state_.paused || state_.step_once;
  if (!advance && int(run_.input.size()) == length) return;
  if (advance) anim_time_ += state_.step_once ? 1.0 / 30 : dt;
  run_.input.resize(length);
  live_signal(anim_time_, run_.input);
  input_changed_ = true;
}

void Conv1dView::compute() {
  Conv1dUi& c = ui_;
  if (follow_backend(compute_)) input_changed_ = true;
  const std::string key = c.filter + "/" + std::to_string(c.params.filter_radius);
  if (key != filter_key_) {
    try {
      run_.filter = make_named_filter1d(c.filter, c.params.filter_radius);
    } catch (const InvalidInput& e) {
      c.filter = "box";
      run_.filter = make_named_filter1d(c.filter, c.params.filter_radius);
      stats_.status = e.what();
    }
    filter_key_ = key;
  }
  const bool changed = new_launch(std::tuple(c.params, c.filter, c.bug), launched_);
  state_.step_once = false;
  if (!input_changed_ && !changed) return;
  input_changed_ = false;
  run_.problem = launch_problem(c.params, compute_.engine().limits()).value_or("");
  if (run_.problem.empty() && c.bug != Break::none) run_.problem = break_problem(c.params.strategy, c.bug).value_or("");
  if (!run_.problem.empty()) return;
  run_.output.resize(run_.input.size());
  // A new launch is timed kSteadyRuns times at once, so that a paused view shows a median too; a live
  // frame of the same launch once (a broken kernel: always once). Decided in the run, whose retry on the
  // CPU after a device failure is a new launch.
  const std::vector<double> runs_ms = compute_.run([&](Conv1dEngine& e) {
    if (c.bug != Break::none)
      return std::vector<double>{e.conv1d_broken(c.params, c.bug, run_.filter, run_.input.data(), run_.output.data())};
    const bool new_launch = changed || backend().name() != stats_.kernel_backend;
    return e.conv1d(c.params, run_.filter, run_.input.data(), run_.output.data(), new_launch ? int(kSteadyRuns) : 1);
  });
  for (double ms : runs_ms) stats_.add_kernel_ms(ms, backend().name());
  stats_.transfer = "host upload and read-back (the signal is small)";
  run_.reference.resize(run_.input.size());
  conv1d_cpu(run_.filter, run_.input.data(), run_.reference.data(), c.params.length);
  float max_in = 0;
  for (float v : run_.input) max_in = std::max(max_in, std::fabs(v));
  run_.tolerance = conv1d_tolerance(run_.filter, max_in);
  run_.max_abs_error = tilescope::max_abs_error(run_.output.data(), run_.reference.data(), run_.output.size());
}

void Conv1dView::draw(float, float, float) {
  step_caption_top_ = 0, step_bottom_ = 0;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const Conv1dParams& p = ui_.params;
  const float font = ImGui::GetFontSize(), line = state_.presentation ? 3.0f : 2.0f;
  const Conv1dLanes L = conv1d_lanes(view_);
  dl->PushClipRect({view_.x, view_.y}, {view_.x + view_.w, view_.y + view_.h}, true);
  for (const auto& [y0, y1] : {std::pair{L.in0, L.in1}, {L.sh0, L.sh1}, {L.out0, L.out1}})
    dl->AddRectFilled({view_.x, y0}, {view_.x + view_.w, y1}, IM_COL32(24, 24, 30, 255));
  if (!run_.problem.empty() || run_.output.size() != std::size_t(p.length)) {
    dl->AddText({view_.x + font, L.in0}, IM_COL32(255, 120, 90, 255), ("cannot run: " + run_.problem).c_str());
    dl->PopClipRect();
    return;
  }
  const Conv1dTiling g = tiling_of(p);
  const int first = std::max(0, cell_of(index_at(view_.x), p.length) - 1);
  const int last = std::min(p.length, cell_of(index_at(view_.x + view_.w), p.length) + 2);
  auto band = [&](float i0, float i1, float y0, float y1, ImU32 c) {
    dl->AddRectFilled({sx(i0), y0}, {sx(i1), y1}, c);
  };

  // The grid: one band per block, boundaries across all lanes, block labels where they fit.
  const float block_px = g.block * zoom_;
  for (int b = std::max(0, g.block_of(first)); b < g.grid_dim(p.length) && g.out_origin(b) <= last; ++b) {
    const float i0 = float(g.out_origin(b)), i1 = float(std::min(g.out_origin(b) + g.block, p.length));
    if (b % 2 == 0)
      band(i0, i1, L.in0, L.in1, IM_COL32(255, 255, 255, 12)),
          band(i0, i1, L.out0, L.out1, IM_COL32(255, 255, 255, 12));
    if (block_px >= 4)
      dl->AddLine({sx(i0), L.in0}, {sx(i0), L.out1}, with_alpha(palette::kTileGrid.rgba, block_px < 40 ? 70 : 140),
                  1.0f);
    char label[32];
    std::snprintf(label, sizeof label, "block %d", b);
    if (block_px > ImGui::CalcTextSize(label).x + 8)
      dl->AddText({sx(i0) + 4, L.axis}, IM_COL32(200, 200, 200, 255), label);
  }
  dl->AddText({view_.x + 6, view_.y + 4}, palette::kSignalIn.rgba, "input N");
  dl->AddText({view_.x + 6, L.out0 - kConv1dLaneTitleEms * font}, palette::kSignalOut.rgba,
              "output P = N correlated with the filter");

  const auto focus = focus_pixel(state_);
  const bool focused = focus && focus->x < p.length;
  const int b = focused ? g.block_of(focus->x) : 0;
  if (focused) {  // the block's output tile, halo cells (fast: as staged, in whole float4s), ghost cells
    const Conv1dBlockSpan span = conv1d_block_span(g, b);
    const float o0 = float(span.out0), o1 = float(span.out1);
    band(o0, std::min<float>(o1, p.length), L.in0, L.in1, with_alpha(palette::kOutputTile.rgba, 60));
    for (const auto& [h0, h1] : {std::pair{float(span.in0), o0}, {o1, float(span.in1)}}) {
      band(std::max(h0, 0.0f), std::min<float>(h1, p.length), L.in0, L.in1, with_alpha(palette::kHalo.rgba, 80));
      if (h0 < 0 || h1 > p.length) {
        const float g0 = h0 < 0 ? h0 : std::max<float>(h0, p.length), g1 = h0 < 0 ? std::min(h1, 0.0f) : h1;
        band(g0, g1, L.in0, L.in1, with_alpha(palette::kGhostSignal.rgba, 90));
        hatch_screen(dl, {sx(g0), L.in0}, {sx(g1), L.in1}, with_alpha(palette::kGhostSignal.rgba, 220));
      }
    }
  }

  // The shared memory lane: the hovered block's slots, coloured by role, labelled by loader; or
  // the step-through's step of the block.
  const float lane_text_y = (L.sh0 + L.sh1) / 2 - font / 2;
  const BlockTimeline* tl = timeline();
  if (tl) {
    const int step = std::clamp(ui_.stepper.step, 0, int(tl->steps.size()) - 1);
    step_bottom_ = draw_conv1d_step(
                       dl, p, *tl, step, b, L, [&](float i) { return sx(i); }, line / 1.3f)
                       .b.y;
    dl->AddText({view_.x + 6, L.sh0 - kConv1dLaneTitleEms * font}, IM_COL32(210, 210, 210, 255),
                "step through: shared slots above (the thread that stored each), the block's threads below");
  } else if (!focused) {
    dl->AddText({view_.x + 6, lane_text_y}, IM_COL32(170, 170, 170, 255),
                "hover an output element to see its block's shared memory and taps");
  } else if (g.shared_dim() == 0) {
    dl->AddText({view_.x + 6, lane_text_y}, IM_COL32(170, 170, 170, 255),
                "no shared memory: every tap is a global load");
  } else {
    for (int s = 0; s < g.shared_dim(); ++s) {
      const int k = g.shared_coord(b, s);
      const bool halo = g.is_halo_slot(s);
      const ImVec2 a{sx(float(k)), L.sh0 + 2}, z{sx(float(k + 1)), L.sh1 - 2};
      if (!in_range(k, p.length)) {
        dl->AddRectFilled(a, z, with_alpha(palette::kGhostSignal.rgba, 110));
        hatch_screen(dl, a, z, palette::kGhostSignal.rgba);
      } else {
        dl->AddRectFilled(a, z, with_alpha(halo ? palette::kHalo.rgba : palette::kOutputTile.rgba, 200));
      }
      char t[16];
      std::snprintf(t, sizeof t, "%d", g.loader_of_slot(s));
      const float w = ImGui::CalcTextSize(t).x;
      if (w + 4 <= z.x - a.x) dl->AddText({(a.x + z.x - w) / 2, lane_text_y}, IM_COL32(255, 255, 255, 255), t);
    }
    const char* story =
        p.strategy == Conv1dStrategy::tiled ? "N_s (shared) of the block; a slot's number: the thread that loads it"
        : g.is_fast() ? "N_s (shared): a slot's number: the thread that loads its float4; yellow: the hovered "
                        "thread's windows"
                      : "N_s (shared) of the block: only its own elements";
    dl->AddText({view_.x + 6, L.sh0 - kConv1dLaneTitleEms * font}, IM_COL32(210, 210, 210, 255), story);
  }

  // The waveforms.
  float out_range = 1e-3f;
  for (float v : run_.output)
    if (std::isfinite(v)) out_range = std::max(out_range, std::fabs(v));
  out_range *= 1.15f;
  auto y_in = [&](float v) { return (L.in0 + L.in1) / 2 - v / 1.2f * (L.in1 - L.in0) / 2; };
  auto y_out = [&](float v) { return (L.out0 + L.out1) / 2 - v / out_range * (L.out1 - L.out0) / 2; };
  const int step = std::max(1, int((last - first) / (2 * view_.w)));
  if (ui_.bug != Break::none) draw_damage(dl, first, last, L);
  std::vector<ImVec2> in_pts, out_pts;
  for (int i = first; i < last; i += step) {
    in_pts.push_back({sx(i + 0.5f), y_in(run_.input[i])});
    // A broken kernel's NaN (an unloaded slot) has no height: the line stops there.
    if (std::isfinite(run_.output[i])) out_pts.push_back({sx(i + 0.5f), y_out(run_.output[i])});
    if ((!std::isfinite(run_.output[i]) || i + step >= last) && !out_pts.empty()) {
      dl->AddPolyline(out_pts.data(), int(out_pts.size()), palette::kSignalOut.rgba, 0, line);
      if (zoom_ >= 6)
        for (const ImVec2& q : out_pts) dl->AddCircleFilled(q, 2.5f, palette::kSignalOut.rgba);
      out_pts.clear();
    }
  }
  dl->AddPolyline(in_pts.data(), int(in_pts.size()), palette::kSignalIn.rgba, 0, line * 0.75f);
  if (zoom_ >= 6)
    for (const ImVec2& q : in_pts) dl->AddCircleFilled(q, 2.0f, palette::kSignalIn.rgba);

  if (focused && g.outputs_per_thread() > 1) {  // every output of the hovered thread, and the windows it reads
    const int t = g.thread_of(focus->x);
    for (int k = 0; k < g.outputs_per_thread(); k += kConv1dFastGroup) {
      const int i0 = g.out_coord(b, t, k);
      if (i0 >= p.length) break;
      const float i1 = std::min<float>(i0 + kConv1dFastGroup, p.length);
      band(float(i0), i1, L.out0, L.out1, with_alpha(palette::kThreadOutputs.rgba, 60));
      dl->AddRect({sx(float(i0)), L.out0 + 1}, {sx(i1), L.out1 - 1}, palette::kThreadOutputs.rgba, 0, 0, line);
      const float w0 = float(i0 - g.shared_halo()), w1 = float(i0 + kConv1dFastGroup + g.shared_halo());
      dl->AddRect({sx(w0), L.sh0}, {sx(w1), L.sh1}, palette::kThreadOutputs.rgba, 0, 0, line);
    }
  }
  if (focused) {  // the hovered output's taps, from where the kernel reads each one
    const int i = focus->x;
    // A broken kernel's NaN output sits on the lane's middle line.
    const ImVec2 out_pt{sx(i + 0.5f), y_out(std::isfinite(run_.output[i]) ? run_.output[i] : 0.0f)};
    dl->AddLine({out_pt.x, L.in0}, {out_pt.x, L.out1}, with_alpha(palette::kHoveredElement.rgba, 90), 1.0f);
    for (int k = i - g.r; k <= i + g.r; ++k) {
      const TapSource src = tap_source(g, p.length, b, k);
      const ImVec2 in_pt{sx(k + 0.5f), in_range(k, p.length) ? y_in(run_.input[k]) : y_in(0)};
      dl->AddLine(in_pt, out_pt, with_alpha(palette::tap_colour(src), 170), line * 0.6f);
      dl->AddCircleFilled(in_pt, line + 2.5f, palette::tap_colour(src));
    }
    dl->AddCircleFilled(out_pt, line + 4, palette::kHoveredElement.rgba);
  }
  if (tl)  // over the waveforms, under the output's title
    step_caption_top_ = draw_step_caption(dl, view_, *tl, std::clamp(ui_.stepper.step, 0, int(tl->steps.size()) - 1),
                                          view_.y + view_.h - L.out1 + 4);
  dl->PopClipRect();
}

void Conv1dView::draw_damage(ImDrawList* dl, int first, int last, const Conv1dLanes& L) const {
  if (run_.reference.size() != run_.output.size()) return;
  auto damaged = [&](int i) { return !(std::fabs(double(run_.output[i]) - run_.reference[i]) <= run_.tolerance); };
  for (int i = first; i < last; ++i) {  // one band per run of damaged outputs
    if (!damaged(i)) continue;
    const int start = i;
    while (i + 1 < last && damaged(i + 1)) ++i;
    dl->AddRectFilled({sx(float(start)), L.out0}, {sx(float(i + 1)), L.out1}, with_alpha(palette::kDamaged.rgba, 110));
  }
}

void Conv1dView::sidebar() {
  if (panel(state_.panels, "Controls")) conv1d_controls_panel(state_, ui_, compute_.backend());
  if (!compute_.note().empty()) ImGui::TextWrapped("%s", compute_.note().c_str());
  if (panel(state_.panels, "OP/B and load reduction")) {
    conv1d_model_panel(ui_.params);
    measured_traffic_section(hud_measured(), state_.measure_traffic, state_.measure_again);
  }
  if (panel(state_.panels, "Launch")) conv1d_launch_panel(ui_.params);
  if (panel(state_.panels, "Step through")) step_panel(ui_.stepper, step_panel_input(ui_.params, timeline()));
  if (panel(state_.panels, "Timing")) conv1d_timing_panel(ui_.params, compute_.backend(), stats_);
  if (panel(state_.panels, "Correctness")) conv1d_correctness_panel(run_);
}

float Conv1dView::hud_below() const { return ImGui::GetFontSize() + 4; }

HudFigures Conv1dView::hud() const {
  return hud_figures(ui_.params, stats_.steady_kernel_ms(), backend(), stats_.steady_runs());
}

void Conv1dView::windows(const Rect& v) {
  // The legend first: the inspector ends above where it is this frame. It sits above the block
  // labels under the output lane, so the last blocks keep theirs, and in step-through above the
  // step's caption and below the step lane (in large type it scrolls rather than cover the lane).
  const Conv1dLanes lanes = conv1d_lanes(view_);
  const float bottom = std::min(v.y + v.h, lanes.axis) - kWindowInset;
  if (state_.overlays.legend)
    conv1d_legend_window(state_, ui_, v.x + v.w - kWindowInset, above_step_caption(bottom, step_caption_top_),
                         v.w - 2 * kWindowInset,
                         step_caption_top_ > 0 ? std::max(lanes.sh1, step_bottom_) + kWindowInset : 0);
  // In step-through the inspector ends above the step lane's title; where large type leaves it too
  // little room there, it gives way to the lane.
  const float above_lane = lanes.sh0 - kConv1dLaneTitleEms * ImGui::GetFontSize();
  const Rect area{v.x, v.y, v.w, step_caption_top_ > 0 ? above_lane - v.y : v.h};
  if (state_.overlays.inspector && inspector_fits(area)) conv1d_inspector_window(state_, ui_, run_, area);
}

HudFigures Conv1dView::ladder_launch(const std::string& strategy, bool time) {
  const Conv1dUi as = with_strategy<Conv1dApp>(ui_, strategy);
  const Conv1dParams& p = as.params;
  return ladder_figures(p, backend(), time && launches(p), [&] { return compute_.engine().run(p, run_.filter); });
}

bool Conv1dView::launches(const Conv1dParams& p) const { return run_.output.size() == std::size_t(p.length); }

std::function<CounterReading(GpuTurn)> Conv1dView::measure_job(const std::string& strategy) const {
  const Conv1dParams p = with_strategy<Conv1dApp>(ui_, strategy).params;
  if (!launches(p)) return {};
  return [p](GpuTurn turn) { return cli::Conv1dCli::measure(p, turn); };
}

std::unique_ptr<PatternView> Conv1dApp::make_view(CommonState& s, Ui& c) { return std::make_unique<Conv1dView>(s, c); }

}  // namespace tilescope
