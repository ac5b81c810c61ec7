#pragma once
// What a view measured over its recent frames, for the timing panels and the shot log.
#include <string>

#include "app/ui/history.hpp"

namespace tilescope {

struct FrameStats {
  History<240> kernel_ms, frame_ms;
  double upload_ms = 0;  // moving input/output into the textures (interop or upload)
  std::string transfer;  // which path did it
  double source_ms = 0;  // generating the demo frame
  std::string status;    // last screenshot path, load errors, ...
};

}  // namespace tilescope
