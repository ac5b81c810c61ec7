// Headless: the same App and UI as the window, drawn into an FBO on an EGL context.
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <iostream>

#include "app/app.hpp"
#include "app/platform/framebuffer_png.hpp"
#include "app/platform/headless_egl.hpp"
#include "app/platform/imgui_session.hpp"
#include "app/platform/run.hpp"
#include "kernels/error.hpp"

namespace tilescope {

int run_shot(UiState state, const ShotOptions& o) {
  try {
    HeadlessGl gl(o.width, o.height);
    ImGuiSession imgui(nullptr);
    App app(std::move(state));
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {float(o.width), float(o.height)};
    io.DeltaTime = 1.0f / 60;
    // Frame 0 sizes the view to the image; from frame 1 the pointer rests over the hovered pixel.
    const int frames = std::max(o.hover ? 2 : 1, o.frames);
    for (int i = 0; i < frames; ++i) {
      if (o.hover && i >= 1) {
        const Vec2 centre{o.hover->x + 0.5f, o.hover->y + 0.5f};
        if (i == 1 && o.zoom > 0) app.view().look_at(centre, o.zoom);
        const Vec2 s = app.view().to_screen(centre);
        io.MousePos = {s.x, s.y};
      }
      app.prepare_frame();
      ImGui_ImplOpenGL3_NewFrame();
      ImGui::NewFrame();
      app.frame(io.DisplaySize.x, io.DisplaySize.y, 1.0f, io.DeltaTime);
      ImGui::Render();
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    }
    glFinish();
    save_framebuffer_png(o.out, o.width, o.height);
    std::cout << "wrote " << o.out << " (" << o.width << "x" << o.height << ", " << gl.description() << ", "
              << app.pipeline().backend().description() << ")\n";
    return 0;
  } catch (const InvalidInput& e) {
    std::cerr << "tilescope: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "tilescope: shot failed: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace tilescope
