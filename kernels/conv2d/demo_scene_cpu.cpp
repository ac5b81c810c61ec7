// One row at a time: a row shares dv (and with it the mixed scene's choice of checkerboard or
// rings); along the row du steps by the scene's unit, one vector of pixels at a time.
#include "kernels/conv2d/demo_scene_cpu.hpp"

#include <algorithm>
#include <cstddef>

#include "kernels/common/cpu_pool.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/conv2d/demo_scene_cpu.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

// Highway's Sin and Exp, compiled once per target: after highway.h, within foreach_target's passes.
#include <hwy/contrib/math/math-inl.h>

HWY_BEFORE_NAMESPACE();
namespace tilescope {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr int kRowsPerChunk = 16;

// demo_scene_value for the pixels at offsets du of a row at dv (every scene but impulses).
template <class D, class V>
V Value(D d, const DemoFrame& f, V du, float dv, float t) {
  V value;
  if (f.scene == DemoScene::checker || (f.scene == DemoScene::mixed && dv < 0.0f)) {
    const V ru = hn::Sub(hn::Mul(hn::Set(d, f.cos_r), du), hn::Set(d, f.sin_r * dv));
    const V rv = hn::Add(hn::Mul(hn::Set(d, f.sin_r), du), hn::Set(d, f.cos_r * dv));
    const hn::RebindToSigned<D> di;
    const auto cells = hn::Add(hn::ConvertTo(di, hn::Floor(hn::Mul(ru, hn::Set(d, 12.0f)))),
                               hn::ConvertTo(di, hn::Floor(hn::Mul(rv, hn::Set(d, 12.0f)))));
    const auto odd = hn::RebindMask(d, hn::Eq(hn::And(cells, hn::Set(di, 1)), hn::Set(di, 1)));
    value = hn::IfThenElse(odd, hn::Set(d, 0.75f), hn::Set(d, 0.25f));
  } else {
    const V radius = hn::Sqrt(hn::MulAdd(du, du, hn::Set(d, dv * dv)));
    const V ring = hn::Sin(d, hn::Sub(hn::Mul(hn::Set(d, 40.0f), radius), hn::Set(d, 3.0f * t)));
    value = hn::MulAdd(hn::Set(d, 0.5f), ring, hn::Set(d, 0.5f));
  }
  if (f.scene != DemoScene::mixed) return value;
  const V gu = hn::Sub(du, hn::Set(d, f.blob_u));
  const float gv = dv - f.blob_v;
  const V blob = hn::Exp(d, hn::Mul(hn::MulAdd(gu, gu, hn::Set(d, gv * gv)), hn::Set(d, -60.0f)));
  value = hn::MulAdd(value, hn::Sub(hn::Set(d, 1.0f), blob), blob);
  return hn::Min(hn::Max(value, hn::Zero(d)), hn::Set(d, 1.0f));
}

void DemoScenePixels(DemoScene scene, float* out, int width, int height, float t) {
  const DemoFrame f = demo_frame(scene, width, height, t);
  const int chunks = (height + kRowsPerChunk - 1) / kRowsPerChunk;
  parallel_chunks(chunks, [&](int c, int) {
    const hn::ScalableTag<float> d;
    const int lanes = int(hn::Lanes(d));
    const auto iota = hn::Iota(d, 0.0f);
    for (int y = c * kRowsPerChunk; y < std::min(height, (c + 1) * kRowsPerChunk); ++y) {
      float* row = out + std::size_t(y) * width;
      if (scene == DemoScene::impulses) {  // integer arithmetic on few pixels: scalar
        for (int x = 0; x < width; ++x) row[x] = demo_scene_value(f, x, y, t);
        continue;
      }
      const float dv = (y - 0.5f * f.height) * f.s;
      for (int x = 0; x < width; x += lanes) {
        const auto du =
            hn::Mul(hn::Sub(hn::Add(iota, hn::Set(d, float(x))), hn::Set(d, 0.5f * f.width)), hn::Set(d, f.s));
        const auto value = Value(d, f, du, dv, t);
        if (x + lanes <= width)
          hn::StoreU(value, d, row + x);
        else
          hn::BlendedStore(value, hn::FirstN(d, std::size_t(width - x)), d, row + x);
      }
    }
  });
}

}  // namespace HWY_NAMESPACE
}  // namespace tilescope
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tilescope {

HWY_EXPORT(DemoScenePixels);

void demo_scene_cpu(DemoScene scene, float* out, int width, int height, float t) {
  HWY_DYNAMIC_DISPATCH(DemoScenePixels)(scene, out, width, height, t);
}

}  // namespace tilescope
#endif
