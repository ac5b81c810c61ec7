#include "app/io/image_file.hpp"

// stb_image is compiled here, from Debian's header, with only the formats tilescope reads through
// it (JPEG goes to libjpeg-turbo: app/io/jpeg_decode.hpp) and with every function static (no clash with libstb.a). Its
// buffers are zero-filled (calloc) so that a decoder that reads short gives the same output on every run; the checks
// below refuse truncated files before they reach it anyway.
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_ONLY_BMP
#define STBI_ONLY_TGA
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_MALLOC(sz) std::calloc(1, (sz))
#define STBI_REALLOC(p, sz) std::realloc((p), (sz))
#define STBI_FREE(p) std::free(p)
#include <cstdlib>
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include <stb_image.h>
#if defined(__clang__)
#pragma clang diagnostic pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#include <stb_image_write.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>

#include "app/io/atomic_file.hpp"
#include "app/io/jpeg_decode.hpp"
#include "app/io/npy.hpp"
#include "app/io/regular_file.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope::io {
namespace {

[[noreturn]] void fail(const std::string& name, const std::string& why) {
  throw InvalidInput("'" + name + "': " + why);
}

constexpr const char* kFormats = "use PNG, JPG, BMP, TGA or a 2-D .npy";

using Bytes = std::string;
std::uint32_t be16(const Bytes& b, std::size_t i) { return (std::uint8_t(b[i]) << 8) | std::uint8_t(b[i + 1]); }
std::uint32_t be32(const Bytes& b, std::size_t i) { return (be16(b, i) << 16) | be16(b, i + 2); }
std::uint32_t le16(const Bytes& b, std::size_t i) { return std::uint8_t(b[i]) | (std::uint8_t(b[i + 1]) << 8); }
std::uint32_t le32(const Bytes& b, std::size_t i) { return le16(b, i) | (le16(b, i + 2) << 16); }
bool starts_with(const Bytes& b, const char* magic, std::size_t n) {
  return b.size() >= n && std::memcmp(b.data(), magic, n) == 0;
}

enum class Format { png, jpeg, bmp, tga };

void check_dims(const std::string& name, long long w, long long h) {
  if (w < 1 || h < 1 || w > kMaxImageSide || h > kMaxImageSide || w * h > kMaxImagePixels)
    fail(name, "the header claims " + std::to_string(w) + "x" + std::to_string(h) +
                   " pixels, more than tilescope accepts (at most " + std::to_string(kMaxImageSide) + " per side and " +
                   std::to_string(kMaxImagePixels) + " in all)");
}

// By magic bytes; TGA has none, so it is whatever stb's TGA header test accepts and nothing else claims.
Format sniff(const std::string& name, const Bytes& b) {
  if (starts_with(b, "\x89PNG\r\n\x1a\n", 8)) return Format::png;
  if (starts_with(b, "\xff\xd8", 2)) return Format::jpeg;
  if (starts_with(b, "BM", 2)) return Format::bmp;
  const char* other = nullptr;
  if (starts_with(b, "#?", 2))
    other = "Radiance HDR";
  else if (starts_with(b, "GIF8", 4))
    other = "GIF";
  else if (starts_with(b, "8BPS", 4))
    other = "PSD";
  else if (starts_with(b, "\x53\x80\xf6\x34", 4))
    other = "Softimage PIC";
  else if (b.size() >= 2 && b[0] == 'P' && b[1] >= '1' && b[1] <= '7')
    other = "PNM";
  if (other) fail(name, std::string(other) + " images are not supported; " + kFormats);
  return Format::tga;
}

// PNG: the chunks must lie inside the file (a chunk length drives stb's allocation), IHDR first,
// IEND last, and the compressed data must be able to hold the pixels (deflate packs at most
// 1032:1), so a short file cannot make stb allocate and zero-fill a huge image.
void check_png(const std::string& name, const Bytes& b, long long w, long long h) {
  std::size_t pos = 8;
  std::uint64_t idat = 0;
  int bits = 8, channels = 1;
  bool first = true, end = false;
  while (!end) {
    if (b.size() - pos < 12) fail(name, "truncated PNG (a chunk runs past the end of the file)");
    const std::uint32_t len = be32(b, pos);
    if (len > 0x7fffffffu || len > b.size() - pos - 12)
      fail(name, "truncated or corrupt PNG (a chunk claims " + std::to_string(len) + " bytes)");
    const Bytes type = b.substr(pos + 4, 4);
    if (first && (type != "IHDR" || len != 13)) fail(name, "corrupt PNG (no IHDR chunk first)");
    if (first) {
      bits = std::uint8_t(b[pos + 16]);
      const int colour = std::uint8_t(b[pos + 17]);
      channels = colour == 2 ? 3 : colour == 4 ? 2 : colour == 6 ? 4 : 1;
    }
    // stb_image 2.27 copies an empty first IDAT to a null buffer (fuzz_image): refuse it (it carries nothing).
    if (type == "IDAT" && len == 0 && idat == 0) fail(name, "corrupt PNG (an empty IDAT chunk starts the image data)");
    if (type == "IDAT") idat += len;
    end = type == "IEND";
    first = false;
    pos += 12 + std::size_t(len);
  }
  const std::uint64_t row_bytes = (std::uint64_t(w) * channels * std::max(bits, 1) + 7) / 8;
  if (std::uint64_t(h) * row_bytes > idat * 1032 + 1024)
    fail(name, "truncated PNG: " + std::to_string(idat) + " bytes of image data cannot hold " + std::to_string(w) +
                   "x" + std::to_string(h) + " pixels");
}

// JPEG: walk every marker segment and the entropy-coded data to the end-of-image marker before
// libjpeg sees the file. Refused: a segment running past the end; a Huffman table of more than 256
// codes; more scans than libjpeg-turbo's own limit for untrusted files (500: each scan of a
// progressive file walks the whole image); fewer entropy-coded bits than 8x8 blocks (every block
// codes its DC term in at least one bit), which is how a 17-byte file claims 16384^2 pixels.
void check_jpeg(const std::string& name, const Bytes& b) {
  constexpr int kMaxScans = 500;
  std::size_t pos = 2;
  int scans = 0;
  long long w = 0, h = 0;
  std::uint64_t entropy_bytes = 0, blocks = 0;
  bool frame = false;
  for (;;) {
    if (pos >= b.size() || std::uint8_t(b[pos]) != 0xff)
      fail(name, "truncated or corrupt JPEG (no end-of-image marker)");
    while (pos < b.size() && std::uint8_t(b[pos]) == 0xff) ++pos;  // fill bytes
    if (pos >= b.size()) fail(name, "truncated JPEG");
    const int m = std::uint8_t(b[pos++]);
    if (m == 0xd9) break;                                 // EOI
    if (m == 0x01 || (m >= 0xd0 && m <= 0xd7)) continue;  // TEM, RSTn: no length
    if (m == 0xd8 || m == 0x00) fail(name, "corrupt JPEG (unexpected marker)");
    if (b.size() - pos < 2) fail(name, "truncated JPEG");
    const std::size_t len = be16(b, pos);
    if (len < 2 || len > b.size() - pos)
      fail(name, "truncated or corrupt JPEG (a segment runs past the end of the file)");
    const std::size_t seg = pos + 2, seg_end = pos + len;
    if (m == 0xc4) {  // DHT: one or more tables
      for (std::size_t t = seg; t < seg_end;) {
        if (seg_end - t < 17) fail(name, "corrupt JPEG (short Huffman table)");
        std::size_t n = 0;
        for (int k = 1; k <= 16; ++k) n += std::uint8_t(b[t + k]);
        if (n > 256) fail(name, "corrupt JPEG (a Huffman table of " + std::to_string(n) + " codes; at most 256)");
        if (seg_end - t - 17 < n) fail(name, "corrupt JPEG (short Huffman table)");
        t += 17 + n;
      }
    } else if ((m >= 0xc0 && m <= 0xcf) && m != 0xc4 && m != 0xc8 && m != 0xcc) {  // SOFn
      if (len < 8) fail(name, "corrupt JPEG (short frame header)");
      h = be16(b, seg + 1), w = be16(b, seg + 3);
      if (h != 0) check_dims(name, w, h);  // h = 0: the height comes later (DNL), which stb refuses
      const int ncomp = std::uint8_t(b[seg + 5]);
      if (ncomp < 1 || len < 8 + 3 * std::size_t(ncomp)) fail(name, "corrupt JPEG (frame header)");
      int hmax = 1, vmax = 1;
      for (int c = 0; c < ncomp; ++c) {
        const int hv = std::uint8_t(b[seg + 7 + 3 * c]);
        hmax = std::max(hmax, hv >> 4), vmax = std::max(vmax, hv & 15);
      }
      for (int c = 0; c < ncomp; ++c) {
        const int hv = std::uint8_t(b[seg + 7 + 3 * c]);
        const long long hs = std::max(hv >> 4, 1), vs = std::max(hv & 15, 1);
        const std::uint64_t bw = ((w * hs + hmax - 1) / hmax + 7) / 8, bh = ((h * vs + vmax - 1) / vmax + 7) / 8;
        blocks = std::max<std::uint64_t>(blocks, bw * bh);
      }
      frame = true;
    }
    pos = seg_end;
    if (m == 0xda) {  // SOS: entropy-coded data up to the next marker that is not a stuffed 0 or RSTn
      if (++scans > kMaxScans) fail(name, "corrupt JPEG (more than " + std::to_string(kMaxScans) + " scans)");
      const std::size_t start = pos;
      while (pos + 1 < b.size()) {
        if (std::uint8_t(b[pos]) == 0xff) {
          const int next = std::uint8_t(b[pos + 1]);
          if (next != 0x00 && next != 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        ++pos;
      }
      if (pos + 1 >= b.size()) fail(name, "truncated JPEG (the image data stops before the end-of-image marker)");
      entropy_bytes += pos - start;
    }
  }
  if (!frame) fail(name, "corrupt JPEG (no frame header)");
  if (entropy_bytes * 8 < blocks)
    fail(name, "truncated JPEG: " + std::to_string(entropy_bytes) + " bytes of image data cannot hold " +
                   std::to_string(w) + "x" + std::to_string(h) + " pixels");
}

// BMP: the pixel rows stb will read must fit in the file.
void check_bmp(const std::string& name, const Bytes& b, long long w, long long h) {
  if (b.size() < 30) fail(name, "truncated BMP");
  const std::uint32_t offset = le32(b, 10), header = le32(b, 14);
  std::uint32_t bpp = 0, compression = 0;
  if (header == 12) {
    bpp = le16(b, 24);
  } else {
    if (b.size() < 34) fail(name, "truncated BMP");
    bpp = le16(b, 28), compression = le32(b, 30);
  }
  // stb 2.27 refuses RLE (1, 2) and reads every other compression value as plain rows (fuzz_image:
  // a 35-byte file with compression 0x892b0000 claimed 2057x10496 pixels), so only RLE is exempt.
  if (compression == 1 || compression == 2) return;
  const std::uint64_t stride = (std::uint64_t(w) * std::max<std::uint32_t>(bpp, 1) + 31) / 32 * 4;
  if (std::uint64_t(offset) + stride * std::uint64_t(h) > b.size())
    fail(name, "truncated BMP: " + std::to_string(w) + "x" + std::to_string(h) + " pixels need " +
                   std::to_string(std::uint64_t(offset) + stride * h) + " bytes, the file has " +
                   std::to_string(b.size()));
}

// TGA: the header, palette and pixels (or the fewest RLE packets that can cover them) must fit.
void check_tga(const std::string& name, const Bytes& b, long long w, long long h) {
  if (b.size() < 18) fail(name, "truncated TGA");
  const int id_len = std::uint8_t(b[0]), type = std::uint8_t(b[2]), bpp = std::uint8_t(b[16]);
  const bool mapped = b[1] == 1;  // a colour map is stored only when its type says so
  const std::uint64_t palette = mapped ? std::uint64_t(le16(b, 5)) * ((std::uint8_t(b[7]) + 7) / 8) : 0;
  const std::uint64_t px_bytes = std::max((bpp + 7) / 8, 1), pixels = std::uint64_t(w) * std::uint64_t(h);
  const std::uint64_t data = type >= 8 ? (pixels + 127) / 128 * (1 + px_bytes) : pixels * px_bytes;
  if (18 + id_len + palette + data > b.size())
    fail(name, "truncated TGA: " + std::to_string(w) + "x" + std::to_string(h) + " pixels need at least " +
                   std::to_string(18 + id_len + palette + data) + " bytes, the file has " + std::to_string(b.size()));
}

template <typename T>
Image luma(const T* px, int w, int h, int channels, float scale) {
  Image img(w, h);
  for (std::size_t i = 0; i < img.pixels.size(); ++i) {
    const T* p = px + i * channels;
    img.pixels[i] = channels >= 3 ? (0.299f * p[0] + 0.587f * p[1] + 0.114f * p[2]) * scale : p[0] * scale;
  }
  return img;
}

Image from_npy(const std::string& name, NpyArray a) {
  if (a.shape.size() != 2)
    fail(name,
         "an image .npy must be 2-D (height, width); this one has " + std::to_string(a.shape.size()) + " dimensions");
  if (a.shape[0] < 1 || a.shape[1] < 1) fail(name, "the array is empty");
  Image img;
  img.height = int(a.shape[0]);
  img.width = int(a.shape[1]);
  img.pixels = std::move(a.data);
  return img;
}

Image from_encoded(const std::string& name, const Bytes& b) {
  const Format format = sniff(name, b);
  if (format == Format::jpeg) {
    check_jpeg(name, b);
    const Pixels8 px = decode_jpeg(name, b, [&](long long w, long long h) { check_dims(name, w, h); });
    return luma(px.samples.data(), px.width, px.height, px.channels, 1.0f / 255.0f);
  }
  const auto* data = reinterpret_cast<const stbi_uc*>(b.data());
  const int len = int(b.size());
  int w = 0, h = 0, channels = 0;
  if (!stbi_info_from_memory(data, len, &w, &h, &channels))
    fail(name, std::string("not a readable image (") + stbi_failure_reason() + "); " + kFormats);
  // A BMP stored top-down says so with a negative height; stb's info passes it on, its decoder flips.
  if (format == Format::bmp && h < 0 && h != INT_MIN) h = -h;
  check_dims(name, w, h);
  switch (format) {
    case Format::png: check_png(name, b, w, h); break;
    case Format::jpeg: break;  // decoded above
    case Format::bmp: check_bmp(name, b, w, h); break;
    case Format::tga: check_tga(name, b, w, h); break;
  }
  auto decode_failed = [&] { return InvalidInput("'" + name + "': cannot decode (" + stbi_failure_reason() + ")"); };
  const int info_w = w, info_h = h;
  Image img;
  if (stbi_is_16_bit_from_memory(data, len)) {
    std::unique_ptr<stbi_us, void (*)(void*)> px(stbi_load_16_from_memory(data, len, &w, &h, &channels, 0),
                                                 stbi_image_free);
    if (!px) throw decode_failed();
    if (w != info_w || h != info_h) fail(name, "corrupt image (its size changed while decoding)");
    img = luma(px.get(), w, h, channels, 1.0f / 65535.0f);
  } else {
    std::unique_ptr<stbi_uc, void (*)(void*)> px(stbi_load_from_memory(data, len, &w, &h, &channels, 0),
                                                 stbi_image_free);
    if (!px) throw decode_failed();
    if (w != info_w || h != info_h) fail(name, "corrupt image (its size changed while decoding)");
    img = luma(px.get(), w, h, channels, 1.0f / 255.0f);
  }
  return img;
}

bool write_png_to(std::FILE* f, int w, int h, int comp, const void* px, int stride, bool flip) {
  struct Sink {
    std::FILE* f;
    bool ok = true;
  } sink{f};
  stbi_flip_vertically_on_write(flip ? 1 : 0);
  const int ok = stbi_write_png_to_func(
      [](void* ctx, void* data, int size) {
        auto* s = static_cast<Sink*>(ctx);
        s->ok = s->ok && std::fwrite(data, 1, std::size_t(size), s->f) == std::size_t(size);
      },
      &sink, w, h, comp, px, stride);
  stbi_flip_vertically_on_write(0);
  return ok != 0 && sink.ok;
}

}  // namespace

bool has_extension(const std::string& path, const std::string& ext) {
  if (path.size() < ext.size()) return false;
  return std::equal(ext.rbegin(), ext.rend(), path.rbegin(),
                    [](char a, char b) { return std::tolower(a) == std::tolower(b); });
}

Image decode_image(const std::string& name, const std::string& bytes) {
  if (starts_with(bytes, "\x93NUMPY", 6)) return from_npy(name, parse_npy(name, bytes.data(), bytes.size()));
  return from_encoded(name, bytes);
}

Image load_image(const std::string& path) {
  char magic[6] = {};
  bool npy = false;
  {
    RegularFile f(path);  // refuses a FIFO, a directory or a device before reading
    npy = f.read(magic, 6) == 6 && std::memcmp(magic, "\x93NUMPY", 6) == 0;
  }
  if (npy) return from_npy(path, read_npy(path));  // read in place, checked against the file's size
  return from_encoded(path, read_whole_file(path, kMaxImageFileBytes, "an image"));
}

void save_framebuffer_rgb_png(const std::string& path, int w, int h, const unsigned char* rgb_bottom_up) {
  write_atomically(path, [&](std::FILE* f) { return write_png_to(f, w, h, 3, rgb_bottom_up, w * 3, true); });
}

void save_image(const std::string& path, const Image& image) {
  if (has_extension(path, ".npy")) {
    write_npy(path, {image.height, image.width}, image.pixels.data());
  } else if (has_extension(path, ".png")) {
    std::vector<std::uint8_t> grey(image.pixels.size());
    std::transform(image.pixels.begin(), image.pixels.end(), grey.begin(), [](float v) {
      return std::uint8_t(std::lround(std::clamp(std::isnan(v) ? 0.0f : v, 0.0f, 1.0f) * 255.0f));
    });
    write_atomically(path, [&](std::FILE* f) {
      return write_png_to(f, image.width, image.height, 1, grey.data(), image.width, false);
    });
  } else {
    throw InvalidInput("output '" + path + "' must end in .npy (float32, exact) or .png (8-bit, clamped)");
  }
}

}  // namespace tilescope::io
