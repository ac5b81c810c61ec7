// Headless recording: the frames of the headless window, 1/fps seconds of the demo apart (or one
// step of a stepped view every fps / steps_per_second frames), streamed into a GIF or an MP4.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "app/io/atomic_file.hpp"
#include "app/io/video_encoder.hpp"
#include "app/platform/framebuffer_png.hpp"
#include "app/platform/headless_frames.hpp"
#include "app/platform/heavy_run.hpp"
#include "app/platform/run.hpp"

namespace tilescope {
namespace {

// A stepped view records its steps instead of the demo: a pattern's step-through when it is on,
// a pattern without one (matmul's phase stepper) always (its data does not move).
bool stepped(UiState& s) {
  return s.with_shown([](auto app, auto& u) {
    const Stepper* stepper = decltype(app)::stepper(u);
    return !stepper || stepper->on;
  });
}

// One step forward, as the > key takes it (the view stops at the last step).
void step_forward(UiState& s) {
  s.with_shown([](auto app, auto& u) {
    if (Stepper* stepper = decltype(app)::stepper(u))
      apply_stepper_key(*stepper, '>');
    else
      apply_key(u, '>');
  });
}

// A line on stderr that each frame rewrites (\r); end() finishes it, and so does leaving its scope
// by a failure, so that the failure's message starts a line of its own.
class ProgressLine {
 public:
  ~ProgressLine() { end(); }
  void say(const std::string& text) {
    std::cerr << "\rtilescope: " << text << std::flush;
    open_ = true;
  }
  void end() {
    if (open_) std::cerr << "\n";
    open_ = false;
  }

 private:
  bool open_ = false;
};

}  // namespace

int run_record(UiState state, const RecordOptions& o) {
  return run_headless("record", [&] {
    const bool steps = stepped(state);
    state.paused = steps;  // the demo stands still while the block steps
    check_heavy_run(state, o.window, std::max(o.window.hover ? 2 : 1, o.window.frames) + o.frames, !steps, true);
    const int w = o.window.width, h = o.window.height;
    const double dt = 1.0 / o.fps;
    std::string drawn_by;  // the context and the backend, for the closing line
    double ms_per_frame = 0;
    // Inside the write: an --out that cannot be written is refused before any context opens.
    io::write_atomically(o.window.out, [&](std::FILE* f) {
      HeadlessFrames window(std::move(state), o.window);
      for (int i = 0; i < std::max(o.window.hover ? 2 : 1, o.window.frames); ++i) window.render(dt);
      auto encoder = io::open_video_encoder(*io::video_format_of(o.window.out), f, w, h, o.fps);
      std::vector<unsigned char> rgb;
      const auto t_start = std::chrono::steady_clock::now();
      int taken = 0;          // steps so far: frame k shows step floor(k steps_per_second / fps)
      ProgressLine progress;  // ended before anything else is said, a failure's message too
      for (int k = 0; k < o.frames; ++k) {
        for (const int due = int(k * o.steps_per_second / o.fps + 1e-9); steps && taken < due; ++taken)
          step_forward(window.app().state());
        window.render(dt);
        read_framebuffer_rgb(w, h, rgb);
        encoder->add(rgb.data());
        progress.say("recording frame " + std::to_string(k + 1) + "/" + std::to_string(o.frames));
      }
      progress.end();
      encoder->finish();
      ms_per_frame =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t_start).count() / o.frames;
      drawn_by = window.gl().description() + ", " + window.app().view().backend_description();
      return true;
    });
    std::cout << "wrote " << o.window.out << " (" << o.frames << " frames of " << w << "x" << h << " at " << o.fps
              << " frames/s, " << (steps ? "stepped" : "live") << "; " << ms_per_frame
              << " ms per frame with encoding; " << drawn_by << ")\n";
  });
}

}  // namespace tilescope
