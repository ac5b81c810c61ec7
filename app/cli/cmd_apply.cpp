// tilescope apply: filter an image file with one strategy on one backend.
#include <cstdio>
#include <iostream>
#include <memory>

#include "app/cli/commands.hpp"
#include "app/cli/options.hpp"
#include "app/io/image_file.hpp"
#include "kernels/backend.hpp"
#include "kernels/error.hpp"
#include "kernels/strategy_registry.hpp"

namespace tilescope::cli {
namespace {

struct ApplyOptions {
  Conv2dOptions conv;
  std::string in, out;
};

void run_apply(const ApplyOptions& o) {
  if (!io::has_extension(o.out, ".npy") && !io::has_extension(o.out, ".png"))
    throw InvalidInput("output '" + o.out + "' must end in .npy (float32, exact) or .png (8-bit, clamped)");
  Conv2dParams p = to_params(o.conv);
  const Image in = io::load_image(o.in);
  p.width = in.width;
  p.height = in.height;
  const Filter2d filter = load_filter(o.conv.filter, p.filter_radius);
  BackendChoice choice = choose_backend(o.conv.backend);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  validate_run(p, filter, choice.backend->limits());

  Image out(p.width, p.height);
  double ms = 0;
  try {
    ms = choice.backend->conv2d(p, filter, in.pixels.data(), out.pixels.data()).front();
  } catch (const BackendError& e) {
    std::cerr << "tilescope: the " << choice.backend->name() << " backend failed (" << e.what()
              << "); falling back to the CPU backend\n";
    choice.backend = make_cpu_backend();
    ms = choice.backend->conv2d(p, filter, in.pixels.data(), out.pixels.data()).front();
  }
  io::save_image(o.out, out);
  std::printf("wrote %s (%dx%d): conv2d %s, radius %d, tile %d, filter %s, on %s in %.3f ms\n", o.out.c_str(),
              p.width, p.height, strategy_info(p.strategy).name.data(), p.filter_radius, p.tile,
              o.conv.filter.c_str(), choice.backend->description().c_str(), ms);
}

}  // namespace

void add_apply_command(CLI::App& app) {
  auto o = std::make_shared<ApplyOptions>();
  CLI::App* cmd = app.add_subcommand(
      "apply",
      "correlate an image with a filter, zeros outside the image (= scipy.ndimage.correlate(img, w, "
      "mode='constant', cval=0))");
  add_conv2d_options(cmd, o->conv, Need::radius | Need::filter | Need::backend);
  cmd->add_option("--in", o->in,
                  "input: PNG/JPG/BMP/TGA (converted to grey in [0,1] with Rec. 601 luma 0.299 R + 0.587 G + "
                  "0.114 B) or a 2-D float32/float64 .npy")
      ->required();
  cmd->add_option("--out", o->out, "output: .npy (float32, exact) or .png (clamped to [0,1])")->required();
  cmd->callback([o] { run_apply(*o); });
}

}  // namespace tilescope::cli
