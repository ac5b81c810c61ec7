// tilescope apply --pattern conv1d: correlate a 1-D .npy signal with one strategy on one backend
// (= scipy.ndimage.correlate1d(x, w, mode='constant')); with --break, the strategy's deliberately
// wrong variant (kernels/conv1d/broken.hpp).
#include <cstdio>
#include <iostream>

#include "app/cli/apply.hpp"
#include "app/cli/params.hpp"
#include "app/conv1d/cli.hpp"
#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope::cli {
void Conv1dCli::apply(const PatternOptions& o, const FileOptions& files) {
  if (!io::has_extension(files.out, ".npy")) throw InvalidInput("output '" + files.out + "' must end in .npy");
  if (!files.in2.empty()) throw InvalidInput("conv1d takes one input: --in2 is for matmul");
  Conv1dParams p = params_of<Conv1dCli>(o);
  const std::optional<Break> bug = break_of(o, p);
  io::NpyArray in = io::read_npy(files.in);
  if (in.shape.size() != 1)
    throw InvalidInput("'" + files.in + "': conv1d needs a 1-D array, this one has " + std::to_string(in.shape.size()) +
                       " dimensions");
  p.length = int(in.shape[0]);
  const Filter1d filter = Conv1dCli::load_filter(o.filter, p.filter_radius);
  std::vector<float> out(in.data.size());
  const AppliedRun run = run_apply(p, bug, filter, o.backend, in.data.data(), out.data(), std::cerr);
  io::write_npy(files.out, {p.length}, out.data());
  std::printf("wrote %s (%d elements): conv1d %s%s, radius %d, blockDim %d, filter %s, on %s in %.3f ms\n",
              files.out.c_str(), p.length, strategy_info(p.strategy).name.data(), broken_note(bug).c_str(),
              p.filter_radius, p.tile, o.filter.empty() ? "box" : o.filter.c_str(), run.backend.c_str(), run.ms);
}

AppliedRun Conv1dCli::run_apply(const Conv1dParams& p, std::optional<Break> bug, const Filter1d& filter,
                                const std::string& backend, const float* in, float* out, std::ostream& notes,
                                Memory memory) {
  BackendChoice choice = apply_backend(backend, memory, notes);
  validate_conv1d_run(p, filter, choice.backend->limits(), p.length);
  // The kernel's time in ms; out holds what the correct or the broken kernel writes.
  const double ms = run_or_fall_back<Conv1dPattern>(choice, memory, [&](Conv1dEngine& e) {
    if (bug) return e.conv1d_broken(p, *bug, filter, in, out);
    return e.conv1d(p, filter, in, out).front();
  });
  return {ms, choice.backend->description()};
}

}  // namespace tilescope::cli
