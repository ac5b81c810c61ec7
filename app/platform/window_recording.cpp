#include "app/platform/window_recording.hpp"

#include <algorithm>
#include <utility>

#include "app/platform/framebuffer_png.hpp"

namespace tilescope {

WindowRecording::WindowRecording(std::string path, int width, int height, double now)
    : path_(std::move(path)), width_(width), height_(height), start_(now), file_(path_) {
  encoder_ = io::open_video_encoder(io::VideoFormat::gif, file_.get(), width, height, kFps);
}

std::string WindowRecording::frame(double now, int width, int height) {
  if (width != width_ || height != height_) return "the window changed size";
  // Frame k shows the window at k / kFps seconds; after a slow frame the same picture fills the
  // frames it took, so the animation keeps the wall clock's time.
  const int due = std::min(kMaxFrames, int((now - start_) * kFps) + 1);
  if (due > frames_) {
    read_framebuffer_rgb(width_, height_, rgb_);
    for (; frames_ < due; ++frames_) encoder_->add(rgb_.data());
  }
  return frames_ < kMaxFrames ? "" : "a recording stops after a minute";
}

std::string WindowRecording::finish() {
  encoder_->finish();
  file_.commit();
  return "recording saved to " + path_ + " (" + std::to_string(frames_) + " frames, " + std::to_string(kFps) +
         " a second)";
}

}  // namespace tilescope
