#pragma once
// Images in and out of the command line and the app.
#include <string>

#include "kernels/common/image.hpp"

namespace tilescope::io {

// A 2-D float32/float64 .npy (rows = height), or PNG/JPG/BMP/TGA/GIF/PSD/HDR/PNM through
// stb_image, converted to one channel in [0, 1] with Rec. 601 luma weights
// (0.299 R + 0.587 G + 0.114 B, as PIL's "L" mode; alpha ignored). Throws InvalidInput.
Image load_image(const std::string& path);

// By extension: .npy (float32, exact) or .png (8-bit grey, values clamped to [0, 1]).
// Written atomically; throws InvalidInput.
void save_image(const std::string& path, const Image& image);

// True when the path ends in .npy / .png (case-insensitive).
bool has_extension(const std::string& path, const std::string& ext);

}  // namespace tilescope::io
