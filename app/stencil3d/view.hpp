#pragma once
// PMPP chapter 8's 3D stencils, live: a heat-diffusion simulation runs K steps of the selected
// strategy per frame; the view shows one z slice as a heat map with the launch's tiles, halo,
// ghost and boundary cells, and panels for the tile in 3D, the model and the timing.
#include <optional>
#include <string>
#include <tuple>

#include "app/interop/cuda_gl_textures.hpp"
#include "app/stencil3d/heat_simulation.hpp"
#include "app/stencil3d/ui.hpp"
#include "app/ui/image_pattern_view.hpp"
#include "app/ui/timeline_cache.hpp"
#include "app/view/image_layer.hpp"
#include "app/view/step_draw.hpp"

namespace tilescope {

class Stencil3dView : public ImagePatternView {
 public:
  Stencil3dView(CommonState& state, Stencil3dUi& ui);  // the app's settings: they outlive the view
  void sidebar() override;
  void windows(const Rect& view) override;
  void load_file(const std::string& path) override;
  const Backend& backend() const override { return sim_.backend(); }
  HudFigures hud() const override;
  HudFigures ladder_launch(const std::string& strategy, bool time) override;
  std::function<CounterReading(GpuTurn)> measure_job(const std::string& strategy) const override;

 private:
  // Whether ladder_launch and measure_job can launch (p) on this view's data now.
  bool launches() const;
  Stencil3dUi& ui_;
  void step(const Rect& view, double dt) override;
  void draw(float display_w, float display_h, float fb_scale) override;
  void handle_input();
  void compute(double dt);
  void present();  // the shown slice of the current grid into the texture
  // Break it: one broken step from the current state, its slice shown over the reference's;
  // the tolerance the damage is painted past, none when no break runs.
  std::optional<float> present_broken();
  // The focused block's step-through (null when it is off, or there is no block or no
  // step-through), rebuilt when the block or the parameters change.
  const BlockTimeline* timeline();

  HeatSimulation sim_;
  ImageLayer image_layer_;
  CudaGlTextures interop_;
  Image slice_;                  // the host copy of the shown slice, when it cannot go device to device
  Image reference_slice_;        // break it: the reference step's slice
  std::optional<float> damage_;  // break it: this frame's damage tolerance
  StencilCoeffs coeffs_;
  std::string coeffs_key_;
  double sim_time_ = 0;
  bool dragging_ = false;
  Stencil3dParams last_params_{};
  std::optional<std::pair<Stencil3dParams, int>> launched_;  // the last frame's launch and its steps per frame
  std::optional<Stencil3dUi> shown_;  // the last frame's settings: a default tile follows the order and grid
  TimelineCache<std::tuple<Stencil3dParams, int, int, int>> timeline_;
  float step_caption_top_ = 0;  // this frame's step caption's top edge (0: none): the legend goes above
  ScreenBox kept_block_;        // this frame's stepped or pinned block on screen (empty: none): the windows keep clear
};

}  // namespace tilescope
