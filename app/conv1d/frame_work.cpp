// What a frame of the conv1d view asks (app/ui/frame_cost.hpp): every output element sums 2n+1
// taps, 2 flops each; the view's signal is at most 65536 elements, so this is never heavy.
#include <string>

#include "app/conv1d/app_pattern.hpp"
#include "app/ui/frame_cost.hpp"
#include "kernels/conv1d/model.hpp"

namespace tilescope {

FrameWork Conv1dApp::frame_work(const Ui& c) {
  const Conv1dParams& p = c.params;
  FrameWork w;
  w.flops = 2.0 * p.filter_dim() * p.length;
  w.bytes = compulsory_bytes(p);
  w.check_flops = w.flops;
  w.what = "conv1d of " + std::to_string(p.length) + " elements at radius " + std::to_string(p.filter_radius);
  return w;
}

}  // namespace tilescope
