// tilescope apply --pattern conv2d: filter an image file with one strategy on one backend
// (with --break, the strategy's deliberately wrong variant: kernels/conv2d/broken.hpp).
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "app/cli/apply.hpp"
#include "app/cli/params.hpp"
#include "app/conv2d/cli.hpp"
#include "app/io/image_file.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope::cli {
void Conv2dCli::apply(const PatternOptions& o, const FileOptions& files) {
  if (!io::has_extension(files.out, ".npy") && !io::has_extension(files.out, ".png"))
    throw InvalidInput("output '" + files.out + "' must end in .npy (float32, exact) or .png (8-bit, clamped)");
  Conv2dParams p = params_of<Conv2dCli>(o);
  const std::optional<Break> bug = break_of(o, p);
  const Image in = io::load_image(files.in);
  p.width = in.width;
  p.height = in.height;
  const Filter2d filter = Conv2dCli::load_filter(o.filter, p.filter_radius);
  Image out(p.width, p.height);
  const AppliedRun run = run_apply(p, bug, filter, o.backend, in.pixels.data(), out.pixels.data(), std::cerr);
  io::save_image(files.out, out);
  std::printf("wrote %s (%dx%d): conv2d %s%s, radius %d, tile %d, filter %s, on %s in %.3f ms\n", files.out.c_str(),
              p.width, p.height, strategy_info(p.strategy).name.data(), broken_note(bug).c_str(), p.filter_radius,
              p.tile, (o.filter.empty() ? "box" : o.filter.c_str()), run.backend.c_str(), run.ms);
}

AppliedRun Conv2dCli::run_apply(const Conv2dParams& p, std::optional<Break> bug, const Filter2d& filter,
                                const std::string& backend, const float* in, float* out, std::ostream& notes,
                                Memory memory) {
  BackendChoice choice = apply_backend(backend, memory, notes);
  validate_conv2d_run(p, filter, choice.backend->limits());
  // The kernel's time in ms; out holds what the correct or the broken kernel writes.
  const double ms = run_or_fall_back<Conv2dPattern>(choice, memory, [&](Conv2dEngine& e) {
    if (bug) return e.conv2d_broken(p, *bug, filter, in, out);
    return e.conv2d(p, filter, in, out).front();
  });
  return {ms, choice.backend->description()};
}

}  // namespace tilescope::cli
