#pragma once
// The App drawn headless, one frame at a time, into an FBO on an EGL context: what `shot` captures
// once and `record` captures every frame.
#include <functional>

#include "app/platform/headless_egl.hpp"
#include "app/platform/imgui_session.hpp"
#include "app/platform/run.hpp"
#include "app/shell/app.hpp"

namespace tilescope {

class HeadlessFrames {
 public:
  // The window of `o` (size, pointer, zoom) on `state`; throws what HeadlessGl throws.
  HeadlessFrames(UiState state, const ShotOptions& o);
  // Draws the next frame, dt seconds after the last, whole: the App runs without a work budget
  // (CommonState::work_budget_ms), so what a shot or a recording captures is never half done. Frame
  // 0 sizes the view to the data; from frame 1 the pointer rests over the hovered pixel (frame 1
  // zooms to it).
  void render(double dt);

  App& app() { return app_; }
  const HeadlessGl& gl() const { return gl_; }

 private:
  HeadlessGl gl_;
  ImGuiSession imgui_;
  App app_;
  ShotOptions options_;
  int rendered_ = 0;
};

// Runs `body` and turns what it throws into the exit code, with one line on stderr: bad input
// (InvalidInput) 2, anything else 1 ("tilescope: <what> failed: ..."); 0 when it returns.
int run_headless(const char* what, const std::function<void()>& body);

}  // namespace tilescope
