// What a frame of the conv2d view asks (app/ui/frame_cost.hpp): every output pixel sums (2r+1)^2
// taps, 2 flops each; the demo image is drawn, the input and output go to the screen.
#include <string>

#include "app/conv2d/app_pattern.hpp"
#include "app/ui/frame_cost.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope {

FrameWork Conv2dApp::frame_work(const Ui& c) {
  Conv2dParams p = c.params;  // a file's size, once the view read it
  const bool demo = c.source == SourceKind::demo;
  if (demo) p.width = p.height = c.demo_size;
  const double pixels = double(p.width) * p.height, taps = double(p.filter_dim()) * p.filter_dim();
  FrameWork w;
  w.flops = 2 * taps * pixels;
  // The launch's compulsory bytes; the demo drawn and its input shown (4 bytes a pixel each) when
  // it runs; the output read back and shown.
  w.bytes = compulsory_bytes(p) + (demo ? 8 : 0) * pixels + 8 * pixels;
  w.check_flops = w.flops;  // the reference sums the same taps
  w.checks_every_frame = c.view == ViewMode::diff || c.bug != Break::none;
  const std::string side =
      p.width == p.height ? std::to_string(p.width) + "^2" : std::to_string(p.width) + "x" + std::to_string(p.height);
  w.what = "conv2d " + side + " at r = " + std::to_string(p.filter_radius) + " (" + std::to_string(int(taps)) +
           " taps)" + (w.checks_every_frame ? ", checked every frame" : "");
  return w;
}

}  // namespace tilescope
