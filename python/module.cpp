// _tilescope: the pybind11 layer under `import tilescope` (python/tilescope/__init__.py). It has no
// logic of its own: every call fills the command line's options and calls the command line's own
// functions (app/cli, app/commands, app/<pattern>/cli_*.cpp), which call the same engines, models and
// renderer. This file: the module, model, check, bench, shot; apply.cpp (over arrays.cpp) and
// exercises.cpp add theirs. The GIL is released while anything runs, one call at a time (module.hpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/cli/options.hpp"
#include "app/cli/patterns.hpp"
#include "app/conv1d/cli.hpp"
#include "app/conv2d/cli.hpp"
#include "app/matmul/cli.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "python/module.hpp"
#ifdef TILESCOPE_HAVE_GUI
#include "app/commands/shot.hpp"
#endif

namespace py = pybind11;

namespace tilescope::python {
namespace {

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
  tp::add_apply(m);
  tp::add_exercises(m);
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
