// The matmul view's floating windows: the inspector of the focused P element and the legend.
#include <imgui.h>

#include "app/matmul/figures.hpp"
#include "app/matmul/panels.hpp"
#include "app/ui/inspector.hpp"
#include "app/ui/swatch.hpp"
#include "app/view/palette.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/phases.hpp"

namespace tilescope {
namespace {

// Without barrier 1: the first slot thread (tx, ty) of block (bx, by) reads that a later warp
// stores (broken_block.hpp's slot_fault, which the broken kernel follows).
void trace_no_barrier(const MatmulParams& p, int bx, int by, int tx, int ty) {
  const BrokenMatmulLaunch k = broken_launch(p, Break::no_barrier);
  for (int i = 0; i < p.tile; ++i)
    for (const MatmulTile t : {MatmulTile::M, MatmulTile::N}) {
      const int sx = t == MatmulTile::M ? i : tx, sy = t == MatmulTile::M ? ty : i;
      if (slot_fault(k, t, bx, by, 0, tx, ty, sx, sy) != SlotFault::later_warp) continue;
      ImGui::Text("it reads %s[%d][%d], which warp %d stores", t == MatmulTile::M ? "Mds" : "Nds", sy, sx,
                  warp_of(k.g, sx, sy));
      ImGui::TextDisabled("after this thread's warp %d multiplied (emulated): in phase 0, NaN", warp_of(k.g, tx, ty));
      return;
    }
  ImGui::TextDisabled("every slot it reads is stored by its own warp or an earlier one: intact on this schedule");
}

}  // namespace

void matmul_inspector_window(const CommonState& s, const MatmulUi& ui, const MatmulRun& run, const Rect& area) {
  const MatmulUi& m = ui;
  const MatmulParams& p = m.params;
  const auto focus = focus_pixel(s);
  if (!focus || !in_range(focus->x, p.cols) || !in_range(focus->y, p.rows) || run.P.size() != run.reference.size())
    return;
  const MatmulTiling g = tiling_of(p);
  const MatmulFocus f = matmul_focus(p, focus->y, focus->x, m.phase);
  const int col = focus->x, row = focus->y, tx = f.thread_x, ty = f.thread_y;
  begin_inspector(area);
  ImGui::Text("P[%d][%d] = %+.5f%s", row, col, run.P[row * p.cols + col], s.pinned ? "  [pinned]" : "");
  if (p.strategy == MatmulStrategy::fast) {
    const int bx = f.block_x, by = f.block_y;
    const int t = tx;
    ImGui::Text("blockIdx (%d, %d)  threadIdx.x %d = warp %d, lane %d: its element [i = %d][j = %d] of 16 x 8", bx, by,
                t, t / 32, t % 32, g.fast_output_row(row), g.fast_output_col(col));
    ImGui::Text("warp tile rows %d..%d, columns %d..%d", g.fast_warp_row(by, t),
                g.fast_warp_row(by, t) + kMatmulFastWarpTile - 1, g.fast_warp_col(bx, t),
                g.fast_warp_col(bx, t) + kMatmulFastWarpTile - 1);
    ImGui::Text("rows %d, %d, %d, %d (+0..3), columns %d, %d (+0..3)", g.fast_row(by, t, 0), g.fast_row(by, t, 4),
                g.fast_row(by, t, 8), g.fast_row(by, t, 12), g.fast_col(bx, t, 0), g.fast_col(bx, t, 4));
    ImGui::Text("per phase of %d copies M[%d + %dc][k+%d] (c = 0..%d) into Ms", g.depth,
                g.row_of(by, g.fast_m_row(t, 0)), g.fast_m_row(0, 1), g.fast_m_k(t),
                g.tile_rows * g.depth / g.fast_threads() - 1);
    if (matmul_fast_float4_rows(p))
      ImGui::Text("  and N[k+%d, k+%d][%d..%d] into Ns (float4s)", g.fast_n_k(t, 0), g.fast_n_k(t, 1),
                  g.col_of(bx, g.fast_n_col(t)), g.col_of(bx, g.fast_n_col(t)) + 3);
    else
      ImGui::Text("  and N[k+%d..%d][%d] into Ns (rows not float4s)", g.fast_n_k_element(0),
                  g.fast_n_k_element(g.depth - 1), g.col_of(bx, g.fast_n_col_element(t)));
    ImGui::Text("%d phases, %d copied ahead; 128 FMAs per k from 6 float4 shared loads", f.phases, g.fast_stages() - 1);
  } else {
    ImGui::Text("blockIdx (%d, %d)  threadIdx (%d, %d)", f.block_x, f.block_y, tx, ty);
  }
  if (p.strategy == MatmulStrategy::tiled) {
    ImGui::Text("phase %d: k = %d..%d", m.phase, f.k0, f.k_end - 1);
    ImGui::Text("loads Mds[%d][%d] = M[%d][%d]", ty, tx, row, g.phase_k(m.phase, tx));
    ImGui::Text("  and Nds[%d][%d] = N[%d][%d]", ty, tx, g.phase_k(m.phase, ty), col);
    ImGui::Text("Pvalue after this phase: %+.5f", tiled_pvalue(p, run.M.data(), run.N.data(), row, col, m.phase + 1));
    if (!run.P_missing.empty())
      ImGui::TextColored({1.0f, 0.6f, 0.3f, 1.0f}, "without the barrier: %+.5f", run.P_missing[row * p.cols + col]);
    if (!run.P_missing.empty() && m.missing == MissingBarrier::read_after_write)
      trace_no_barrier(p, f.block_x, f.block_y, tx, ty);
  } else if (p.strategy == MatmulStrategy::naive) {
    ImGui::Text("reads M[%d][0..%d] and N[0..%d][%d]", row, p.inner - 1, p.inner - 1, col);
  }
  ImGui::Text("CPU reference %+.5f", run.reference[row * p.cols + col]);
  end_inspector();
}

void matmul_legend_window(const CommonState& s, const MatmulUi& ui, const MatmulRun& run, float right, float bottom,
                          float width) {
  const MatmulParams& p = ui.params;
  begin_legend(right, bottom, width);
  ImGui::TextUnformatted("values: dark = negative, light = positive");
  const auto focus = focus_pixel(s);
  if (focus && in_range(focus->x, p.cols) && in_range(focus->y, p.rows)) {
    swatch(palette::kHoveredElement);
    swatch(palette::kOutputTile);
    swatch(palette::kStrip);
    if (p.strategy == MatmulStrategy::tiled) {
      swatch(palette::kMdsTile);
      swatch(palette::kNdsTile);
      if (matmul_focus(p, focus->y, focus->x, ui.phase).pads) swatch(palette::kTilePadding, true);
    }
    if (p.strategy == MatmulStrategy::naive)
      swatch(palette::kThreadReadsGlobal);
    else if (p.strategy == MatmulStrategy::fast)
      swatch(palette::kThreadWarpTile), swatch(palette::kThreadOutputs16x8), swatch(palette::kThreadStrips);
    else if (ui.step == 2)
      swatch(palette::kThreadReads);
  } else {
    ImGui::TextDisabled("hover (or click to pin) an element of P");
  }
  if (!run.P_missing.empty() && run.wrong_without_barrier > 0) {  // drawn as the view draws it: a cross
    const float h = ImGui::GetFontSize();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(o, {o.x + 1.6f * h, o.y + h}, IM_COL32(110, 110, 110, 255));
    dl->AddLine({o.x + 0.5f * h, o.y + 0.2f * h}, {o.x + 1.1f * h, o.y + 0.8f * h}, palette::kWrongElement.rgba, 1.5f);
    dl->AddLine({o.x + 0.5f * h, o.y + 0.8f * h}, {o.x + 1.1f * h, o.y + 0.2f * h}, palette::kWrongElement.rgba, 1.5f);
    ImGui::Dummy({1.6f * h, h});
    ImGui::SameLine();
    ImGui::TextUnformatted(palette::kWrongElement.name);
  }
  end_legend();
}

}  // namespace tilescope
