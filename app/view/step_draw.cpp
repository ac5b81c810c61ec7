#include "app/view/step_draw.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"

namespace tilescope {
namespace {

bool on_screen(const ViewTransform& xf, CellRect c) {
  const ImVec2 a = screen(xf, c.x0, c.y0), b = screen(xf, c.x1, c.y1);
  const Rect& vp = xf.viewport();
  return b.x >= vp.x && b.y >= vp.y && a.x <= vp.x + vp.w && a.y <= vp.y + vp.h;
}

// The writer's threadIdx, centred in the slot, scaled to the cell down to a legible minimum.
void writer_label(ImDrawList* dl, const ViewTransform& xf, CellRect c, int tx, int ty) {
  const float span = xf.zoom() * float(c.x1 - c.x0), size = std::min(ImGui::GetFontSize(), span / 2.8f);
  if (size < 9.0f) return;
  char text[24];
  std::snprintf(text, sizeof text, "%d,%d", tx, ty);
  ImFont* font = ImGui::GetFont();
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text), a = screen(xf, c.x0, c.y0);
  const ImVec2 at{a.x + (span - extent.x) / 2, a.y + (xf.zoom() * float(c.y1 - c.y0) - extent.y) / 2};
  dl->AddText(font, size, {at.x + 1, at.y + 1}, palette::rgba(0, 0, 0, 230), text);
  dl->AddText(font, size, at, palette::rgba(255, 255, 255), text);
}

}  // namespace

void draw_block_step(ImDrawList* dl, const ViewTransform& xf, const BlockTimeline& tl, int step,
                     const BlockStepCells& cells, float line) {
  const BlockStep& now = tl.steps[std::size_t(step)];
  for (int sy = 0; sy < tl.slots_y; ++sy)
    for (int sx = 0; sx < tl.slots_x; ++sx) {
      const SlotFill f = tl.slot(sx, sy, step);
      if (f.step < 0) continue;
      const CellRect c = cells.slot(sx, sy, f);
      if (c.empty() || !on_screen(xf, c)) continue;
      const int alpha = f.step == step ? 210 : 150;
      fill(dl, xf, c, with_alpha(f.ghost ? palette::kTapGhostShared.rgba : palette::kSlotFilled.rgba, alpha));
      if (f.ghost) hatch(dl, xf, c, with_alpha(palette::rgba(30, 30, 30), 200), line);
      writer_label(dl, xf, c, f.thread % tl.threads_x, f.thread / tl.threads_x);
    }
  // Threads: framed inside their cell when working, greyed when idle; where cells are too small
  // to frame, a light wash instead.
  const float inset = 0.15f, frame = std::clamp(xf.zoom() / 10.0f, 1.0f, 3.0f) * line / 1.5f;
  for (int ty = 0; ty < tl.threads_y; ++ty)
    for (int tx = 0; tx < tl.threads_x; ++tx) {
      const CellRect c = cells.thread(tx, ty);
      if (c.empty() || !on_screen(xf, c)) continue;
      if (!tl.active(step, tx, ty)) {
        fill(dl, xf, c, with_alpha(palette::kThreadIdle.rgba, 170));
        continue;
      }
      const ImU32 colour = cells.load_only(tx, ty) ? palette::kLoadOnly.rgba : palette::kThreadWorking.rgba;
      if (xf.zoom() * float(c.x1 - c.x0) < 8.0f) {
        fill(dl, xf, c, with_alpha(colour, 70));
        continue;
      }
      const ImVec2 a = screen(xf, c.x0 + inset, c.y0 + inset), b = screen(xf, c.x1 - inset, c.y1 - inset);
      dl->AddRect(a, b, colour, 0.0f, 0, frame);
    }
  if (now.kind == StepKind::barrier) {
    // The wait line across the block's bottom edge: nobody passes it until everyone arrived.
    const ImVec2 a = screen(xf, cells.block.x0, cells.block.y1), b = screen(xf, cells.block.x1, cells.block.y1);
    dl->AddLine({a.x, a.y + 2}, {b.x, b.y + 2}, palette::rgba(0, 0, 0, 220), 6 * line);
    dl->AddLine(a, b, palette::kBarrierLine.rgba, 4 * line);
    const char* label = "__syncthreads(): every thread waits here";
    const ImVec2 size = ImGui::CalcTextSize(label);
    dl->AddRectFilled({a.x, a.y + 6}, {a.x + size.x + 12, a.y + size.y + 14}, palette::rgba(0, 0, 0, 200));
    dl->AddText({a.x + 6, a.y + 10}, palette::kBarrierLine.rgba, label);
  }
}

void draw_step_caption(ImDrawList* dl, const ViewTransform& xf, const BlockTimeline& tl, int step, float bottom,
                       const std::string& note) {
  const BlockStep& now = tl.steps[std::size_t(step)];
  char head[48], counts[160];
  std::snprintf(head, sizeof head, "step %d of 0..%d: ", step, int(tl.steps.size()) - 1);
  std::snprintf(counts, sizeof counts,
                "\nthis block so far: %lld global loads, %lld shared reads, %lld flops, %lld stores",
                (long long)now.counts.global_loads, (long long)now.counts.shared_reads, (long long)now.counts.flops,
                (long long)now.counts.stores);
  const std::string text = head + now.what + counts + (note.empty() ? "" : "\n" + note);
  const Rect& vp = xf.viewport();
  const float pad = 8, wrap = std::max(200.0f, vp.w * 0.55f);
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
  const ImVec2 at{vp.x + 2 * pad, vp.y + vp.h - bottom - size.y - 3 * pad};
  dl->AddRectFilled({at.x - pad, at.y - pad}, {at.x + size.x + pad, at.y + size.y + pad}, palette::rgba(0, 0, 0, 210));
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, palette::rgba(255, 255, 255), text.c_str(), nullptr, wrap);
}

}  // namespace tilescope
