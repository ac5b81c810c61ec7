// ts.apply: `tilescope apply` on arrays. Each pattern's options are the command's (PatternOptions),
// read by the command's own functions (params_of, break_of, the filters' loaders), and the run is the
// command's run_apply, on NumPy arrays or on device arrays (python/arrays.hpp).
#include <pybind11/stl.h>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/apply.hpp"
#include "app/cli/params.hpp"
#include "app/cli/patterns.hpp"
#include "app/conv1d/cli.hpp"
#include "app/conv2d/cli.hpp"
#include "app/matmul/cli.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "python/arrays.hpp"
#include "python/module.hpp"

namespace tilescope::python {
namespace {

struct Call {
  cli::PatternOptions o;
  py::object weights;  // null, or an array (a name or .npy path is o.filter)
  Arrays arrays;
};

struct Applied {
  Operand out;
  cli::AppliedRun run;
  std::string note;
};

// run(notes) without the GIL, then the output made whole; the notes the run wrote (auto took the CPU).
template <class Run>
Applied run_into(const Call& c, Operand out, Run run) {
  std::ostringstream notes;
  const cli::AppliedRun r = unlocked([&] {
    const cli::AppliedRun ran = run(notes);
    c.arrays.finish();
    return ran;
  });
  return {std::move(out), r, notes.str()};
}

// conv1d and conv2d: the input's shape sizes the params (size(p, shape)), the weights (an array,
// else the named filter) make the filter.
template <class Cli, class Size>
Applied apply_filtered(const Call& c, const py::object& x, int rank, const char* shape_problem, Size size) {
  auto p = cli::params_of<Cli>(c.o);
  const std::optional<Break> bug = cli::break_of(c.o, p);
  const Operand in = c.arrays.in(x, "x", rank, shape_problem);
  size(p, in.shape);
  const auto filter = c.weights ? Cli::filter_from_array("weights", host_weights(c.weights), p.filter_radius)
                                : Cli::load_filter(c.o.filter, p.filter_radius);
  Operand out = c.arrays.out(in.shape);
  float* to = out.data;
  return run_into(c, std::move(out), [&](std::ostream& notes) {
    return Cli::run_apply(p, bug, filter, c.o.backend, in.data, to, notes, c.arrays.memory());
  });
}

Applied apply_conv2d(const Call& c, const py::object& x) {
  return apply_filtered<cli::Conv2dCli>(
      c, x, 2, "conv2d needs a 2-D array (height, width)",
      [](Conv2dParams& p, const std::vector<long long>& shape) { p.height = int(shape[0]), p.width = int(shape[1]); });
}

Applied apply_conv1d(const Call& c, const py::object& x) {
  return apply_filtered<cli::Conv1dCli>(
      c, x, 1, "conv1d needs a 1-D array",
      [](Conv1dParams& p, const std::vector<long long>& shape) { p.length = int(shape[0]); });
}

// The command's --steps: p.steps steps in one call of the engine (temporal fuses them on chip).
Applied apply_stencil3d(const Call& c, const py::object& x) {
  Stencil3dParams p = cli::params_of<cli::Stencil3dCli>(c.o);
  const std::optional<Break> bug = cli::break_of(c.o, p);
  const Operand in = c.arrays.in(x, "x", 3, "stencil3d needs a 3-D volume of shape (D, H, W)");
  p = cli::Stencil3dCli::sized_to_volume(c.o, p, bug, int(in.shape[0]), int(in.shape[1]), int(in.shape[2]));
  const StencilCoeffs coeffs = c.weights
                                   ? cli::Stencil3dCli::coeffs_from_array("weights", host_weights(c.weights), p.order)
                                   : cli::Stencil3dCli::load_coeffs(c.o.filter, p.order);
  Operand out = c.arrays.out(in.shape);
  float* to = out.data;
  return run_into(c, std::move(out), [&](std::ostream& notes) {
    return cli::Stencil3dCli::run_apply(p, bug, coeffs, c.o.backend, in.data, to, notes, c.arrays.memory());
  });
}

Applied apply_matmul(const Call& c, const py::object& x, const py::object& y) {
  if (c.weights || !c.o.filter.empty()) throw InvalidInput(cli::MatmulCli::kNoFilter);
  MatmulParams p = cli::params_of<cli::MatmulCli>(c.o);
  const std::optional<Break> bug = cli::break_of(c.o, p);
  if (y.is_none()) throw InvalidInput("matmul multiplies two matrices: give the second as y");
  const Operand M = c.arrays.in(x, "x", 2, "a matrix must be a 2-D array");
  const Operand N = c.arrays.in(y, "y", 2, "a matrix must be a 2-D array");
  if (M.shape[1] != N.shape[0])
    throw InvalidInput("cannot multiply a " + std::to_string(M.shape[0]) + "x" + std::to_string(M.shape[1]) +
                       " matrix by a " + std::to_string(N.shape[0]) + "x" + std::to_string(N.shape[1]) +
                       " one: the columns of x must equal the rows of y");
  p.rows = int(M.shape[0]), p.inner = int(M.shape[1]), p.cols = int(N.shape[1]);
  Operand P = c.arrays.out({M.shape[0], N.shape[1]});
  float* to = P.data;
  return run_into(c, std::move(P), [&](std::ostream& notes) {
    return cli::MatmulCli::run_apply(p, bug, c.o.backend, M.data, N.data, to, notes, c.arrays.memory());
  });
}

// apply(x, y, pattern, ...) -> (out, ms, backend, notes). new_device: None for NumPy arrays, else the
// maker of the output device array (python/arrays.hpp).
py::tuple apply(const py::object& x, const py::object& y, const std::string& pattern,
                const std::optional<std::string>& strategy, std::optional<int> radius, std::optional<int> tile,
                const py::object& weights, const std::string& backend, std::optional<int> steps,
                const std::optional<std::string>& bug, const py::object& new_device) {
  cli::pattern_commands(pattern);  // an unknown pattern, named with the available ones
  Call c{{}, py::object(), Arrays(new_device)};
  c.o.pattern = pattern;
  c.o.strategy = strategy.value_or("");
  c.o.radius = radius;
  c.o.tile = tile;
  c.o.backend = backend;
  c.o.bug = bug.value_or("");
  c.o.steps = steps ? std::to_string(*steps) : "";
  if (py::isinstance<py::str>(weights))
    c.o.filter = weights.cast<std::string>();
  else if (!weights.is_none())
    c.weights = weights;
  if (pattern != "matmul" && !y.is_none())
    throw InvalidInput(pattern + " takes one input: y is the second matrix of matmul");
  const Applied a = pattern == "conv2d"      ? apply_conv2d(c, x)
                    : pattern == "conv1d"    ? apply_conv1d(c, x)
                    : pattern == "stencil3d" ? apply_stencil3d(c, x)
                                             : apply_matmul(c, x, y);
  return py::make_tuple(a.out.array, a.run.ms, a.run.backend, a.note);
}

}  // namespace

void add_apply(py::module_& m) {
  m.def("apply", &apply, py::arg("x"), py::arg("y"), py::arg("pattern"), py::arg("strategy"), py::arg("radius"),
        py::arg("tile"), py::arg("weights"), py::arg("backend"), py::arg("steps"), py::arg("bug"),
        py::arg("new_device"));
}

}  // namespace tilescope::python
