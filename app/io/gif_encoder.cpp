// GIF through giflib: GIF89a, looping forever, each frame with its own 256-colour palette (giflib's
// median cut, GifQuantizeBuffer) and a delay that keeps the animation on the fps clock.
#include <gif_lib.h>

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "app/io/video_encoder.hpp"

namespace tilescope::io {
namespace {

int write_to_file(GifFileType* gif, const GifByteType* bytes, int n) {
  return int(std::fwrite(bytes, 1, std::size_t(n), static_cast<std::FILE*>(gif->UserData)));
}

class GifEncoder : public VideoEncoder {
 public:
  GifEncoder(std::FILE* out, int width, int height, int fps) : width_(width), height_(height), fps_(fps) {
    int error = 0;
    gif_ = EGifOpen(out, write_to_file, &error);
    if (!gif_) throw std::runtime_error(std::string("giflib: ") + GifErrorString(error));
    EGifSetGifVersion(gif_, true);  // GIF89a: frame delays and the loop
    check(EGifPutScreenDesc(gif_, width, height, 8, 0, nullptr));
    // The NETSCAPE2.0 application extension: loop count 0, forever.
    const GifByteType netscape[] = "NETSCAPE2.0", loop[] = {1, 0, 0};
    check(EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE));
    check(EGifPutExtensionBlock(gif_, 11, netscape));
    check(EGifPutExtensionBlock(gif_, 3, loop));
    check(EGifPutExtensionTrailer(gif_));
  }
  ~GifEncoder() override {
    if (gif_) EGifCloseFile(gif_, nullptr);
  }
  GifEncoder(const GifEncoder&) = delete;
  GifEncoder& operator=(const GifEncoder&) = delete;

  void add(const unsigned char* rgb) override {
    const std::size_t n = std::size_t(width_) * height_;
    planes_.resize(3 * n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t c = 0; c < 3; ++c) planes_[c * n + i] = rgb[3 * i + c];
    indices_.resize(n);
    int colours = 256;
    GifColorType palette[256] = {};
    if (GifQuantizeBuffer(unsigned(width_), unsigned(height_), &colours, planes_.data(), planes_.data() + n,
                          planes_.data() + 2 * n, indices_.data(), palette) == GIF_ERROR)
      throw std::runtime_error("giflib could not quantise a frame");
    for (GifColorType& c : palette) c = {full_scale(c.Red), full_scale(c.Green), full_scale(c.Blue)};
    ColorMapObject* map = GifMakeMapObject(256, palette);
    if (!map) throw std::bad_alloc();
    GraphicsControlBlock gcb{DISPOSE_DO_NOT, false, delay_of(frame_++), NO_TRANSPARENT_COLOR};
    GifByteType extension[4];
    const int ok = EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, int(EGifGCBToExtension(&gcb, extension)), extension);
    const int desc = ok == GIF_OK ? EGifPutImageDesc(gif_, 0, 0, width_, height_, false, map) : GIF_ERROR;
    GifFreeMapObject(map);
    check(desc);
    for (int y = height_ - 1; y >= 0; --y) check(EGifPutLine(gif_, indices_.data() + std::size_t(y) * width_, width_));
  }

  void finish() override {
    int error = 0;
    const int closed = EGifCloseFile(gif_, &error);
    gif_ = nullptr;  // freed either way
    if (closed == GIF_ERROR) throw std::runtime_error(std::string("giflib: ") + GifErrorString(error));
  }

 private:
  void check(int result) const {
    if (result == GIF_ERROR) throw std::runtime_error(std::string("giflib: ") + GifErrorString(gif_->Error));
  }
  // Frame k's delay in hundredths of a second: the rounded clock's step, so that frame k starts at
  // round(100 k / fps) (at 30 fps: 3, 4, 3, 3, 4, 3, ...).
  int delay_of(int k) const { return int(std::lround(100.0 * (k + 1) / fps_) - std::lround(100.0 * k / fps_)); }
  // The median cut works on 5 bits a channel and returns 8-bit means of them (white: 248); stretch
  // its 0..248 back to 0..255.
  static GifByteType full_scale(GifByteType v) { return GifByteType(std::min(255, (v * 255 + 124) / 248)); }

  GifFileType* gif_ = nullptr;
  int width_, height_, fps_;
  int frame_ = 0;
  std::vector<GifByteType> planes_, indices_;
};

}  // namespace

std::unique_ptr<VideoEncoder> open_gif_encoder(std::FILE* out, int width, int height, int fps) {
  return std::make_unique<GifEncoder>(out, width, height, fps);
}

}  // namespace tilescope::io
