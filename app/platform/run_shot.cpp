// Headless: the same App and UI as the window, drawn into an FBO on an EGL context.
#include <chrono>
#include <iostream>

#include "app/gl/gl.hpp"
#include "app/platform/framebuffer_png.hpp"
#include "app/platform/headless_frames.hpp"
#include "app/platform/run.hpp"
#include "app/ui/timing.hpp"

namespace tilescope {

int run_shot(UiState state, const ShotOptions& o) {
  return run_headless("shot", [&] {
    HeadlessFrames window(std::move(state), o);
    // Frame 0 sizes the view to the image; from frame 1 the pointer rests over the hovered pixel.
    const int frames = std::max(o.hover ? 2 : 1, o.frames);
    auto t_start = std::chrono::steady_clock::now();
    for (int i = 0; i < frames; ++i) {
      if (i == 1) {
        glFinish();
        t_start = std::chrono::steady_clock::now();  // frame 0 pays for set-up: not timed
      }
      window.render(1.0 / 60);
    }
    glFinish();
    const auto t_end = std::chrono::steady_clock::now();
    save_framebuffer_png(o.out, o.width, o.height);
    if (frames > 1) {
      const double total = std::chrono::duration<double, std::milli>(t_end - t_start).count();
      const FrameStats& st = window.app().stats();
      std::cout << frames - 1 << " frames after the first: " << total / (frames - 1) << " ms per frame ("
                << 1000.0 * (frames - 1) / total << " frames/s); kernel " << st.steady_kernel_ms() << " ms ("
                << kernel_timed_by(window.app().view().backend(), st.steady_runs()) << "), last frame: source "
                << st.source_ms << " ms, to GL " << st.upload_ms << " ms via " << st.transfer << "\n";
    }
    std::cout << "wrote " << o.out << " (" << o.width << "x" << o.height << ", " << window.gl().description() << ", "
              << window.app().view().backend_description() << ")\n";
  });
}

}  // namespace tilescope
