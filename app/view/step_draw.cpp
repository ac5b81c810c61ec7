#include "app/view/step_draw.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"

namespace tilescope {
namespace {

bool visible(ImDrawList* dl, const ScreenBox& s) {
  const ImVec2 lo = dl->GetClipRectMin(), hi = dl->GetClipRectMax();
  return !s.empty() && s.b.x >= lo.x && s.b.y >= lo.y && s.a.x <= hi.x && s.a.y <= hi.y;
}

// The writer's threadIdx (x alone in a 1D block), centred in the slot, scaled to the box down to
// a legible minimum.
void writer_label(ImDrawList* dl, const ScreenBox& s, int tx, int ty, bool two_d) {
  const float w = s.b.x - s.a.x, size = std::min(ImGui::GetFontSize(), w / (two_d ? 2.8f : 1.4f));
  if (size < 9.0f) return;
  char text[24];
  if (two_d)
    std::snprintf(text, sizeof text, "%d,%d", tx, ty);
  else
    std::snprintf(text, sizeof text, "%d", tx);
  ImFont* font = ImGui::GetFont();
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
  if (extent.x > w) return;
  const ImVec2 at{s.a.x + (w - extent.x) / 2, s.a.y + (s.b.y - s.a.y - extent.y) / 2};
  dl->AddText(font, size, {at.x + 1, at.y + 1}, palette::rgba(0, 0, 0, 230), text);
  dl->AddText(font, size, at, palette::rgba(255, 255, 255), text);
}

}  // namespace

ScreenBox screen_box(const ViewTransform& xf, CellRect c) {
  if (c.empty()) return {};
  return {screen(xf, c.x0, c.y0), screen(xf, c.x1, c.y1)};
}

ScreenBox united(const ScreenBox& p, const ScreenBox& q) {
  if (p.empty()) return q;
  if (q.empty()) return p;
  return {{std::min(p.a.x, q.a.x), std::min(p.a.y, q.a.y)}, {std::max(p.b.x, q.b.x), std::max(p.b.y, q.b.y)}};
}

ScreenBox clipped(const ScreenBox& b, const Rect& r) {
  const ScreenBox c{{std::max(b.a.x, r.x), std::max(b.a.y, r.y)},
                    {std::min(b.b.x, r.x + r.w), std::min(b.b.y, r.y + r.h)}};
  return c.empty() ? ScreenBox{} : c;
}

bool overlaps(const ScreenBox& p, const ScreenBox& q) {
  return !p.empty() && !q.empty() && p.a.x < q.b.x && q.a.x < p.b.x && p.a.y < q.b.y && q.a.y < p.b.y;
}

ScreenBox draw_block_step(ImDrawList* dl, const BlockTimeline& tl, int step, const BlockStepCells& cells, float line) {
  const BlockStep& now = tl.steps[std::size_t(step)];
  for (int sy = 0; sy < tl.slots_y; ++sy)
    for (int sx = 0; sx < tl.slots_x; ++sx) {
      const SlotFill f = tl.slot(sx, sy, step);
      if (f.step < 0) continue;
      const ScreenBox s = cells.slot(sx, sy, f);
      if (!visible(dl, s)) continue;
      const int alpha = f.step == step ? 210 : 150;
      dl->AddRectFilled(s.a, s.b,
                        with_alpha(f.ghost ? palette::kTapGhostShared.rgba : palette::kSlotFilled.rgba, alpha));
      if (f.ghost) hatch_screen(dl, s.a, s.b, with_alpha(palette::rgba(30, 30, 30), 200), line);
      writer_label(dl, s, f.thread % tl.threads_x, f.thread / tl.threads_x, tl.threads_y > 1);
    }
  // Threads: framed inside their box when working, greyed when idle; where boxes are too small
  // to frame, a light wash instead.
  for (int ty = 0; ty < tl.threads_y; ++ty)
    for (int tx = 0; tx < tl.threads_x; ++tx) {
      const ScreenBox s = cells.thread(tx, ty);
      if (!visible(dl, s)) continue;
      if (!tl.active(step, tx, ty)) {
        dl->AddRectFilled(s.a, s.b, with_alpha(palette::kThreadIdle.rgba, 170));
        continue;
      }
      const ImU32 colour = cells.load_only(tx, ty) ? palette::kLoadOnly.rgba : palette::kThreadWorking.rgba;
      const float w = s.b.x - s.a.x, inset = 0.15f * std::min(w, s.b.y - s.a.y);
      if (w < 8.0f) {
        dl->AddRectFilled(s.a, s.b, with_alpha(colour, 70));
        continue;
      }
      const float frame = std::clamp(w / 10.0f, 1.0f, 3.0f) * line / 1.5f;
      dl->AddRect({s.a.x + inset, s.a.y + inset}, {s.b.x - inset, s.b.y - inset}, colour, 0.0f, 0, frame);
    }
  if (now.kind != StepKind::barrier) return cells.block;
  // The wait line along the block's bottom edge: nobody passes it until everyone arrived.
  const ImVec2 a{cells.block.a.x, cells.block.b.y}, b = cells.block.b;
  dl->AddLine({a.x, a.y + 2}, {b.x, b.y + 2}, palette::rgba(0, 0, 0, 220), 6 * line);
  dl->AddLine(a, b, palette::kBarrierLine.rgba, 4 * line);
  const char* label = "__syncthreads(): every thread waits here";
  const ImVec2 size = ImGui::CalcTextSize(label);
  const ScreenBox box{{a.x, a.y + 6}, {a.x + size.x + 12, a.y + size.y + 14}};
  dl->AddRectFilled(box.a, box.b, palette::rgba(0, 0, 0, 200));
  dl->AddText({a.x + 6, a.y + 10}, palette::kBarrierLine.rgba, label);
  return united(cells.block, box);
}

float draw_step_caption(ImDrawList* dl, const Rect& view, const BlockTimeline& tl, int step, float bottom,
                        const std::string& note, const ScreenBox& keep) {
  const BlockStep& now = tl.steps[std::size_t(step)];
  char head[48], counts[160];
  std::snprintf(head, sizeof head, "step %d of 0..%d: ", step, int(tl.steps.size()) - 1);
  std::snprintf(counts, sizeof counts,
                "\nthis block so far: %lld global loads, %lld shared reads, %lld flops, %lld stores",
                (long long)now.counts.global_loads, (long long)now.counts.shared_reads, (long long)now.counts.flops,
                (long long)now.counts.stores);
  const std::string text = head + now.what + counts + (note.empty() ? "" : "\n" + note);
  const StepCaptionPlace place = step_caption_place(view, text, bottom, keep);
  const ScreenBox& box = place.box;
  dl->AddRectFilled(box.a, box.b, palette::rgba(0, 0, 0, 210));
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), {box.a.x + kCaptionPad, box.a.y + kCaptionPad},
              palette::rgba(255, 255, 255), text.c_str(), nullptr, place.wrap);
  return box.a.y;
}

StepCaptionPlace step_caption_place(const Rect& view, const std::string& text, float bottom, const ScreenBox& keep) {
  const auto place = [&](float wrap) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
    const float x = view.x + kCaptionPad, y = view.y + view.h - bottom - size.y - 4 * kCaptionPad;
    return StepCaptionPlace{{{x, y}, {x + size.x + 2 * kCaptionPad, y + size.y + 2 * kCaptionPad}}, wrap};
  };
  const StepCaptionPlace narrow = place(std::max(200.0f, view.w * 0.55f));
  if (!overlaps(narrow.box, keep)) return narrow;
  const StepCaptionPlace wide = place(std::max(200.0f, view.w - 4 * kCaptionPad));  // fewer, longer lines
  return overlaps(wide.box, keep) ? narrow : wide;
}

}  // namespace tilescope
