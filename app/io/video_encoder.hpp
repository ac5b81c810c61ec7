#pragma once
// Animations for slides: frames streamed one at a time (never the whole animation in memory) into
// a GIF (giflib) or an MP4 (H.264 through FFmpeg's libavcodec). Each library is optional at build
// time: a build without it says so.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

namespace tilescope::io {

enum class VideoFormat { gif, mp4 };

// By the extension of `path` (.gif, .mp4); nullopt for any other.
std::optional<VideoFormat> video_format_of(const std::string& path);
// Why this build cannot write `format` (its library was not found when it was built); nullopt when it can.
std::optional<std::string> video_format_problem(VideoFormat format);

class VideoEncoder {
 public:
  virtual ~VideoEncoder() = default;
  // One frame of the size the encoder was opened with: RGB bytes, rows bottom-up (as GL reads them).
  virtual void add(const unsigned char* rgb) = 0;
  // Writes what the encoder still holds and the file's end: the file is complete after it.
  virtual void finish() = 0;
};

// An encoder of width x height frames shown `fps` a second, writing to `out` from its start (the
// MP4 muxer seeks back in it). MP4 needs an even width and height. Throws std::runtime_error when
// the library fails, and InvalidInput when this build cannot write `format`.
std::unique_ptr<VideoEncoder> open_video_encoder(VideoFormat format, std::FILE* out, int width, int height, int fps);

// The encoders themselves, in the builds that found their library (open_video_encoder picks).
std::unique_ptr<VideoEncoder> open_gif_encoder(std::FILE* out, int width, int height, int fps);
std::unique_ptr<VideoEncoder> open_mp4_encoder(std::FILE* out, int width, int height, int fps);

}  // namespace tilescope::io
