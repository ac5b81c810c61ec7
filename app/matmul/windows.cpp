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

void matmul_inspector_window(const UiState& s, const MatmulRun& run, const Rect& area) {
  const MatmulUi& m = s.matmul;
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
    ImGui::Text("blockIdx (%d, %d)  threadIdx (%d, %d): its element [i = %d][j = %d] of 8 x 8", bx, by, tx, ty,
                g.output_of(row), g.output_of(col));
    ImGui::Text("rows %d..%d and %d..%d, columns %d..%d and %d..%d", g.out_index(by, ty, 0), g.out_index(by, ty, 3),
                g.out_index(by, ty, 4), g.out_index(by, ty, 7), g.out_index(bx, tx, 0), g.out_index(bx, tx, 3),
                g.out_index(bx, tx, 4), g.out_index(bx, tx, 7));
    const int id = ty * kMatmulFastThreadsPerAxis + tx;
    ImGui::Text("per phase of %d loads M[%d][k+%d..k+%d] and N[k+%d][%d..%d]", g.depth, g.row_of(by, g.m_row(id)),
                g.m_k(id), g.m_k(id) + 3, g.n_k(id), g.col_of(bx, g.n_col(id)), g.col_of(bx, g.n_col(id)) + 3);
    ImGui::Text("%d phases; 64 FMAs per k from 4 float4 shared loads", f.phases);
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

void matmul_legend_window(const UiState& s, const MatmulRun& run, float right, float bottom, float width) {
  const MatmulParams& p = s.matmul.params;
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
      if (matmul_focus(p, focus->y, focus->x, s.matmul.phase).pads) swatch(palette::kTilePadding, true);
    }
    if (p.strategy == MatmulStrategy::naive)
      swatch(palette::kThreadReadsGlobal);
    else if (p.strategy == MatmulStrategy::fast)
      swatch(palette::kThreadOutputs8x8), swatch(palette::kThreadStrips);
    else if (s.matmul.step == 2)
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
