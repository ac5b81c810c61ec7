// What a frame of the matmul view asks (app/ui/frame_cost.hpp): 2 M K N flops; the view's matrices
// have sides of at most 96, so this is never heavy.
#include <string>

#include "app/matmul/app_pattern.hpp"
#include "app/ui/frame_cost.hpp"
#include "kernels/matmul/model.hpp"

namespace tilescope {

FrameWork MatmulApp::frame_work(const Ui& m) {
  const MatmulParams& p = m.params;
  FrameWork w;
  w.flops = 2.0 * p.rows * p.inner * p.cols;
  w.bytes = compulsory_bytes(p);
  w.check_flops = w.flops;
  w.what = "matmul " + std::to_string(p.rows) + "x" + std::to_string(p.inner) + "x" + std::to_string(p.cols);
  return w;
}

}  // namespace tilescope
