#pragma once
// The inspector: every pattern's floating window of the hovered or pinned cell's launch facts, in the
// view's top-right corner (its top-left, below the HUD, while the pointer is under the right one).
#include "app/view/step_draw.hpp"
#include "app/view/view_transform.hpp"

namespace tilescope {

inline constexpr float kWindowInset = 10;              // screen pixels between a view's edges and its floating windows
inline constexpr const char* kLegendTitle = "Legend";  // every pattern's legend window, bottom-right

// Opens the inspector's window in the top-right corner of `area` (a view's windows_area), or in its
// top-left corner below the HUD while the pointer is where the window would stand at the right. Its
// lines wrap so that it is at most inspector_width() wide, and it ends at the area's bottom and above
// the legend drawn before it (scrolling if it must); at the left, above the `bottom_left` pixels of the area's bottom
// that the view keeps for itself (stencil3d's colour bar). Close it with end_inspector().
void begin_inspector(const Rect& area, float bottom_left = 0);
void end_inspector();
// The widest the inspector gets in the current style (20 em of text and its padding): a view that
// lays its data out around the inspector keeps this much free at its right.
float inspector_width();
// The shortest it gets above what it must not cover (below that, it covers it).
float inspector_least_height();
// Whether `area` leaves begin_inspector room for that least height (below its inset and gap).
bool inspector_fits(const Rect& area);

// Opens a pattern's legend window with its bottom-right corner at (right, bottom), its lines
// wrapped to at most `width` (the view's, so large type never spills over the sidebar), at most
// `top` high on screen (what it must not cover lies above; a longer legend scrolls). Close it with
// end_legend().
void begin_legend(float right, float bottom, float width, float top = 0);
// The legend's width as drawn last frame (0 before it is first drawn, or while hidden).
float legend_width();
void end_legend();

// Where the windows go so that the stepped or pinned block (`block`, its screen box; empty: none this
// frame) stays in sight, each where its columns reach over the block and it keeps its
// least height there (else as before, over the block):
// - the legend, at (right, bottom): its top edge below the block (0: no bound);
float legend_top_below(const ScreenBox& block, float right, float bottom);
// - the inspector, in `area`: the part of it above the block.
Rect inspector_area_above(const Rect& area, const ScreenBox& block);

// Whether the pointer is on the inspector's or the legend's window.
bool pointer_on_floating_window();

// Where a view's floating windows go: `view`, or the part of it below `hud` when the inspector, as
// wide as it was last frame (not drawn: as wide as it may grow), would reach over the HUD. The legend keeps
// the bottom-right corner either way. An empty `hud` (no HUD shown) leaves the view as it is.
Rect windows_area(const Rect& view, const Rect& hud);

}  // namespace tilescope
