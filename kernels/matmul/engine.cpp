#include "kernels/matmul/engine.hpp"

#include "kernels/common/error.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/matmul/model.hpp"

namespace tilescope {

void validate_matmul_run(const MatmulParams& p, const DeviceLimits& limits, int rows, int inner, int cols) {
  validate_launch(p, limits);
  if (p.rows != rows || p.inner != inner || p.cols != cols)
    throw InvalidInput("the parameters' sizes differ from the resident matrices");
}

void validate_matmul_broken_run(const MatmulParams& p, Break bug, const DeviceLimits& limits, int rows, int inner,
                                int cols) {
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  validate_matmul_run(p, limits, rows, inner, cols);
}

double MatmulEngine::matmul_broken(const MatmulParams& p, Break bug, const float* h_M, const float* h_N, float* h_P) {
  validate_matmul_broken_run(p, bug, limits(), p.rows, p.inner, p.cols);
  load_inputs(h_M, h_N, p.rows, p.inner, p.cols);
  const double ms = run_broken(p, bug);
  read_output(h_P);
  return ms;
}

std::vector<double> MatmulEngine::matmul(const MatmulParams& p, const float* h_M, const float* h_N, float* h_P,
                                         int reps) {
  validate_launch(p, limits());
  load_inputs(h_M, h_N, p.rows, p.inner, p.cols);
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) ms.push_back(run(p));
  read_output(h_P);
  return ms;
}

}  // namespace tilescope
