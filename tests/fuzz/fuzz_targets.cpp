#include "tests/fuzz/fuzz_targets.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "app/conv1d/cli.hpp"
#include "app/conv2d/cli.hpp"
#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "app/shell/settings.hpp"
#include "app/shell/state_json.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::fuzz {
namespace {

std::string text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// One scratch file per process for the loaders that take a path; removed at exit.
struct Scratch {
  std::string dir, file;
  Scratch() {
    const char* tmp = std::getenv("TMPDIR");
    dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/tilescope_fuzz_XXXXXX";
    if (!::mkdtemp(dir.data())) std::abort();
    file = dir + "/filter.npy";
  }
  ~Scratch() {
    ::unlink(file.c_str());
    ::rmdir(dir.c_str());
  }
};
const std::string& scratch_npy() {
  static const Scratch scratch;
  return scratch.file;
}

}  // namespace

void npy(const std::uint8_t* data, std::size_t size) {
  try {
    const io::NpyArray a = io::parse_npy("fuzz.npy", data, size);
    long long count = 1;
    for (long long d : a.shape) count *= d;
    if (std::size_t(count) != a.data.size()) std::abort();  // the shape must describe the data
  } catch (const InvalidInput&) {
  }
}

void image(const std::uint8_t* data, std::size_t size) {
  try {
    const Image img = io::decode_image("fuzz.img", text(data, size));
    if (img.width < 1 || img.height < 1 || img.pixels.size() != std::size_t(img.width) * img.height) std::abort();
  } catch (const InvalidInput&) {
  }
}

// Byte 0 picks the loader (bit 0-1: conv2d, conv1d, stencil3d) and whether the rest is a filter
// name (bit 2) or the bytes of a .npy file; byte 1 the radius/order (0..11, out of range included).
void filter(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return;
  const int which = data[0] & 3, radius = data[1] % 12;
  const bool named = data[0] & 4;
  std::string spec = text(data + 2, size - 2);
  if (named) {
    if (io::has_extension(spec, ".npy") || spec.size() > 64) return;  // a name, never a path
  } else {
    std::FILE* f = std::fopen(scratch_npy().c_str(), "wb");
    if (!f) std::abort();
    std::fwrite(spec.data(), 1, spec.size(), f);
    std::fclose(f);
    spec = scratch_npy();
  }
  try {
    switch (which) {
      case 0: {
        const Filter2d f = cli::Conv2dCli::load_filter(spec, radius);
        if (f.weights.size() != std::size_t(f.dim()) * f.dim()) std::abort();
        break;
      }
      case 1: {
        const Filter1d f = cli::Conv1dCli::load_filter(spec, radius);
        if (f.weights.size() != std::size_t(2 * f.radius + 1)) std::abort();
        break;
      }
      default: cli::Stencil3dCli::load_coeffs(spec, radius); break;
    }
  } catch (const InvalidInput&) {
  }
}

void settings(const std::uint8_t* data, std::size_t size) {
  const std::string t = text(data, size);
  UiState s;
  load_settings_text(s, t, "settings.json");
  const UiState defaults;
  if (s.ui<Conv2dUi>().params.filter_radius < 1 || s.ui<Conv2dUi>().params.filter_radius > kMaxConv2dRadius ||
      s.ui<Conv2dUi>().demo_size < 64 || s.ui<Conv2dUi>().demo_size > 8192)
    std::abort();
  (void)defaults;
  (void)imgui_ini_problem(t);
}

// A scene reads field by field; what it reads saves and reads back to the same scene.
void scene(const std::uint8_t* data, std::size_t size) {
  UiState s;
  try {
    read_state_text(s, text(data, size), "scene.json", StateFile::scene);
  } catch (const InvalidInput&) {
    return;
  }
  const nlohmann::json saved = state_json(s, StateFile::scene);
  UiState again;
  read_state_text(again, saved.dump(), "saved.json", StateFile::scene);
  if (state_json(again, StateFile::scene) != saved || s.caption.size() > 1000) std::abort();
}

}  // namespace tilescope::fuzz
