#pragma once
// The tiled matrix multiplication, step by step: M, N and P as heat maps; for the hovered P
// element its block, the row strip of M and column strip of N the block reads, the current
// phase's tiles staged in Mds and Nds; a phase stepper that walks load -> barrier -> multiply ->
// barrier, and what P becomes when either barrier is left out.
#include <optional>
#include <string>
#include <vector>

#include "app/matmul/ui.hpp"
#include "app/ui/pattern_view.hpp"
#include "kernels/common/engine_on_backend.hpp"
#include "kernels/matmul/engine.hpp"

namespace tilescope {

// What the matmul panels show of the last run.
struct MatmulRun {
  std::vector<float> M, N, P, reference;
  std::vector<float> P_library;  // cuBLAS on the same matrices (empty on the CPU)
  std::vector<float> P_missing;  // the phase emulation without the chosen barrier (if any)
  std::string problem;           // why nothing ran, if it did not
  double max_abs_error = 0, library_error = 0, tolerance = 0;
  std::optional<double> library_ms;
  std::string library_name;
  int wrong_without_barrier = 0;  // elements of P_missing that differ from the reference
};

class MatmulView : public PatternView {
 public:
  MatmulView(CommonState& state, MatmulUi& ui);  // the app's settings: they outlive the view
  void sidebar() override;
  void windows(const Rect& view) override;
  void fit() override {}  // the three matrices always fill the view
  Vec2 point_at(Vec2 element, float zoom) override;
  void load_file(const std::string& path) override;  // says how to multiply files instead
  const Backend& backend() const override { return compute_.backend(); }
  HudFigures hud() const override;
  HudFigures ladder_launch(const std::string& strategy, bool time) override;
  std::function<CounterReading(GpuTurn)> measure_job(const std::string& strategy) const override;
  float hud_below() const override;  // the phase title

 private:
  // Whether ladder_launch and measure_job can launch (p) on this view's data now.
  bool launches() const;
  MatmulUi& ui_;
  // Where the matrices and the shared tiles go, in screen pixels.
  struct Layout {
    float cell = 1, x0 = 0, y0 = 0;  // cell size; origin of the cell grid
    int gap = 2;
    int zoom = 1;    // Mds and Nds are drawn this many times larger: small tiles stay visible
    int shared = 0;  // their side in cells: tiled's TILE_WIDTH x zoom (the others draw no Mds / Nds)
    Vec2 at(float cx, float cy) const { return {x0 + cx * cell, y0 + cy * cell}; }
  };
  void step(const Rect& view, double dt) override;
  void draw(float display_w, float display_h, float fb_scale) override;
  void handle_input();
  void compute();
  Layout layout() const;

  EngineOnBackend<MatmulEngine> compute_;
  MatmulRun run_;
  Rect view_;
  MatmulParams last_params_{};            // the matrices' and the run's
  std::optional<MatmulParams> launched_;  // the last timed launch
  unsigned last_seed_ = 0;
  MissingBarrier last_missing_ = MissingBarrier::none;
  bool dirty_ = true;
};

}  // namespace tilescope
