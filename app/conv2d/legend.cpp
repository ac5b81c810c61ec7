#include "app/conv2d/legend.hpp"

#include <algorithm>

#include "app/conv2d/figures.hpp"
#include "app/conv2d/overlays.hpp"
#include "app/view/palette.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope {
namespace {

LegendEntry entry(const palette::Swatch& s, bool hatched = false) { return {s.rgba, s.name, hatched}; }

// Where the focused pixel's taps come from: which sources, and for sliding whose registers.
struct TapsSeen {
  bool source[4] = {};
  bool own_lane = false, other_lane = false;
};

TapsSeen taps_seen(const Conv2dParams& p, Pixel focus) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const int bx = gx.block_of(focus.x), by = gy.block_of(focus.y);
  TapsSeen seen;
  for (int dy = -p.filter_radius; dy <= p.filter_radius; ++dy)
    for (int dx = -p.filter_radius; dx <= p.filter_radius; ++dx) {
      const int x = focus.x + dx;
      const TapSource t = tap_source(gx, gy, p.width, p.height, bx, by, x, focus.y + dy);
      seen.source[int(t)] = true;
      const std::uint32_t colour = sliding_tap_colour(p, gx, focus.x, x, t);
      seen.own_lane |= colour == palette::kTapRegisters.rgba;
      seen.other_lane |= colour == palette::kTapShuffle.rgba;
    }
  return seen;
}

// The block's outlines: its output tile, halo, ghost cells, load-only ring and staged tile.
void block_entries(const Conv2dParams& p, Pixel focus, std::vector<LegendEntry>& out) {
  const bool sliding = p.strategy == Conv2dStrategy::sliding;
  const Conv2dBlockRects rects =
      conv2d_block_rects(p, tiling_of(p, 0).block_of(focus.x), tiling_of(p, 1).block_of(focus.y));
  out.push_back(entry(sliding ? palette::kWarpTile : palette::kOutputTile));
  out.push_back(entry(palette::kHalo));
  if (crosses_edge(p, rects)) out.push_back(entry(palette::kGhost, true));
  if (rects.has_load_only_ring) out.push_back(entry(palette::kLoadOnly));
  if (rects.stages_more)
    out.push_back(entry(sliding                            ? palette::kWarpLoads
                        : tiling_of(p, 0).stages_sectors() ? palette::kSectorStagedTile
                                                           : palette::kStagedTile));
  if (rects.has_row_pass) out.push_back(entry(palette::kRowPass));
}

// The taps by source; a ghost tap joins the ghost cells' entry when the block shows them.
void tap_entries(const Conv2dParams& p, Pixel focus, std::vector<LegendEntry>& out) {
  const TapsSeen seen = taps_seen(p, focus);
  const bool sliding = p.strategy == Conv2dStrategy::sliding;
  if (sliding) {
    if (seen.own_lane) out.push_back(entry(palette::kTapOwnLane));
    if (seen.other_lane) out.push_back(entry(palette::kTapOtherLane));
  } else {
    if (seen.source[int(TapSource::shared)]) out.push_back(entry(palette::kTapShared));
    if (seen.source[int(TapSource::global)]) out.push_back(entry(palette::kTapGlobal));
    if (seen.source[int(TapSource::ghost_skipped)]) out.push_back(entry(palette::kTapGhostSkipped, true));
  }
  if (seen.source[int(TapSource::ghost_shared)]) {
    const palette::Swatch& ghost_tap = sliding ? palette::kTapGhostRegister : palette::kTapGhostShared;
    LegendEntry* cells = nullptr;
    for (LegendEntry& e : out)
      if (e.rgba == palette::kGhost.rgba && e.hatched) cells = &e;
    if (cells)
      cells->name += std::string("; ") + ghost_tap.name;
    else
      out.push_back(entry(ghost_tap, true));
  }
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  if (gx.outputs_per_thread() > 1 || gy.outputs_per_thread() > 1)
    out.push_back(entry(sliding ? palette::kLaneStrip : palette::kThreadPatch));
  // separable frames the column pass's taps; the entry is the row pass's when the block shows it.
  const bool listed =
      std::any_of(out.begin(), out.end(), [](const LegendEntry& e) { return e.rgba == palette::kRowPass.rgba; });
  if (gx.separable() && !listed) out.push_back(entry(palette::kRowPass));
}

}  // namespace

bool conv2d_runs(const Conv2dUi& ui) {
  const Conv2dParams& p = ui.params;
  return !launch_problem(p) && !filter_problem(p, make_named_filter(ui.filter, p.filter_radius));
}

std::vector<LegendEntry> conv2d_legend(const CommonState& s, const Conv2dUi& ui) {
  const Conv2dParams& p = ui.params;
  const bool sliding = p.strategy == Conv2dStrategy::sliding;
  std::vector<LegendEntry> out;
  if (s.overlays.tile_grid) out.push_back(entry(sliding ? palette::kWarpGrid : palette::kTileGrid));
  const auto focus = focus_pixel(s);
  const bool runs = conv2d_runs(ui);
  if (focus && runs) {
    if (s.overlays.block) block_entries(p, *focus, out);
    if (s.overlays.receptive_field) tap_entries(p, *focus, out);
  }
  if (ui.bug != Break::none && runs && !break_problem(p.strategy, ui.bug) &&
      (ui.view == ViewMode::output || ui.view == ViewMode::split))
    out.push_back(entry(palette::kDamaged));
  return out;
}

}  // namespace tilescope
