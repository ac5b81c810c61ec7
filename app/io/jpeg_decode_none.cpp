// Built where libjpeg-turbo is not (the browser build): a JPEG is refused in one line that says why.
#include "app/io/jpeg_decode.hpp"

#include "kernels/common/error.hpp"

namespace tilescope::io {

Pixels8 decode_jpeg(const std::string& name, const std::string&, const std::function<void(long long, long long)>&) {
  throw InvalidInput(name + ": JPEG needs libjpeg-turbo, which the browser build has not; open a PNG or a .npy");
}

}  // namespace tilescope::io
