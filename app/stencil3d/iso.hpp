#pragma once
// The tile panels' isometric drawing of a block's boxes of cells.
#include <imgui.h>

namespace tilescope {

// An axis-aligned box [0,sx] x [0,sy] x [0,sz] (cells) in isometric projection: top and two
// front faces, filled, with edges.
struct Iso {
  ImVec2 origin;
  float scale;
  ImVec2 at(float x, float y, float z) const {
    return {origin.x + (x - z) * 0.866f * scale, origin.y + (x + z) * 0.5f * scale - y * scale};
  }
  void box(ImDrawList* dl, float x0, float y0, float z0, float sx, float sy, float sz, ImU32 face, ImU32 edge) const {
    const float x1 = x0 + sx, y1 = y0 + sy, z1 = z0 + sz;
    const ImVec2 top[] = {at(x0, y1, z0), at(x1, y1, z0), at(x1, y1, z1), at(x0, y1, z1)};
    const ImVec2 right[] = {at(x1, y0, z0), at(x1, y1, z0), at(x1, y1, z1), at(x1, y0, z1)};
    const ImVec2 left[] = {at(x0, y0, z1), at(x1, y0, z1), at(x1, y1, z1), at(x0, y1, z1)};
    for (const ImVec2* q : {top, right, left}) {
      dl->AddQuadFilled(q[0], q[1], q[2], q[3], face);
      dl->AddQuad(q[0], q[1], q[2], q[3], edge, 1.5f);
    }
  }
};

}  // namespace tilescope
