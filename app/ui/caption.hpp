#pragma once
// A scene's caption: a few lines on what to look at, in a band across the bottom of the view (the
// data, its legend and inspector fit above it), centred, wrapped at about 60 characters, on a
// semi-transparent box (toggle t). Set in the app's font, as the HUD is, so presentation mode makes
// it legible from the back of the room.
#include <string>

#include "app/view/view_transform.hpp"

namespace tilescope {

// The band `text` needs at the bottom of `view` (empty text: none).
Rect caption_band(const Rect& view, const std::string& text);
void draw_caption(const Rect& band, const std::string& text);

}  // namespace tilescope
