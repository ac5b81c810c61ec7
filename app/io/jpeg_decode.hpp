#pragma once
// JPEG through Debian's libjpeg-turbo (security-maintained), not stb_image: fuzzing found stb_image
// 2.27's JPEG decoder shifting by negative bit counts on streams that run out of coded bits.
#include <functional>
#include <string>
#include <vector>

namespace tilescope::io {

struct Pixels8 {
  int width = 0, height = 0, channels = 0;  // channels: 1 (grey) or 3 (RGB)
  std::vector<unsigned char> samples;       // rows top-down, channels interleaved
};

// Decodes a whole baseline or progressive JPEG. Every libjpeg warning (corrupt or truncated data)
// is an error. `check_size(width, height)` sees the frame's size before any pixel is allocated and
// throws to refuse it. Throws InvalidInput naming `name`.
Pixels8 decode_jpeg(const std::string& name, const std::string& bytes,
                    const std::function<void(long long, long long)>& check_size);

}  // namespace tilescope::io
