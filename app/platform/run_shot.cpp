// Headless: the same App and UI as the window, drawn into an FBO on an EGL context.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <vector>

#include "app/gl/gl.hpp"
#include "app/platform/framebuffer_png.hpp"
#include "app/platform/headless_frames.hpp"
#include "app/platform/heavy_run.hpp"
#include "app/platform/run.hpp"
#include "app/shell/scene.hpp"
#include "app/ui/timing.hpp"

namespace tilescope {
namespace {

// The frames' times (ms, each to glFinish) after the first: their median and 99th percentile.
struct FrameTimes {
  std::vector<double> ms;
  double percentile(double q) const {
    if (ms.empty()) return 0;
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    return sorted[std::min(sorted.size() - 1, std::size_t(q * double(sorted.size())))];
  }
};

// A tour: every scene in turn, read and shown as PageDown shows it in the window, o.frames frames
// each, pass after pass until o.tour_seconds have passed; a line on stdout (flushed: a soak reads
// it as it comes) after each pass.
void render_tour(HeadlessFrames& window, const ShotOptions& o) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto seconds_since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  for (int pass = 1;; ++pass) {
    const auto pass_start = Clock::now();
    for (int at = 0; at < int(o.tour.size()); ++at) {
      UiState scene = load_scene(o.tour[at]);
      if (o.live) scene.paused = false;
      window.app().open_tour(o.tour, std::move(scene), at);
      for (int i = 0; i < std::max(1, o.frames); ++i) window.render(1.0 / 60);
    }
    std::cout << "tilescope: tour pass " << pass << ": " << o.tour.size() << " scenes of " << std::max(1, o.frames)
              << " frames in " << seconds_since(pass_start) << " s" << std::endl;
    if (seconds_since(start) >= o.tour_seconds) return;
  }
}

// Renders the shot's frames (or its tour), then hands the window (its framebuffer complete) to
// `capture` with the milliseconds the frames after the first took (none when there is one frame).
template <class Capture>
void render_shot(UiState state, const ShotOptions& o, Capture&& capture) {
  const int frames = std::max(o.hover ? 2 : 1, o.frames);
  if (o.tour.empty()) check_heavy_run(state, o, frames, !state.paused, false);  // a tour's time is --seconds
  HeadlessFrames window(std::move(state), o);
  if (!o.tour.empty()) {
    render_tour(window, o);
    glFinish();
    return capture(window, 1, 0.0, FrameTimes{});
  }
  // Frame 0 sizes the view to the image; from frame 1 the pointer rests over the hovered pixel.
  FrameTimes times;
  auto t_start = std::chrono::steady_clock::now(), t_frame = t_start;
  for (int i = 0; i < frames; ++i) {
    if (i == 1) {
      glFinish();
      t_start = t_frame = std::chrono::steady_clock::now();  // frame 0 pays for set-up: not timed
    }
    window.render(1.0 / 60);
    if (i >= 1 && frames > 2) {  // each frame to the end of its GL work, as a window's swap would wait
      glFinish();
      const auto now = std::chrono::steady_clock::now();
      times.ms.push_back(std::chrono::duration<double, std::milli>(now - t_frame).count());
      t_frame = now;
    }
  }
  glFinish();
  const auto t_end = std::chrono::steady_clock::now();
  capture(window, frames, std::chrono::duration<double, std::milli>(t_end - t_start).count(), times);
}

}  // namespace

int run_shot(UiState state, const ShotOptions& o) {
  return run_headless("shot", [&] {
    render_shot(std::move(state), o, [&](HeadlessFrames& window, int frames, double total, const FrameTimes& times) {
      save_framebuffer_png(o.out, o.width, o.height);
      if (frames > 1) {
        const FrameStats& st = window.app().stats();
        std::cout << frames - 1 << " frames after the first: " << total / (frames - 1) << " ms per frame ("
                  << 1000.0 * (frames - 1) / total << " frames/s); kernel " << st.steady_kernel_ms() << " ms ("
                  << kernel_timed_by(window.app().view().backend(), st.steady_runs()) << "), last frame: source "
                  << st.source_ms << " ms, to GL " << st.upload_ms << " ms via " << st.transfer << "\n";
        if (!times.ms.empty())
          std::cout << "frame times: median " << times.percentile(0.5) << " ms, 99th percentile "
                    << times.percentile(0.99) << " ms, longest " << times.percentile(1.0) << " ms\n";
      }
      std::cout << "wrote " << o.out << " (" << o.width << "x" << o.height << ", " << window.gl().description() << ", "
                << window.app().view().backend_description() << ")\n";
    });
  });
}

std::vector<unsigned char> shot_pixels(UiState state, const ShotOptions& o) {
  std::vector<unsigned char> rgba;
  render_shot(std::move(state), o, [&](HeadlessFrames&, int, double, const FrameTimes&) {
    std::vector<unsigned char> rgb;
    read_framebuffer_rgb(o.width, o.height, rgb);  // what run_shot's PNG holds, rows bottom-up
    rgba.resize(std::size_t(o.width) * o.height * 4);
    for (int y = 0; y < o.height; ++y) {
      const unsigned char* from = &rgb[std::size_t(o.height - 1 - y) * o.width * 3];
      unsigned char* to = &rgba[std::size_t(y) * o.width * 4];
      for (int x = 0; x < o.width; ++x, from += 3, to += 4)
        to[0] = from[0], to[1] = from[1], to[2] = from[2], to[3] = 255;
    }
  });
  return rgba;
}

}  // namespace tilescope
