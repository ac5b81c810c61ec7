// tilescope apply --pattern matmul --in A.npy --in2 B.npy --out C.npy: C = A B with one strategy
// on one backend; with --break, the strategy's deliberately wrong variant (kernels/matmul/broken.hpp).
#include <cstdio>
#include <iostream>

#include "app/cli/apply.hpp"
#include "app/cli/params.hpp"
#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "app/matmul/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope::cli {
namespace {

io::NpyArray read_matrix(const std::string& path, const char* flag) {
  if (path.empty()) throw InvalidInput(std::string("matmul needs ") + flag + " (a 2-D .npy)");
  io::NpyArray a = io::read_npy(path);
  if (a.shape.size() != 2)
    throw InvalidInput("'" + path + "': a matrix must be a 2-D array, this one has " + std::to_string(a.shape.size()) +
                       " dimensions");
  return a;
}

}  // namespace

void MatmulCli::apply(const PatternOptions& o, const FileOptions& files) {
  if (!io::has_extension(files.out, ".npy")) throw InvalidInput("output '" + files.out + "' must end in .npy");
  MatmulParams p = params_of<MatmulCli>(o);
  const std::optional<Break> bug = break_of(o, p);
  const io::NpyArray M = read_matrix(files.in, "--in"), N = read_matrix(files.in2, "--in2");
  if (M.shape[1] != N.shape[0])
    throw InvalidInput("cannot multiply a " + std::to_string(M.shape[0]) + "x" + std::to_string(M.shape[1]) +
                       " matrix by a " + std::to_string(N.shape[0]) + "x" + std::to_string(N.shape[1]) +
                       " one: the columns of --in must equal the rows of --in2");
  p.rows = int(M.shape[0]), p.inner = int(M.shape[1]), p.cols = int(N.shape[1]);
  std::vector<float> P(std::size_t(p.rows) * p.cols);
  const AppliedRun run = run_apply(p, bug, o.backend, M.data.data(), N.data.data(), P.data(), std::cerr);
  io::write_npy(files.out, {p.rows, p.cols}, P.data());
  std::printf("wrote %s (%dx%d): matmul %s%s, TILE_WIDTH %d, K = %d, on %s in %.3f ms\n", files.out.c_str(), p.rows,
              p.cols, strategy_info(p.strategy).name.data(), broken_note(bug).c_str(), p.tile, p.inner,
              run.backend.c_str(), run.ms);
}

AppliedRun MatmulCli::run_apply(const MatmulParams& p, std::optional<Break> bug, const std::string& backend,
                                const float* M, const float* N, float* P, std::ostream& notes, Memory memory) {
  BackendChoice choice = apply_backend(backend, memory, notes);
  validate_launch(p, choice.backend->limits());
  // The kernel's time in ms; P holds what the correct or the broken kernel writes.
  const double ms = run_or_fall_back<MatmulPattern>(choice, memory, [&](MatmulEngine& e) {
    if (bug) return e.matmul_broken(p, *bug, M, N, P);
    return e.matmul(p, M, N, P).front();
  });
  return {ms, choice.backend->description()};
}

}  // namespace tilescope::cli
