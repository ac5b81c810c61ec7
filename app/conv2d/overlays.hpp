#pragma once
// Overlays drawn over the image from the kernels' launch geometry (never recomputed here):
// the output-tile grid (sliding: one warp tile each), the focused block's input tile / halo / ghost cells / load-only
// ring, the focused pixel's taps coloured by where the kernel reads them, the focused thread's output patch, and thread
// indices.
#include <imgui.h>

#include "app/conv2d/ui.hpp"
#include "app/view/step_draw.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/conv2d/geometry.hpp"

namespace tilescope {

struct OverlayStyle {
  float line = 1.5f;  // base line width in pixels (thicker in presentation mode)
};

void draw_tile_grid(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, const OverlayStyle& st);
// Returns the screen box it drew within (the input tile, and what the block stages past it).
ScreenBox draw_block(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, int bx, int by,
                     const OverlayStyle& st);
void draw_receptive_field(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, Pixel px,
                          const OverlayStyle& st);
// The colour of the tap at column tap_x of output column out_x: where the kernel reads it; for
// sliding's register taps, whether the lane holds the column itself or gets it by a shuffle.
std::uint32_t sliding_tap_colour(const Conv2dParams& p, const Conv2dTiling& gx, int out_x, int tap_x, TapSource s);
// Thread coarsening (fast, sliding, separable): the patch of outputs the thread that computes px owns, and
// the input window it reads into registers (sliding: and the direction it marches); nothing for
// one-output-per-thread strategies.
void draw_thread_patch(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, Pixel px,
                       const OverlayStyle& st);
// threadIdx of every thread of block (bx, by) at the cell it owns, where cells are large enough.
void draw_thread_ids(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, int bx, int by);

}  // namespace tilescope
