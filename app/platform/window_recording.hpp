#pragma once
// The window's record button (g, View > Record a GIF): the frames the window shows, a fixed number
// a second of wall-clock time, streamed into a GIF that appears whole when the recording stops.
#include <memory>
#include <string>
#include <vector>

#include "app/io/atomic_file.hpp"
#include "app/io/video_encoder.hpp"

namespace tilescope {

class WindowRecording {
 public:
  static constexpr int kFps = 15;               // a GIF's delays are hundredths: 15 keeps time within a frame
  static constexpr int kMaxFrames = 60 * kFps;  // a minute: a slide's animation, not a lecture

  // Starts recording width x height frames into `path`; throws (InvalidInput) when it cannot be written.
  WindowRecording(std::string path, int width, int height, double now);
  // After the frame is drawn: adds the framebuffer when its time has come. Returns why the recording
  // must end (the window changed size, the minute is up), or "" to go on.
  std::string frame(double now, int width, int height);
  // Ends the file and says what was written.
  std::string finish();

 private:
  std::string path_;
  int width_, height_;
  double start_;
  int frames_ = 0;
  io::AtomicFile file_;
  std::unique_ptr<io::VideoEncoder> encoder_;
  std::vector<unsigned char> rgb_;
};

}  // namespace tilescope
