// Headless: the same App and UI as the window, drawn into an FBO on an EGL context.
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <chrono>
#include <iostream>

#include "app/app.hpp"
#include "app/platform/framebuffer_png.hpp"
#include "app/platform/headless_egl.hpp"
#include "app/platform/imgui_session.hpp"
#include "app/platform/run.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {

int run_shot(UiState state, const ShotOptions& o) {
  try {
    HeadlessGl gl(o.width, o.height);
    ImGuiSession imgui;
    App app(std::move(state));
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {float(o.width), float(o.height)};
    io.DeltaTime = 1.0f / 60;
    // Frame 0 sizes the view to the image; from frame 1 the pointer rests over the hovered pixel.
    const int frames = std::max(o.hover ? 2 : 1, o.frames);
    auto t_start = std::chrono::steady_clock::now();
    for (int i = 0; i < frames; ++i) {
      if (i == 1) {
        glFinish();
        t_start = std::chrono::steady_clock::now();  // frame 0 pays for set-up: not timed
      }
      if (o.hover && i >= 1) {
        const Vec2 centre{o.hover->x + 0.5f, o.hover->y + 0.5f};
        const Vec2 s = app.view().point_at(centre, i == 1 ? o.zoom : 0);
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
    const auto t_end = std::chrono::steady_clock::now();
    save_framebuffer_png(o.out, o.width, o.height);
    if (frames > 1) {
      const double total = std::chrono::duration<double, std::milli>(t_end - t_start).count();
      const FrameStats& st = app.stats();
      std::cout << frames - 1 << " frames after the first: " << total / (frames - 1) << " ms per frame ("
                << 1000.0 * (frames - 1) / total << " frames/s); last frame: kernel " << st.kernel_ms.latest()
                << " ms, source " << st.source_ms << " ms, to GL " << st.upload_ms << " ms via " << st.transfer << "\n";
    }
    std::cout << "wrote " << o.out << " (" << o.width << "x" << o.height << ", " << gl.description() << ", "
              << app.view().backend_description() << ")\n";
    return 0;
  } catch (const InvalidInput& e) {
    std::cerr << "tilescope: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "tilescope: shot failed: " << e.what() << "\n";
    return 1;
  } catch (...) {
    std::cerr << "tilescope: shot failed: unknown error\n";
    return 1;
  }
}

}  // namespace tilescope
