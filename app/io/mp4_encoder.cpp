// MP4 through FFmpeg: H.264 (libx264) where libavcodec has it, else MPEG-4 part 2; yuv420p, BT.709,
// written through an AVIOContext over the FILE* (the muxer seeks back to finish the header).
extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <sys/stat.h>
#include <cerrno>
#include <stdexcept>
#include <string>

#include "app/io/video_encoder.hpp"

namespace tilescope::io {
namespace {

std::runtime_error av_failure(const char* what, int code) {
  char why[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, why, sizeof why);
  return std::runtime_error(std::string(what) + ": " + why);
}

void check(int code, const char* what) {
  if (code < 0) throw av_failure(what, code);
}

int write_packet(void* file, uint8_t* bytes, int n) {
  return std::fwrite(bytes, 1, std::size_t(n), static_cast<std::FILE*>(file)) == std::size_t(n) ? n : AVERROR(EIO);
}

int64_t seek(void* opaque, int64_t offset, int whence) {
  std::FILE* file = static_cast<std::FILE*>(opaque);
  if (whence & AVSEEK_SIZE) {
    struct stat st {};
    return std::fflush(file) == 0 && ::fstat(::fileno(file), &st) == 0 ? int64_t(st.st_size) : AVERROR(errno);
  }
  if (::fseeko(file, offset, whence & ~AVSEEK_FORCE) != 0) return AVERROR(errno);
  return ::ftello(file);
}

struct FreeAvio {
  void operator()(AVIOContext* io) const {
    av_freep(&io->buffer);
    avio_context_free(&io);
  }
};
struct FreeFormat {
  void operator()(AVFormatContext* f) const { avformat_free_context(f); }
};
struct FreeCodec {
  void operator()(AVCodecContext* c) const { avcodec_free_context(&c); }
};
struct FreeFrame {
  void operator()(AVFrame* f) const { av_frame_free(&f); }
};
struct FreePacket {
  void operator()(AVPacket* p) const { av_packet_free(&p); }
};
struct FreeScaler {
  void operator()(SwsContext* s) const { sws_freeContext(s); }
};

template <typename T>
T* made(T* p, const char* what) {
  if (!p) throw std::runtime_error(std::string("FFmpeg could not make ") + what);
  return p;
}

class Mp4Encoder : public VideoEncoder {
 public:
  Mp4Encoder(std::FILE* out, int width, int height, int fps) : width_(width), height_(height) {
    const AVCodec* codec = avcodec_find_encoder_by_name("libx264");
    if (!codec) codec = made(avcodec_find_encoder(AV_CODEC_ID_MPEG4), "an H.264 or MPEG-4 encoder");
    constexpr int kBuffer = 1 << 16;
    auto* buffer = static_cast<unsigned char*>(made(av_malloc(kBuffer), "an I/O buffer"));
    io_.reset(avio_alloc_context(buffer, kBuffer, 1, out, nullptr, write_packet, seek));
    if (!io_) av_free(buffer);
    made(io_.get(), "an I/O context");
    AVFormatContext* format = nullptr;
    check(avformat_alloc_output_context2(&format, nullptr, "mp4", nullptr), "the MP4 muxer");
    format_.reset(format);
    format_->pb = io_.get();
    format_->flags |= AVFMT_FLAG_CUSTOM_IO;

    codec_.reset(made(avcodec_alloc_context3(codec), "an encoder context"));
    AVCodecContext* c = codec_.get();
    c->width = width, c->height = height;
    c->time_base = {1, fps};
    c->framerate = {fps, 1};
    c->pix_fmt = AV_PIX_FMT_YUV420P;
    c->gop_size = 2 * fps;  // a keyframe every 2 s: scrubbing a slide's video stays quick
    c->color_range = AVCOL_RANGE_MPEG;
    c->colorspace = AVCOL_SPC_BT709, c->color_primaries = AVCOL_PRI_BT709, c->color_trc = AVCOL_TRC_BT709;
    if (codec->id == AV_CODEC_ID_H264) {
      av_opt_set(c->priv_data, "preset", "fast", 0);
      av_opt_set(c->priv_data, "crf", "20", 0);  // sharp text and thin lines of the overlays
    } else {
      c->bit_rate = int64_t(width) * height * fps / 4;  // MPEG-4 part 2 has no CRF: about 2 bits a pixel
    }
    if (format_->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    check(avcodec_open2(c, codec, nullptr), "opening the video encoder");

    stream_ = made(avformat_new_stream(format_.get(), nullptr), "a stream");
    check(avcodec_parameters_from_context(stream_->codecpar, c), "the stream's parameters");
    stream_->time_base = c->time_base;
    check(avformat_write_header(format_.get(), nullptr), "writing the MP4 header");

    frame_.reset(made(av_frame_alloc(), "a frame"));
    frame_->format = c->pix_fmt, frame_->width = width, frame_->height = height;
    check(av_frame_get_buffer(frame_.get(), 0), "a frame's buffer");
    packet_.reset(made(av_packet_alloc(), "a packet"));
    scaler_.reset(made(sws_getContext(width, height, AV_PIX_FMT_RGB24, width, height, AV_PIX_FMT_YUV420P, SWS_BICUBIC,
                                      nullptr, nullptr, nullptr),
                       "an RGB to YUV converter"));
    // sRGB in, BT.709 limited range out, as the stream says.
    const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
    sws_setColorspaceDetails(scaler_.get(), bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
  }

  void add(const unsigned char* rgb) override {
    check(av_frame_make_writable(frame_.get()), "a writable frame");
    // GL's rows run bottom-up: start at the last row and step back.
    const int stride = 3 * width_;
    const uint8_t* top = rgb + std::size_t(height_ - 1) * stride;
    const int strides[] = {-stride};
    sws_scale(scaler_.get(), &top, strides, 0, height_, frame_->data, frame_->linesize);
    frame_->pts = next_pts_++;
    send(frame_.get());
  }

  void finish() override {
    send(nullptr);  // drain
    check(av_write_trailer(format_.get()), "writing the MP4 index");
    avio_flush(io_.get());
    check(io_->error, "writing the MP4");
  }

 private:
  // Encodes `frame` (nullptr: flush) and writes every packet the encoder gives back.
  void send(AVFrame* frame) {
    check(avcodec_send_frame(codec_.get(), frame), "encoding a frame");
    for (;;) {
      const int got = avcodec_receive_packet(codec_.get(), packet_.get());
      if (got == AVERROR(EAGAIN) || got == AVERROR_EOF) return;
      check(got, "encoding a frame");
      packet_->duration = 1;  // a frame: without it the muxer's edit list drops the last one
      av_packet_rescale_ts(packet_.get(), codec_->time_base, stream_->time_base);
      packet_->stream_index = stream_->index;
      check(av_interleaved_write_frame(format_.get(), packet_.get()), "writing a frame");
    }
  }

  int width_, height_;
  int64_t next_pts_ = 0;
  // Freed bottom-up: the muxer before the I/O context it writes through.
  std::unique_ptr<AVIOContext, FreeAvio> io_;
  std::unique_ptr<AVFormatContext, FreeFormat> format_;
  std::unique_ptr<AVCodecContext, FreeCodec> codec_;
  AVStream* stream_ = nullptr;  // the muxer's
  std::unique_ptr<AVFrame, FreeFrame> frame_;
  std::unique_ptr<AVPacket, FreePacket> packet_;
  std::unique_ptr<SwsContext, FreeScaler> scaler_;
};

}  // namespace

std::unique_ptr<VideoEncoder> open_mp4_encoder(std::FILE* out, int width, int height, int fps) {
  return std::make_unique<Mp4Encoder>(out, width, height, fps);
}

}  // namespace tilescope::io
