#include "app/ui/settings.hpp"

#include <sys/stat.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "app/io/atomic_file.hpp"
#include "app/io/regular_file.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {
namespace {

constexpr std::uint64_t kMaxConfigBytes = 1 << 20;

// One field of settings.json: a value of the wrong type or out of range is skipped with one line
// on stderr and the default stays; the file is rewritten whole on exit.
struct Fields {
  const nlohmann::json& j;
  const std::string& path;

  const nlohmann::json* get(const char* key) const {
    const auto it = j.find(key);
    return it == j.end() ? nullptr : &*it;
  }
  void warn(const char* key, const std::string& expect) const {
    std::cerr << "tilescope: " << path << ": ignoring '" << key << "' (expected " << expect << "); using the default\n";
  }
  void integer(const char* key, int lo, int hi, int& out) const {
    const nlohmann::json* v = get(key);
    if (!v) return;
    if (v->is_number_integer()) {
      const bool fits = !v->is_number_unsigned() || v->get<std::uint64_t>() <= std::uint64_t(hi);
      const long long x = fits ? v->get<std::int64_t>() : 0;
      if (fits && x >= lo && x <= hi) {
        out = int(x);
        return;
      }
    }
    warn(key, "a whole number in " + std::to_string(lo) + ".." + std::to_string(hi));
  }
  void boolean(const char* key, bool& out) const {
    const nlohmann::json* v = get(key);
    if (!v) return;
    if (v->is_boolean())
      out = v->get<bool>();
    else
      warn(key, "true or false");
  }
  // A string that `accept` takes; `expect` says what would have been.
  template <typename Accept>
  void text(const char* key, const std::string& expect, Accept accept) const {
    const nlohmann::json* v = get(key);
    if (!v) return;
    if (!v->is_string() || v->get_ref<const std::string&>().size() > 256 || !accept(v->get<std::string>()))
      warn(key, expect);
  }
};

}  // namespace

std::string config_dir() {
  std::filesystem::path dir;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    dir = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    dir = std::filesystem::path(home) / ".config";
  else
    return "";
  dir /= "tilescope";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return ec ? "" : dir.string();
}

void load_settings_text(UiState& s, const std::string& text, const std::string& name) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    std::cerr << "tilescope: " << name << " is not a JSON object; using the defaults (it is rewritten on exit)\n";
    return;
  }
  const Fields f{j, name};
  f.text("pattern", "conv2d, stencil3d, conv1d or matmul", [&](const std::string& v) {
    for (int i = 0; i < kPatternCount; ++i)
      if (v == pattern_id(Pattern(i))) return s.pattern = Pattern(i), true;
    return false;
  });
  f.text("strategy", std::string("a conv2d strategy: ") + strategy_names<Conv2dStrategy>(), [&](const std::string& v) {
    const auto st = parse_strategy<Conv2dStrategy>(v);
    if (st) s.conv2d.params.strategy = *st;
    return bool(st);
  });
  f.integer("radius", 1, kMaxConv2dRadius, s.conv2d.params.filter_radius);
  f.integer("tile", 1, s.conv2d.params.strategy == Conv2dStrategy::sliding ? kMaxSlidingStrip : 32,
            s.conv2d.params.tile);
  f.text("filter", std::string("a named filter: ") + named_filter_help(), [&](const std::string& v) {
    try {
      make_named_filter(v, 1);
    } catch (const InvalidInput&) {
      return false;
    }
    return s.conv2d.filter = v, true;
  });
  f.text("backend", "auto, cuda or cpu", [&](const std::string& v) {
    if (v != "auto" && v != "cuda" && v != "cpu") return false;
    return s.backend = v, true;
  });
  int view = int(s.view), scene = int(s.demo_scene);
  f.integer("view", 0, 3, view);
  s.view = ViewMode(view);
  f.integer("demo_size", 64, 8192, s.demo_size);
  f.integer("demo_scene", 0, kDemoSceneCount - 1, scene);
  s.demo_scene = DemoScene(scene);
  f.boolean("presentation", s.presentation);
  f.boolean("overlay_tile_grid", s.overlays.tile_grid);
  f.boolean("overlay_block", s.overlays.block);
  f.boolean("overlay_taps", s.overlays.receptive_field);
  f.boolean("overlay_thread_ids", s.overlays.thread_ids);
  f.boolean("overlay_legend", s.overlays.legend);
  f.boolean("overlay_hud", s.overlays.hud);
  clamp_params(s);
}

void load_settings(UiState& s, const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return;  // no file yet: the defaults
  std::string text;
  try {
    text = io::read_whole_file(path, kMaxConfigBytes, "a settings file");
  } catch (const InvalidInput& e) {
    std::cerr << "tilescope: " << e.what() << "; using the defaults\n";
    return;
  }
  load_settings_text(s, text, path);
}

void save_settings(const UiState& s, const std::string& path) {
  const nlohmann::json j = {{"pattern", pattern_id(s.pattern)},
                            {"strategy", strategy_info(s.conv2d.params.strategy).name},
                            {"radius", s.conv2d.params.filter_radius},
                            {"tile", s.conv2d.params.tile},
                            {"filter", s.conv2d.filter},
                            {"backend", s.backend},
                            {"view", int(s.view)},
                            {"demo_size", s.demo_size},
                            {"demo_scene", int(s.demo_scene)},
                            {"presentation", s.presentation},
                            {"overlay_tile_grid", s.overlays.tile_grid},
                            {"overlay_block", s.overlays.block},
                            {"overlay_taps", s.overlays.receptive_field},
                            {"overlay_thread_ids", s.overlays.thread_ids},
                            {"overlay_legend", s.overlays.legend},
                            {"overlay_hud", s.overlays.hud}};
  const std::string text = j.dump(2) + "\n";
  io::write_atomically(path,
                       [&](std::FILE* out) { return std::fwrite(text.data(), 1, text.size(), out) == text.size(); });
}

std::string imgui_ini_problem(const std::string& text) {
  if (text.find('\0') != std::string::npos) return "a NUL byte";
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    const std::string at = " on line " + std::to_string(line_no);
    if (line.size() > 4096) return "a line of more than 4096 characters" + at;
    // [Table][0xID,COLUMNS]: ImGui 1.86 allocates COLUMNS settings and trusts the count.
    if (line.rfind("[Table][", 0) == 0) {
      unsigned id = 0;
      int columns = -1, used = 0;
      if (std::sscanf(line.c_str() + 8, "0x%08X,%d]%n", &id, &columns, &used) != 2 || used == 0)
        return "a malformed [Table] header" + at;
      if (columns < 1 || columns > 64) return "a table of " + std::to_string(columns) + " columns" + at;
    }
    // Window and column geometry: plain integers of a sane size.
    for (const char* key : {"Pos=", "Size=", "Column "}) {
      if (line.rfind(key, 0) != 0) continue;
      for (std::size_t k = std::strlen(key), run = 0; k < line.size(); ++k) {
        run = std::isdigit(static_cast<unsigned char>(line[k])) ? run + 1 : 0;
        if (run > 6) return "a number too large" + at;
      }
    }
  }
  return "";
}

bool sanitize_imgui_ini(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return true;  // none yet
  std::string problem;
  if (!S_ISREG(st.st_mode)) {
    problem = "it is not a regular file";
  } else {
    try {
      problem = imgui_ini_problem(io::read_whole_file(path, kMaxConfigBytes, "imgui.ini"));
    } catch (const InvalidInput& e) {
      problem = e.what();
    }
  }
  if (problem.empty()) return true;
  const std::string aside = path + ".broken";
  if (std::rename(path.c_str(), aside.c_str()) == 0) {
    std::cerr << "tilescope: " << path << " is broken (" << problem << "); moved it to " << aside
              << " and started with the default layout\n";
    return true;
  }
  std::cerr << "tilescope: " << path << " is broken (" << problem << ") and cannot be moved aside ("
            << std::strerror(errno) << "); the layout is not loaded or saved this run\n";
  return false;
}

}  // namespace tilescope
