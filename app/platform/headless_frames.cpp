#include "app/platform/headless_frames.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <iostream>

#include "kernels/common/error.hpp"

namespace tilescope {
namespace {

// A capture shows whole frames: no work goes on over the next frames (CommonState::work_budget_ms).
UiState without_budget(UiState state) {
  state.work_budget_ms = 0;
  return state;
}

}  // namespace

HeadlessFrames::HeadlessFrames(UiState state, const ShotOptions& o)
    : gl_(o.width, o.height), app_(without_budget(std::move(state))), options_(o) {
  ImGui::GetIO().DisplaySize = {float(o.width), float(o.height)};
}

void HeadlessFrames::render(double dt) {
  ImGuiIO& io = ImGui::GetIO();
  io.DeltaTime = float(dt);
  if (options_.hover && rendered_ >= 1) {
    const Vec2 centre{options_.hover->x + 0.5f, options_.hover->y + 0.5f};
    const Vec2 s = app_.view().point_at(centre, rendered_ == 1 ? options_.zoom : 0);
    io.MousePos = {s.x, s.y};
  }
  app_.prepare_frame();
  imgui_opengl3_new_frame();
  ImGui::NewFrame();
  app_.frame(io.DisplaySize.x, io.DisplaySize.y, 1.0f, dt);
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  glFlush();  // as a window's buffer swap does: the renderer starts on this frame while the next is prepared
  ++rendered_;
}

int run_headless(const char* what, const std::function<void()>& body) {
  try {
    body();
    return 0;
  } catch (const InvalidInput& e) {
    std::cerr << "tilescope: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "tilescope: " << what << " failed: " << e.what() << "\n";
    return 1;
  } catch (...) {
    std::cerr << "tilescope: " << what << " failed: unknown error\n";
    return 1;
  }
}

}  // namespace tilescope
