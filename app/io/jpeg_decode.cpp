#include "app/io/jpeg_decode.hpp"

#include <csetjmp>
#include <cstdio>

// jpeglib.h needs FILE and size_t declared first.
#include <jpeglib.h>

#include "kernels/common/error.hpp"

namespace tilescope::io {
namespace {

// libjpeg reports errors through callbacks that must not return: they jump back to decode_jpeg.
struct ErrorSink {
  jpeg_error_mgr pub;
  std::jmp_buf back;
  char message[JMSG_LENGTH_MAX];
};

[[noreturn]] void jump_back(j_common_ptr cinfo) {
  auto* sink = reinterpret_cast<ErrorSink*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, sink->message);
  std::longjmp(sink->back, 1);
}
void on_message(j_common_ptr cinfo, int level) {
  if (level < 0) jump_back(cinfo);  // a warning: corrupt or truncated data, which libjpeg would pad
}

// Owns the decompressor, so that every way out (a throw, a jump) releases it.
struct Decompressor {
  jpeg_decompress_struct cinfo{};
  ErrorSink sink{};
  Decompressor() {
    cinfo.err = jpeg_std_error(&sink.pub);
    sink.pub.error_exit = jump_back;
    sink.pub.emit_message = on_message;
  }
  ~Decompressor() { jpeg_destroy_decompress(&cinfo); }
};

}  // namespace

Pixels8 decode_jpeg(const std::string& name, const std::string& bytes,
                    const std::function<void(long long, long long)>& check_size) {
  Decompressor d;
  Pixels8 px;
  // Nothing with a destructor is created between here and the last libjpeg call: longjmp skips them.
  if (setjmp(d.sink.back)) throw InvalidInput("'" + name + "': cannot decode JPEG (" + d.sink.message + ")");
  jpeg_create_decompress(&d.cinfo);
  jpeg_mem_src(&d.cinfo, reinterpret_cast<const unsigned char*>(bytes.data()),
               static_cast<unsigned long>(bytes.size()));
  jpeg_read_header(&d.cinfo, TRUE);
  check_size(d.cinfo.image_width, d.cinfo.image_height);
  d.cinfo.out_color_space = d.cinfo.num_components >= 3 ? JCS_RGB : JCS_GRAYSCALE;
  jpeg_start_decompress(&d.cinfo);
  px.width = int(d.cinfo.output_width), px.height = int(d.cinfo.output_height), px.channels = d.cinfo.output_components;
  px.samples.resize(std::size_t(px.width) * px.height * px.channels);
  while (d.cinfo.output_scanline < d.cinfo.output_height) {
    JSAMPROW row = px.samples.data() + std::size_t(d.cinfo.output_scanline) * px.width * px.channels;
    jpeg_read_scanlines(&d.cinfo, &row, 1);
  }
  jpeg_finish_decompress(&d.cinfo);
  return px;
}

}  // namespace tilescope::io
