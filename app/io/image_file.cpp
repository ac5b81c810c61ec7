#include "app/io/image_file.hpp"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>

#include "app/io/atomic_file.hpp"
#include "app/io/npy.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope::io {
namespace {

bool starts_like_npy(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[6] = {};
  in.read(magic, 6);
  return in.gcount() == 6 && std::memcmp(magic, "\x93NUMPY", 6) == 0;
}

Image from_npy(const std::string& path) {
  NpyArray a = read_npy(path);
  if (a.shape.size() != 2)
    throw InvalidInput("'" + path + "': an image .npy must be 2-D (height, width); this one has " +
                       std::to_string(a.shape.size()) + " dimensions");
  if (a.shape[0] < 1 || a.shape[1] < 1) throw InvalidInput("'" + path + "': the array is empty");
  Image img;
  img.height = int(a.shape[0]);
  img.width = int(a.shape[1]);
  img.pixels = std::move(a.data);
  return img;
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

Image from_stb(const std::string& path) {
  int w = 0, h = 0, channels = 0;
  if (!stbi_info(path.c_str(), &w, &h, &channels)) {
    std::ifstream probe(path);
    if (!probe) throw InvalidInput("'" + path + "': cannot open: " + std::strerror(errno));
    throw InvalidInput("'" + path + "': not a readable image (" + stbi_failure_reason() +
                       "); use PNG, JPG, BMP, TGA or a 2-D .npy");
  }
  if (w < 1 || h < 1 || static_cast<long long>(w) * h > kMaxPixels)
    throw InvalidInput("'" + path + "': the header claims " + std::to_string(w) + "x" + std::to_string(h) +
                       " pixels, more than tilescope accepts (" + std::to_string(kMaxPixels) + ")");
  auto decode_failed = [&] {
    return InvalidInput("'" + path + "': cannot decode (" + stbi_failure_reason() + "); is it truncated?");
  };
  if (stbi_is_16_bit(path.c_str())) {
    std::unique_ptr<stbi_us, void (*)(void*)> px(stbi_load_16(path.c_str(), &w, &h, &channels, 0), stbi_image_free);
    if (!px) throw decode_failed();
    return luma(px.get(), w, h, channels, 1.0f / 65535.0f);
  }
  std::unique_ptr<stbi_uc, void (*)(void*)> px(stbi_load(path.c_str(), &w, &h, &channels, 0), stbi_image_free);
  if (!px) throw decode_failed();
  return luma(px.get(), w, h, channels, 1.0f / 255.0f);
}

}  // namespace

bool has_extension(const std::string& path, const std::string& ext) {
  if (path.size() < ext.size()) return false;
  return std::equal(ext.rbegin(), ext.rend(), path.rbegin(),
                    [](char a, char b) { return std::tolower(a) == std::tolower(b); });
}

Image load_image(const std::string& path) { return starts_like_npy(path) ? from_npy(path) : from_stb(path); }

void save_image(const std::string& path, const Image& image) {
  if (has_extension(path, ".npy")) {
    write_npy(path, {image.height, image.width}, image.pixels.data());
  } else if (has_extension(path, ".png")) {
    std::vector<std::uint8_t> grey(image.pixels.size());
    std::transform(image.pixels.begin(), image.pixels.end(), grey.begin(), [](float v) {
      return std::uint8_t(std::lround(std::clamp(std::isnan(v) ? 0.0f : v, 0.0f, 1.0f) * 255.0f));
    });
    write_atomically(path, [&](const std::string& tmp) {
      return stbi_write_png(tmp.c_str(), image.width, image.height, 1, grey.data(), image.width) != 0;
    });
  } else {
    throw InvalidInput("output '" + path + "' must end in .npy (float32, exact) or .png (8-bit, clamped)");
  }
}

}  // namespace tilescope::io
