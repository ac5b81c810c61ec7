#pragma once
// Images in and out of the command line and the app.
#include <cstdint>
#include <string>

#include "kernels/common/image.hpp"

namespace tilescope::io {

// Decoded images are bounded before a pixel is allocated.
inline constexpr int kMaxImageSide = 16384;
inline constexpr long long kMaxImagePixels = 1LL << 26;
inline constexpr std::uint64_t kMaxImageFileBytes = 768ull << 20;

// A 2-D float32/float64 .npy (rows = height), PNG/BMP/TGA through stb_image or JPEG through
// libjpeg-turbo (detected by their magic bytes; HDR, GIF, PSD, PIC and PNM are refused), converted to one channel in
// [0, 1] with Rec. 601 luma weights (0.299 R + 0.587 G + 0.114 B, as PIL's "L" mode; alpha ignored). Only regular files
// are opened; truncated files and sizes over the caps above are refused. Throws InvalidInput with one line naming the
// file.
Image load_image(const std::string& path);
// The same from the bytes of a file; `name` stands for the path in messages (tests and fuzzing).
Image decode_image(const std::string& name, const std::string& bytes);

// By extension: .npy (float32, exact) or .png (8-bit grey, values clamped to [0, 1]).
// Written atomically; throws InvalidInput.
void save_image(const std::string& path, const Image& image);
// An RGB framebuffer (rows bottom-up, as glReadPixels gives them) as a PNG, written atomically.
void save_framebuffer_rgb_png(const std::string& path, int w, int h, const unsigned char* rgb_bottom_up);

// True when the path ends in .npy / .png (case-insensitive).
bool has_extension(const std::string& path, const std::string& ext);

}  // namespace tilescope::io
