#pragma once
// What an image view shows (app/view/image_layer.hpp): the input, the output, a wipe of both, or
// |output - CPU reference|.
namespace tilescope {

enum class ViewMode { input, output, split, diff };

}  // namespace tilescope
