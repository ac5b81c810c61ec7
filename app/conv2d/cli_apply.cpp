// tilescope apply --pattern conv2d: filter an image file with one strategy on one backend
// (with --break, the strategy's deliberately wrong variant: kernels/conv2d/broken.hpp).
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "app/cli/params.hpp"
#include "app/conv2d/cli.hpp"
#include "app/io/image_file.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope::cli {
namespace {

// The kernel's time in ms; out holds what the correct or the broken kernel writes.
double run_on(const Backend& backend, const Conv2dParams& p, std::optional<Break> bug, const Filter2d& f,
              const Image& in, Image& out) {
  const auto engine = backend.make_conv2d_engine();
  if (bug) return engine->conv2d_broken(p, *bug, f, in.pixels.data(), out.pixels.data());
  return engine->conv2d(p, f, in.pixels.data(), out.pixels.data()).front();
}

}  // namespace

void Conv2dCli::apply(const PatternOptions& o, const FileOptions& files) {
  if (!io::has_extension(files.out, ".npy") && !io::has_extension(files.out, ".png"))
    throw InvalidInput("output '" + files.out + "' must end in .npy (float32, exact) or .png (8-bit, clamped)");
  Conv2dParams p = params_of<Conv2dCli>(o);
  const std::optional<Break> bug = o.bug.empty() ? std::nullopt : std::optional(parse_break(o.bug));
  if (const auto why = bug ? break_problem(p.strategy, *bug) : std::nullopt)
    throw InvalidInput("--break " + o.bug + ": " + *why);
  const Image in = io::load_image(files.in);
  p.width = in.width;
  p.height = in.height;
  const Filter2d filter = Conv2dCli::load_filter(o.filter, p.filter_radius);
  BackendChoice choice = choose_backend(o.backend);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  validate_conv2d_run(p, filter, choice.backend->limits());

  Image out(p.width, p.height);
  double ms = 0;
  try {
    ms = run_on(*choice.backend, p, bug, filter, in, out);
  } catch (const BackendError& e) {
    std::cerr << "tilescope: the " << choice.backend->name() << " backend failed (" << e.what()
              << "); falling back to the CPU backend\n";
    choice.backend = make_cpu_backend();
    ms = run_on(*choice.backend, p, bug, filter, in, out);
  }
  io::save_image(files.out, out);
  const std::string broken = bug ? ", broken: " + std::string(break_info(*bug).what) : "";
  std::printf("wrote %s (%dx%d): conv2d %s%s, radius %d, tile %d, filter %s, on %s in %.3f ms\n", files.out.c_str(),
              p.width, p.height, strategy_info(p.strategy).name.data(), broken.c_str(), p.filter_radius, p.tile,
              (o.filter.empty() ? "box" : o.filter.c_str()), choice.backend->description().c_str(), ms);
}

}  // namespace tilescope::cli
