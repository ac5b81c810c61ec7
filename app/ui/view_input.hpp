#pragma once
// The mouse over a data view, the same in every pattern: drag to pan, wheel to zoom, double-click
// to fit, hover a cell, click to pin it (or unpin). Respects io.WantCaptureMouse. (The keys are the
// shell's: app/shell/app.cpp.)
#include <optional>

#include "app/ui/common_state.hpp"
#include "app/view/view_transform.hpp"

namespace tilescope {

// The hovered cell after this frame's pointer: `under` (the data cell under it, if any), else the
// one hovered before while the pointer rests on the inspector or legend (reading or scrolling
// them must not make them vanish), else none.
std::optional<Pixel> hover_after(std::optional<Pixel> under, std::optional<Pixel> before);

// dragging: whether a drag started over the view is under way (kept by the caller across frames).
void handle_view_mouse(ViewTransform& view, CommonState& s, bool& dragging);

}  // namespace tilescope
