// tilescope apply --pattern conv1d: correlate a 1-D .npy signal with one strategy on one backend
// (= scipy.ndimage.correlate1d(x, w, mode='constant')).
#include <cstdio>
#include <iostream>

#include "app/cli/params.hpp"
#include "app/conv1d/cli.hpp"
#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope::cli {

void Conv1dCli::apply(const PatternOptions& o, const FileOptions& files) {
  if (!io::has_extension(files.out, ".npy")) throw InvalidInput("output '" + files.out + "' must end in .npy");
  if (!files.in2.empty()) throw InvalidInput("conv1d takes one input: --in2 is for matmul");
  Conv1dParams p = params_of<Conv1dCli>(o);
  io::NpyArray in = io::read_npy(files.in);
  if (in.shape.size() != 1)
    throw InvalidInput("'" + files.in + "': conv1d needs a 1-D array, this one has " + std::to_string(in.shape.size()) +
                       " dimensions");
  p.length = int(in.shape[0]);
  const Filter1d filter = load_filter(o.filter, p.filter_radius);
  BackendChoice choice = choose_backend(o.backend);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  auto engine = choice.backend->make_conv1d_engine();
  validate_conv1d_run(p, filter, engine->limits(), p.length);

  std::vector<float> out(in.data.size());
  double ms = 0;
  try {
    ms = engine->conv1d(p, filter, in.data.data(), out.data()).front();
  } catch (const BackendError& e) {
    std::cerr << "tilescope: the " << choice.backend->name() << " backend failed (" << e.what()
              << "); falling back to the CPU backend\n";
    choice.backend = make_cpu_backend();
    ms = choice.backend->make_conv1d_engine()->conv1d(p, filter, in.data.data(), out.data()).front();
  }
  io::write_npy(files.out, {p.length}, out.data());
  std::printf("wrote %s (%d elements): conv1d %s, radius %d, blockDim %d, filter %s, on %s in %.3f ms\n",
              files.out.c_str(), p.length, strategy_info(p.strategy).name.data(), p.filter_radius, p.tile,
              o.filter.empty() ? "box" : o.filter.c_str(), choice.backend->description().c_str(), ms);
}

}  // namespace tilescope::cli
