// tilescope apply --pattern stencil3d: one stencil step over a 3-D .npy volume; with --break, the
// strategy's deliberately wrong variant (kernels/stencil3d/broken.hpp).
#include <cstdio>
#include <iostream>

#include "app/cli/apply.hpp"
#include "app/cli/params.hpp"
#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope::cli {
void Stencil3dCli::apply(const PatternOptions& o, const FileOptions& files) {
  if (!io::has_extension(files.out, ".npy"))
    throw InvalidInput("output '" + files.out + "' must end in .npy (a 3-D float32 volume)");
  if (!io::has_extension(files.in, ".npy"))
    throw InvalidInput("input '" + files.in + "' must be a 3-D .npy volume of shape (D, H, W)");
  Stencil3dParams p = params_of<Stencil3dCli>(o);
  const std::optional<Break> bug = break_of(o, p);
  const io::NpyArray in = io::read_npy(files.in);
  if (in.shape.size() != 3)
    throw InvalidInput("'" + files.in + "' has " + std::to_string(in.shape.size()) +
                       " dimensions; stencil3d needs a 3-D volume of shape (D, H, W)");
  p = sized_to_volume(o, p, bug, int(in.shape[0]), int(in.shape[1]), int(in.shape[2]));
  const StencilCoeffs coeffs = Stencil3dCli::load_coeffs(o.filter, p.order);
  std::vector<float> out(in.data.size());
  const AppliedRun run = run_apply(p, bug, coeffs, o.backend, in.data.data(), out.data(), std::cerr);
  io::write_npy(files.out, in.shape, out.data());
  std::printf("wrote %s (%dx%dx%d): stencil3d %s%s, order %d, tile %d, %d step%s, coefficients %s, on %s in %.3f ms\n",
              files.out.c_str(), p.width, p.height, p.depth, strategy_info(p.strategy).name.data(),
              broken_note(bug).c_str(), p.order, p.tile, p.steps, p.steps > 1 ? "s" : "",
              o.filter.empty() ? "heat" : o.filter.c_str(), run.backend.c_str(), run.ms);
}

Stencil3dParams Stencil3dCli::sized_to_volume(const PatternOptions& o, Stencil3dParams p, std::optional<Break> bug,
                                              int depth, int height, int width) {
  p.depth = depth, p.height = height, p.width = width;
  if (!o.tile && p.strategy == Stencil3dStrategy::temporal) p.tile = default_tile_of<Stencil3dCli>(p);  // its z chunk
  if (bug && p.steps > 1) throw InvalidInput("--break runs one step of the broken kernel: drop --steps");
  return p;
}

AppliedRun Stencil3dCli::run_apply(const Stencil3dParams& p, std::optional<Break> bug, const StencilCoeffs& coeffs,
                                   const std::string& backend, const float* in, float* out, std::ostream& notes,
                                   Memory memory) {
  validate_launch(p);  // before any backend is looked for: bad parameters are the first thing to hear about
  BackendChoice choice = apply_backend(backend, memory, notes);
  validate_stencil3d_run(p, coeffs, choice.backend->limits());
  // The kernel's time in ms; out holds what the correct or the broken kernel writes.
  const double ms = run_or_fall_back<Stencil3dPattern>(choice, memory, [&](Stencil3dEngine& e) {
    if (bug) return e.apply_broken(p, *bug, coeffs, in, out);
    return e.apply(p, coeffs, in, out).front();
  });
  return {ms, choice.backend->description()};
}

}  // namespace tilescope::cli
