#include "kernels/conv2d/filter_rank.hpp"

#include <Eigen/SVD>
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "kernels/common/error.hpp"

namespace tilescope {
namespace {

Eigen::JacobiSVD<Eigen::MatrixXd> svd_of(const Filter2d& f, unsigned options) {
  const int d = f.dim();
  Eigen::MatrixXd w(d, d);  // w(fy, fx)
  for (int fy = 0; fy < d; ++fy)
    for (int fx = 0; fx < d; ++fx) w(fy, fx) = f.at(fx, fy);
  return Eigen::JacobiSVD<Eigen::MatrixXd>(w, options);
}

int rank_of(const Eigen::VectorXd& sigma, int d) {
  const double tolerance = (sigma.size() ? sigma(0) : 0.0) * d * FLT_EPSILON;  // sorted, largest first
  int rank = 0;
  for (Eigen::Index i = 0; i < sigma.size(); ++i) rank += sigma(i) > tolerance ? 1 : 0;
  return rank;
}

}  // namespace

std::optional<int> filter_rank(const Filter2d& f) {
  // The app asks about one filter several times a frame (controls, legend, inspector, HUD, the
  // engine's check): the last answer is kept, per thread, rather than a new SVD each time.
  thread_local std::vector<float> last_weights;
  thread_local std::optional<int> last_rank;
  if (!last_weights.empty() && f.weights == last_weights) return last_rank;
  last_rank = std::nullopt;
  if (std::all_of(f.weights.begin(), f.weights.end(), [](float w) { return std::isfinite(w); }))
    last_rank = rank_of(svd_of(f, 0).singularValues(), f.dim());
  last_weights = f.weights;
  return last_rank;
}

std::optional<std::string> separable_problem(const Filter2d& f) {
  const std::optional<int> rank = filter_rank(f);
  if (rank == 1) return std::nullopt;
  const std::string d = std::to_string(f.dim());
  const std::string what = rank ? "has rank " + std::to_string(*rank) : "has a NaN or infinite weight (no rank)";
  return "separable runs rank-1 filters only (a column of weights times a row: box, gaussian, sobel_x); this " + d +
         "x" + d + " filter " + what + "; use a 2-D strategy (e.g. fast)";
}

SeparableFilter separable_factors(const Filter2d& f) {
  if (auto why = separable_problem(f)) throw InvalidInput(*why);
  const auto svd = svd_of(f, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const double scale = std::sqrt(svd.singularValues()(0));
  Eigen::VectorXd column = svd.matrixU().col(0) * scale, row = svd.matrixV().col(0) * scale;
  if (column.sum() < 0) column = -column, row = -row;  // the product is the same either way
  SeparableFilter s;
  for (int i = 0; i < f.dim(); ++i) s.row.push_back(float(row(i))), s.column.push_back(float(column(i)));
  return s;
}

}  // namespace tilescope
