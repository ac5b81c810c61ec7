// _tilescope: the pybind11 layer under `import tilescope` (python/tilescope/__init__.py). It has no
// logic of its own: every call fills the command line's options and calls the command line's own
// functions (app/cli, app/<pattern>/cli_*.cpp), which call the same engines, models and renderer.
// Arrays in: float32 C-contiguous used as they are, float64 or strided converted (after their shape
// and size are checked, so a broadcast view never allocates its virtual size). The GIL is released
// while anything runs; one call runs at a time (the CPU pool, the headless context and ImGui's
// context are the process's).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "app/cli/apply.hpp"
#include "app/cli/options.hpp"
#include "app/cli/params.hpp"
#include "app/cli/patterns.hpp"
#include "app/conv1d/cli.hpp"
#include "app/conv2d/cli.hpp"
#include "app/io/npy.hpp"
#include "app/matmul/cli.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/stencil3d/broken.hpp"
#ifdef TILESCOPE_HAVE_GUI
#include "app/commands/shot.hpp"
#endif

namespace py = pybind11;

namespace tilescope::python {
namespace {

using FloatArray = py::array_t<float, py::array::c_style | py::array::forcecast>;

std::mutex& run_mutex() {
  static std::mutex m;
  return m;
}

// f() with the GIL released, one at a time.
template <class F>
auto unlocked(F&& f) {
  py::gil_scoped_release release;
  std::lock_guard<std::mutex> lock(run_mutex());
  return f();
}

std::vector<long long> shape_of(const py::array& a) { return std::vector<long long>(a.shape(), a.shape() + a.ndim()); }

// `a` as float32, C order: itself where it is one (no copy), else converted. Checked first: a float
// dtype, `ndim` dimensions (what `pattern` needs), not empty, at most kMaxPixels elements (the .npy
// reader's bound and message).
FloatArray float_array(const py::handle& obj, const std::string& name, int ndim, const std::string& needs) {
  if (!py::isinstance<py::array>(obj)) throw InvalidInput("'" + name + "' must be a NumPy array");
  const py::array a = py::reinterpret_borrow<py::array>(obj);
  const py::dtype dt = a.dtype();
  if (dt.kind() != 'f' || (dt.itemsize() != 4 && dt.itemsize() != 8))
    throw InvalidInput("'" + name + "': dtype '" + dt.attr("name").cast<std::string>() +
                       "' is not supported: use float32 or float64");
  const std::vector<long long> shape = shape_of(a);
  if (ndim > 0 && int(shape.size()) != ndim)
    throw InvalidInput("'" + name + "': " + needs + ", this one has " + std::to_string(shape.size()) + " dimensions");
  if (io::element_count(name, shape) == 0) throw InvalidInput("'" + name + "' is empty: " + needs);
  return FloatArray::ensure(a);
}

// The weights of a filter given as an array (the CLI's .npy filter, in memory).
io::NpyArray weights_array(const py::handle& obj) {
  const FloatArray w = float_array(obj, "weights", 0, "a filter needs weights");
  return {shape_of(w), std::vector<float>(w.data(), w.data() + w.size())};
}

struct Call {
  cli::PatternOptions o;
  py::object weights;  // None, or an array (a name or .npy path is o.filter)
};

Call call_of(const std::string& pattern, const std::optional<std::string>& strategy, std::optional<int> radius,
             std::optional<int> tile, const py::object& weights, const std::string& backend,
             const std::optional<std::string>& bug) {
  Call c;
  c.o.pattern = pattern;
  c.o.strategy = strategy.value_or("");
  c.o.radius = radius;
  c.o.tile = tile;
  c.o.backend = backend;
  c.o.bug = bug.value_or("");
  if (py::isinstance<py::str>(weights))
    c.o.filter = weights.cast<std::string>();
  else if (!weights.is_none())
    c.weights = weights;
  return c;
}

struct Applied {
  py::array out;
  cli::AppliedRun run;
  std::string note;
};

Applied apply_conv2d(const Call& c, const py::object& x) {
  Conv2dParams p = cli::params_of<cli::Conv2dCli>(c.o);
  const std::optional<Break> bug = cli::break_of(c.o, p);
  const FloatArray in = float_array(x, "x", 2, "conv2d needs a 2-D array (height, width)");
  p.height = int(in.shape(0)), p.width = int(in.shape(1));
  const Filter2d filter = c.weights
                              ? cli::Conv2dCli::filter_from_array("weights", weights_array(c.weights), p.filter_radius)
                              : cli::Conv2dCli::load_filter(c.o.filter, p.filter_radius);
  FloatArray out({in.shape(0), in.shape(1)});
  std::ostringstream notes;
  const cli::AppliedRun run = unlocked(
      [&] { return cli::Conv2dCli::run_apply(p, bug, filter, c.o.backend, in.data(), out.mutable_data(), notes); });
  return {out, run, notes.str()};
}

Applied apply_conv1d(const Call& c, const py::object& x) {
  Conv1dParams p = cli::params_of<cli::Conv1dCli>(c.o);
  const std::optional<Break> bug = cli::break_of(c.o, p);
  const FloatArray in = float_array(x, "x", 1, "conv1d needs a 1-D array");
  p.length = int(in.shape(0));
  const Filter1d filter = c.weights
                              ? cli::Conv1dCli::filter_from_array("weights", weights_array(c.weights), p.filter_radius)
                              : cli::Conv1dCli::load_filter(c.o.filter, p.filter_radius);
  FloatArray out({in.shape(0)});
  std::ostringstream notes;
  const cli::AppliedRun run = unlocked(
      [&] { return cli::Conv1dCli::run_apply(p, bug, filter, c.o.backend, in.data(), out.mutable_data(), notes); });
  return {out, run, notes.str()};
}

constexpr int kMaxSteps = 100000;

// `steps` stencil steps, one after another (each the CLI's apply of the last one's output).
Applied apply_stencil3d(const Call& c, const py::object& x, int steps) {
  Stencil3dParams p = cli::params_of<cli::Stencil3dCli>(c.o);
  const std::optional<Break> bug = cli::break_of(c.o, p);
  if (steps < 1 || steps > kMaxSteps) throw InvalidInput("steps must be within 1.." + std::to_string(kMaxSteps));
  const FloatArray in = float_array(x, "x", 3, "stencil3d needs a 3-D volume of shape (D, H, W)");
  p.depth = int(in.shape(0)), p.height = int(in.shape(1)), p.width = int(in.shape(2));
  const StencilCoeffs coeffs = c.weights
                                   ? cli::Stencil3dCli::coeffs_from_array("weights", weights_array(c.weights), p.order)
                                   : cli::Stencil3dCli::load_coeffs(c.o.filter, p.order);
  FloatArray out({in.shape(0), in.shape(1), in.shape(2)});
  std::ostringstream notes;
  const cli::AppliedRun run = unlocked([&] {
    cli::AppliedRun r = cli::Stencil3dCli::run_apply(p, bug, coeffs, c.o.backend, in.data(), out.mutable_data(), notes);
    if (steps > 1) {
      std::vector<float> from(out.data(), out.data() + out.size());
      for (int k = 1; k < steps; ++k) {
        const cli::AppliedRun next =
            cli::Stencil3dCli::run_apply(p, bug, coeffs, c.o.backend, from.data(), out.mutable_data(), notes);
        r.ms += next.ms;
        r.backend = next.backend;
        if (k + 1 < steps) std::copy(out.data(), out.data() + out.size(), from.begin());
      }
    }
    return r;
  });
  return {out, run, notes.str()};
}

Applied apply_matmul(const Call& c, const py::object& x, const py::object& y) {
  if (c.weights || !c.o.filter.empty()) throw InvalidInput(cli::MatmulCli::kNoFilter);
  MatmulParams p = cli::params_of<cli::MatmulCli>(c.o);
  const std::optional<Break> bug = cli::break_of(c.o, p);
  if (y.is_none()) throw InvalidInput("matmul multiplies two matrices: give the second as y");
  const FloatArray M = float_array(x, "x", 2, "a matrix must be a 2-D array");
  const FloatArray N = float_array(y, "y", 2, "a matrix must be a 2-D array");
  if (M.shape(1) != N.shape(0))
    throw InvalidInput("cannot multiply a " + std::to_string(M.shape(0)) + "x" + std::to_string(M.shape(1)) +
                       " matrix by a " + std::to_string(N.shape(0)) + "x" + std::to_string(N.shape(1)) +
                       " one: the columns of x must equal the rows of y");
  p.rows = int(M.shape(0)), p.inner = int(M.shape(1)), p.cols = int(N.shape(1));
  FloatArray P({M.shape(0), N.shape(1)});
  std::ostringstream notes;
  const cli::AppliedRun run = unlocked(
      [&] { return cli::MatmulCli::run_apply(p, bug, c.o.backend, M.data(), N.data(), P.mutable_data(), notes); });
  return {P, run, notes.str()};
}

py::tuple apply(const py::object& x, const py::object& y, const std::string& pattern,
                const std::optional<std::string>& strategy, std::optional<int> radius, std::optional<int> tile,
                const py::object& weights, const std::string& backend, int steps,
                const std::optional<std::string>& bug) {
  cli::pattern_commands(pattern);  // an unknown pattern, named with the available ones
  const Call c = call_of(pattern, strategy, radius, tile, weights, backend, bug);
  if (pattern != "matmul" && !y.is_none())
    throw InvalidInput(pattern + " takes one input: y is the second matrix of matmul");
  if (pattern != "stencil3d" && steps != 1)
    throw InvalidInput("steps are stencil3d's (one stencil step after another); " + pattern + " runs once");
  Applied a = pattern == "conv2d"      ? apply_conv2d(c, x)
              : pattern == "conv1d"    ? apply_conv1d(c, x)
              : pattern == "stencil3d" ? apply_stencil3d(c, x, steps)
                                       : apply_matmul(c, x, y);
  return py::make_tuple(a.out, a.run.ms, a.run.backend, a.note);
}

template <class C>
std::vector<std::string> names_of() {
  std::vector<std::string> names;
  for (const typename C::StrategyInfo& info : C::strategies()) names.emplace_back(info.name);
  return names;
}

// The pattern's strategies, in its table's order (the command line's --strategy names).
std::vector<std::string> strategies(const std::string& pattern) {
  cli::pattern_commands(pattern);  // an unknown pattern, named with the available ones
  return pattern == "conv2d"      ? names_of<cli::Conv2dCli>()
         : pattern == "conv1d"    ? names_of<cli::Conv1dCli>()
         : pattern == "stencil3d" ? names_of<cli::Stencil3dCli>()
                                  : names_of<cli::MatmulCli>();
}

// `model --json`'s object, as text (json.loads makes the dict).
std::string model(const std::string& pattern, const std::optional<std::string>& strategy, std::optional<int> radius,
                  std::optional<int> tile, const std::string& size, std::optional<int> slices, bool measure) {
  cli::PatternOptions o;
  o.pattern = pattern;
  o.strategy = strategy.value_or("");
  o.radius = radius;
  o.tile = tile;
  o.size = size;
  o.slices = slices;
  o.measure = measure;
  const cli::PatternCommands& commands = cli::pattern_commands(pattern);
  return unlocked([&] { return commands.model_json(o).dump(); });
}

// `check`: prints its table on stdout; the exit code (0: every row passed).
int check(const std::string& pattern, const std::string& backend) {
  const int rc = unlocked([&] { return cli::check_patterns(pattern, backend); });
  std::fflush(stdout);
  return rc;
}

// `bench --json json_path`: prints its table on stdout and writes the rows; false where a row's
// output was wrong (the command's exit code 1).
bool bench(const std::string& pattern, const std::string& strategy, const std::string& size, const std::string& radii,
           const std::string& filter, const std::string& backend, int reps, bool peers, bool counters,
           const std::string& json_path) {
  cli::PatternOptions o;
  o.pattern = pattern;
  o.strategy = strategy;
  o.size = size;
  o.filter = filter;
  o.backend = backend;
  cli::BenchSettings s;
  s.radii = radii;
  s.reps = reps;
  s.json = json_path;
  s.peers = peers;
  s.counters = counters;
  cli::validate_reps(s.reps);
  const cli::PatternCommands& commands = cli::pattern_commands(pattern);
  bool correct = true;
  unlocked([&] {
    try {
      commands.bench(o, s);
    } catch (const CLI::RuntimeError&) {  // a wrong row: the rows are written, the command exits 1
      correct = false;
    }
  });
  std::fflush(stdout);
  return correct;
}

// `shot`'s options as the command line spells them (no --out): the window's pixels, RGBA rows top-down.
py::array shot(std::vector<std::string> args) {
#ifdef TILESCOPE_HAVE_GUI
  CLI::App cmd{"tilescope shot (the Python module's)"};
  cli::ShotCli o;
  cli::add_shot_options(&cmd, o);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  cmd.parse(args);
  UiState state = cli::shot_state(o, cmd);
  const std::vector<unsigned char> rgba = unlocked([&] { return shot_pixels(std::move(state), o.shot); });
  py::array_t<std::uint8_t> pixels({o.shot.height, o.shot.width, 4});
  std::copy(rgba.begin(), rgba.end(), pixels.mutable_data());
  return pixels;
#else
  (void)args;
  throw std::runtime_error("tilescope.shot needs the app's renderer, and this build has none (TILESCOPE_GUI=OFF)");
#endif
}

// An (h, w, 3 or 4) uint8 picture as PNG bytes (Jupyter's _repr_png_).
py::bytes png(const py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>& image) {
  if (image.ndim() != 3 || (image.shape(2) != 3 && image.shape(2) != 4) || image.shape(0) < 1 || image.shape(1) < 1)
    throw InvalidInput("a picture is an array of shape (height, width, 3 or 4)");
  std::string bytes;
  const auto append = [](void* to, void* data, int n) {
    static_cast<std::string*>(to)->append(static_cast<char*>(data), n);
  };
  const int w = int(image.shape(1)), h = int(image.shape(0)), n = int(image.shape(2));
  if (!stbi_write_png_to_func(append, &bytes, w, h, n, image.data(), w * n))
    throw std::runtime_error("PNG encoding failed");
  return py::bytes(bytes);
}

}  // namespace
}  // namespace tilescope::python

PYBIND11_MODULE(_tilescope, m) {
  using namespace tilescope;
  namespace tp = tilescope::python;
  m.doc() = "tilescope's engines, models and pictures (the pybind11 layer under `import tilescope`)";
  static py::exception<BackendError> backend_error(m, "BackendError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InvalidInput& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const CLI::ParseError& e) {  // shot's options
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const BackendError& e) {
      backend_error(e.what());
    }
  });
  m.def("apply", &tp::apply, py::arg("x"), py::arg("y"), py::arg("pattern"), py::arg("strategy"), py::arg("radius"),
        py::arg("tile"), py::arg("weights"), py::arg("backend"), py::arg("steps"), py::arg("bug"));
  m.def("model", &tp::model, py::arg("pattern"), py::arg("strategy"), py::arg("radius"), py::arg("tile"),
        py::arg("size"), py::arg("slices"), py::arg("measure"));
  m.def("check", &tp::check, py::arg("pattern"), py::arg("backend"));
  m.def("bench", &tp::bench, py::arg("pattern"), py::arg("strategy"), py::arg("size"), py::arg("radii"),
        py::arg("filter"), py::arg("backend"), py::arg("reps"), py::arg("peers"), py::arg("counters"),
        py::arg("json_path"));
  m.def("shot", &tp::shot, py::arg("args"));
  m.def("png", &tp::png, py::arg("image"));
  m.def("strategies", &tp::strategies, py::arg("pattern"));
  m.def("patterns", [] { return std::string(cli::pattern_names()); });
  m.attr("has_cuda") = cuda_compiled();
#ifdef TILESCOPE_HAVE_GUI
  m.attr("has_gui") = true;
#else
  m.attr("has_gui") = false;
#endif
}
