#include "app/io/video_encoder.hpp"

#include "app/io/image_file.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::io {

std::optional<VideoFormat> video_format_of(const std::string& path) {
  if (has_extension(path, ".gif")) return VideoFormat::gif;
  if (has_extension(path, ".mp4")) return VideoFormat::mp4;
  return std::nullopt;
}

std::optional<std::string> video_format_problem(VideoFormat format) {
#ifndef TILESCOPE_HAVE_GIF
  if (format == VideoFormat::gif)
    return "this build cannot write GIF: giflib (libgif-dev) was not found when it was built";
#endif
#ifndef TILESCOPE_HAVE_LIBAV
  if (format == VideoFormat::mp4)
    return "this build cannot write MP4: FFmpeg's libavcodec, libavformat and libswscale (libavcodec-dev, "
           "libavformat-dev, libswscale-dev) were not found when it was built";
#endif
  (void)format;
  return std::nullopt;
}

std::unique_ptr<VideoEncoder> open_video_encoder(VideoFormat format, std::FILE* out, int width, int height, int fps) {
#ifdef TILESCOPE_HAVE_GIF
  if (format == VideoFormat::gif) return open_gif_encoder(out, width, height, fps);
#endif
#ifdef TILESCOPE_HAVE_LIBAV
  if (format == VideoFormat::mp4) return open_mp4_encoder(out, width, height, fps);
#endif
  (void)out, (void)width, (void)height, (void)fps;
  throw InvalidInput(video_format_problem(format).value_or("no encoder for this format"));
}

}  // namespace tilescope::io
