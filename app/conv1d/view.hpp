#pragma once
// The 1D convolution, live: a moving signal -> the selected strategy on the chosen backend ->
// input and output waveforms along the index axis, with the launch's blocks, the hovered block's
// halo and ghost cells, its shared memory slot by slot (who loads what), and the hovered
// output's taps coloured by where the kernel reads them.
#include <imgui.h>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "app/conv1d/ui.hpp"
#include "app/ui/pattern_view.hpp"
#include "app/ui/timeline_cache.hpp"
#include "kernels/common/engine_on_backend.hpp"
#include "kernels/conv1d/engine.hpp"
#include "kernels/conv1d/filter.hpp"

namespace tilescope {

// What the conv1d panels show of the last run.
struct Conv1dRun {
  std::vector<float> input, output, reference;
  Filter1d filter;
  std::string problem;  // why nothing ran, if it did not
  double max_abs_error = 0, tolerance = 0;
};

// Where the view draws, top to bottom: the input waveform, the hovered block's shared memory,
// the output waveform, then the block labels; fractions of the view's height, so that tests
// can find them. Element i spans screen x from view.x + view.w/2 + (i - centre) zoom.
struct Conv1dLanes {
  float in0, in1, sh0, sh1, out0, out1, axis;
};
Conv1dLanes conv1d_lanes(const Rect& view);
// point_at puts the element this fraction of the view's width left of the centre: the inspector
// and the legend float over the right side.
inline constexpr float kConv1dFocusLeftOfCentre = 0.15f;
// A lane's title sits this many ems above the lane.
inline constexpr float kConv1dLaneTitleEms = 1.2f;

class Conv1dView : public PatternView {
 public:
  Conv1dView(CommonState& state, Conv1dUi& ui);  // the app's settings: they outlive the view
  void sidebar() override;
  void windows(const Rect& view) override;
  void fit() override;
  Vec2 point_at(Vec2 element, float zoom) override;
  ViewPose pose() const override;
  // A 1-D .npy becomes the signal (the animation stops); anything else says why not.
  void load_file(const std::string& path) override;
  const Backend& backend() const override { return compute_.backend(); }
  HudFigures hud() const override;
  HudFigures ladder_launch(const std::string& strategy, bool time) override;
  std::function<CounterReading(GpuTurn)> measure_job(const std::string& strategy) const override;
  float hud_below() const override;  // the "input N" title

 private:
  // Whether ladder_launch and measure_job can launch (p) on this view's data now.
  bool launches(const Conv1dParams& p) const;
  Conv1dUi& ui_;
  void step(const Rect& view, double dt) override;
  void draw(float display_w, float display_h, float fb_scale) override;
  void handle_input();
  void update_input(double dt);
  // Break it: the outputs in [first, last) that differ from the CPU reference, as bands over the
  // output lane.
  void draw_damage(ImDrawList* dl, int first, int last, const Conv1dLanes& L) const;
  void compute();
  float fit_zoom() const;
  float sx(float index) const { return view_.x + view_.w / 2 + (index - center_) * zoom_; }
  float index_at(float screen_x) const { return center_ + (screen_x - view_.x - view_.w / 2) / zoom_; }
  // The focused block's step-through (null when it is off, or there is no block or no
  // step-through), rebuilt when the block or the parameters change.
  const BlockTimeline* timeline();

  EngineOnBackend<Conv1dEngine> compute_;
  Conv1dRun run_;
  Rect view_;
  float center_ = 0, zoom_ = 1;  // index at the view's centre; screen pixels per element
  int fitted_length_ = -1, fitted_radius_ = -1;
  bool from_file_ = false, input_changed_ = true, dragging_ = false;
  double anim_time_ = 0;
  std::string filter_key_;
  std::optional<std::tuple<Conv1dParams, std::string, Break>> launched_;  // the last frame's launch
  TimelineCache<std::tuple<Conv1dParams, int>> timeline_;
  float step_bottom_ = 0;       // this frame's step drawing's bottom edge (the barrier's label): the legend goes below
  float step_caption_top_ = 0;  // this frame's step caption's top edge (0: none): the legend goes above
};

}  // namespace tilescope
