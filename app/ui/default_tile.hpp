#pragma once
// A view's default tile follows its parameters, as bench would choose it, while the user has not
// set one by hand. Written once for the views whose default tile depends on the data and the GPU:
// their settings `Ui` have `params` (with strategy and tile) and a gpu_of(Ui) overload saying what
// they know of the view's GPU.
#include "kernels/common/launch.hpp"

namespace tilescope {

// The view's settings `now` after the last frame's, `before`. Only where the parameters or the GPU
// changed (not every frame), and neither the strategy nor the tile did, does a tile that was the
// default for `before` become the default for `now`; a tile set by hand stays.
template <class Ui>
void follow_default_tile(Ui& now, const Ui& before) {
  const DeviceLimits gpu = gpu_of(now), was = gpu_of(before);
  const bool changed = !(now.params == before.params) || gpu.sm_count != was.sm_count || gpu.l2_bytes != was.l2_bytes;
  if (!changed || now.params.strategy != before.params.strategy || now.params.tile != before.params.tile ||
      before.params.tile != default_tile(before.params, was))
    return;
  now.params.tile = default_tile(now.params, gpu);
}

}  // namespace tilescope
